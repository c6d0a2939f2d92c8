import { sql, type Selectable } from 'kysely';
import { certificateStatus, type Certificate } from '@bo/shared/schemas/staff';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { StaffCertificatesTable } from '../../db/tables/staff.ts';
import { notFound } from '../../lib/errors.ts';
import { eventLoopPacer } from '../../lib/event-loop.ts';
import { owningOrganization, whereInScope, type Scope } from '../../lib/context/scope.ts';
import { isCurrentCertificate, supersededFlag } from './current-certificates.repository.ts';

export type StaffCertificateRow = Selectable<StaffCertificatesTable>;

/** Read in chunks of this many staff, with a turn of the event loop once a slice is used up (lib/event-loop.ts). */
const CHUNK = 500;
const now = () => new Date().toISOString();

export type CertificateRow = Pick<
  Selectable<StaffCertificatesTable>,
  'id' | 'staff_id' | 'certificate_type_id' | 'number' | 'issued_at' | 'expires_at' | 'file_key' | 'file_name' | 'file_type'
> & { certificate_type_name: string /** A later certificate of its type decides instead (isCurrentCertificate). */; superseded: boolean };

/** The certificates of these staff (rows already in reach), with their type names and whether each is superseded. */
export async function certificatesOf(db: ReadDb, staffIds: readonly number[]): Promise<CertificateRow[]> {
  const out: CertificateRow[] = [];
  const pace = eventLoopPacer();
  for (let i = 0; i < staffIds.length; i += CHUNK) {
    await pace();
    const rows = await db
      .selectFrom('staff_certificates as c')
      .innerJoin('certificate_types as t', 't.id', 'c.certificate_type_id')
      .select([
        'c.id',
        'c.staff_id',
        'c.certificate_type_id',
        't.name as certificate_type_name',
        'c.number',
        'c.issued_at',
        'c.expires_at',
        'c.file_key',
        'c.file_name',
        'c.file_type',
        supersededFlag('c').as('superseded'),
      ])
      .where('c.staff_id', 'in', staffIds.slice(i, i + CHUNK))
      .orderBy('c.staff_id')
      .orderBy('c.id')
      .execute();
    for (const r of rows) out.push({ ...r, superseded: Number(r.superseded) === 1 });
  }
  return out;
}

export function toCertificate(c: CertificateRow, today: string, days = 30): Certificate {
  return {
    id: c.id,
    staff_id: c.staff_id,
    certificate_type_id: c.certificate_type_id,
    certificate_type_name: c.certificate_type_name,
    number: c.number,
    issued_at: c.issued_at,
    expires_at: c.expires_at,
    status: certificateStatus(c.expires_at, today, days),
    superseded: c.superseded,
    has_file: !!c.file_key,
    file_name: c.file_name,
    file_type: c.file_type,
  };
}

// Certificates of a staff: the scope is checked through the staff row they belong to.

/** The certificate rows of one staff in the scope. */
export const certificateRowsOf = (db: ReadDb, scope: Scope, staffId: number) =>
  whereInScope(db.selectFrom('staff_certificates').selectAll().where('staff_id', '=', staffId), 'organization_id', scope)
    .orderBy('id')
    .execute();

/** The certificate rows of these staff (rows already in reach), with their stored files. */
export const certificateRowsOfStaff = (db: ReadDb, scope: Scope, staffIds: readonly number[]) =>
  staffIds.length
    ? whereInScope(
        db
          .selectFrom('staff_certificates')
          .selectAll()
          .where('staff_id', 'in', [...staffIds]),
        'organization_id',
        scope,
      ).execute()
    : Promise.resolve([]);

/** One certificate of a staff in the scope, or 404. */
export async function findCertificateOr404(db: ReadDb, scope: Scope, staffId: number, certificateId: number): Promise<StaffCertificateRow> {
  const row = await whereInScope(
    db.selectFrom('staff_certificates').selectAll().where('id', '=', certificateId).where('staff_id', '=', staffId),
    'organization_id',
    scope,
  ).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

type CertificateValues = Pick<StaffCertificateRow, 'certificate_type_id' | 'number' | 'issued_at' | 'expires_at'>;
type CertificateFile = Pick<StaffCertificateRow, 'file_key' | 'file_name' | 'file_type' | 'file_size'>;

export async function insertCertificate(db: Trx, scope: Scope, staffId: number, values: CertificateValues): Promise<void> {
  const t = now();
  await db
    .insertInto('staff_certificates')
    .values({
      ...values,
      organization_id: owningOrganization(scope)!,
      staff_id: staffId,
      file_key: null,
      file_name: null,
      file_type: null,
      file_size: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
}

/** A deleted certificate put back under its own id (a restore from the staff's history); its values follow as an update. */
export async function reviveCertificate(db: Trx, scope: Scope, staffId: number, id: number, certificateTypeId: number): Promise<void> {
  const t = now();
  await db
    .insertInto('staff_certificates')
    .values({
      id,
      organization_id: owningOrganization(scope)!,
      staff_id: staffId,
      certificate_type_id: certificateTypeId,
      number: null,
      issued_at: null,
      expires_at: null,
      file_key: null,
      file_name: null,
      file_type: null,
      file_size: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
}

export async function updateCertificate(
  db: Trx,
  scope: Scope,
  staffId: number,
  id: number,
  values: Partial<CertificateValues & CertificateFile>,
): Promise<void> {
  await whereInScope(
    db
      .updateTable('staff_certificates')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .where('staff_id', '=', staffId),
    'organization_id',
    scope,
  ).execute();
}

export async function deleteCertificates(db: Trx, scope: Scope, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await whereInScope(db.deleteFrom('staff_certificates').where('id', 'in', [...ids]), 'organization_id', scope).execute();
}

export async function deleteCertificatesOfStaff(db: Trx, scope: Scope, staffIds: readonly number[]): Promise<void> {
  if (!staffIds.length) return;
  await whereInScope(db.deleteFrom('staff_certificates').where('staff_id', 'in', [...staffIds]), 'organization_id', scope).execute();
}

/** Current certificates needing attention (expired or lapsing by `limit`) of the scope's active staff: counts and the earliest rows. */
export async function certificatesNeedingAttention(db: ReadDb, scope: Scope, today: string, limit: string, maxRows: number) {
  const attention = whereInScope(
    db.selectFrom('staff_certificates as c').innerJoin('staff as s', 's.id', 'c.staff_id'),
    'c.organization_id',
    scope,
  )
    .where('s.status', '=', 'active')
    .where(isCurrentCertificate('c'))
    .where('c.expires_at', 'is not', null)
    .where('c.expires_at', '<=', limit);
  const [counts, rows] = await Promise.all([
    attention
      .select([
        sql<number>`count(case when c.expires_at < ${today} then 1 end)`.as('expired'),
        sql<number>`count(*)`.as('total'),
        sql<number>`count(distinct c.staff_id)`.as('staff'),
      ])
      .executeTakeFirstOrThrow(),
    attention
      .innerJoin('certificate_types as t', 't.id', 'c.certificate_type_id')
      .select([
        'c.id',
        'c.staff_id',
        's.name as staff_name',
        's.nickname',
        'c.certificate_type_id',
        't.name as certificate_type_name',
        'c.number',
        'c.expires_at',
      ])
      .orderBy('c.expires_at')
      .orderBy('c.id')
      .limit(maxRows)
      .execute(),
  ]);
  return { expired: Number(counts.expired), total: Number(counts.total), staff: Number(counts.staff), rows };
}
