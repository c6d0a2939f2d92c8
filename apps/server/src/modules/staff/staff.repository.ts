import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { certificateStatus, maskNationalId, staffDisplayName, worstCertificateStatus, type Certificate, type CertificateStatus, type Staff, type StaffListItem } from '@bo/shared/schemas/staff';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import type { DB } from '../../db/schema.ts';
import type { DbOrTrx } from '../../db/database.ts';
import { likePattern, paginate, type ListParams } from '../../lib/list.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { StaffTable } from './staff.tables.ts';

export type StaffRow = Selectable<StaffTable>;
type Eb = ExpressionBuilder<DB & { s: DB['staff'] }, 's'>;

export interface StaffFilter {
  keyword?: string;
  status?: string;
  certificate_status?: 'expired' | 'expiring' | 'attention' | 'valid';
  days?: number;
}

const STAFF_COLUMNS = [
  's.id', 's.organization_id', 's.name', 's.nickname', 's.national_id', 's.birthday', 's.gender', 's.mobile', 's.email',
  's.address', 's.emergency_contact', 's.emergency_phone', 's.blood_type', 's.job_title', 's.hire_date', 's.notes',
  's.status', 's.photo_key', 's.photo_id', 's.created_at', 's.updated_at',
] as const;

const certsOf = (eb: Eb) => eb.selectFrom('staff_certificates as c').whereRef('c.staff_id', '=', 's.id');

/** Filters shared by the list and by "export every staff matching a filter". */
export function applyStaffFilter<Q extends { where: any }>(qb: Q, f: StaffFilter, today = todayInTaipei()): Q {
  let q: any = qb;
  const limit = addDays(today, f.days ?? 30);
  if (f.keyword) {
    const p = likePattern(f.keyword);
    q = q.where((eb: Eb) => eb.or([
      sql<boolean>`s.name like ${p} escape '\\'`, sql<boolean>`s.nickname like ${p} escape '\\'`,
      sql<boolean>`s.job_title like ${p} escape '\\'`, sql<boolean>`s.mobile like ${p} escape '\\'`,
      sql<boolean>`s.national_id like ${p} escape '\\'`,
    ]));
  }
  if (f.status) q = q.where('s.status', '=', f.status);
  // Certificates need attention for active staff only (the expiry check counts the same staff).
  if (f.certificate_status) q = q.where('s.status', '=', 'active');
  switch (f.certificate_status) {
    case 'expired':
      q = q.where((eb: Eb) => eb.exists(certsOf(eb).select('c.id').where('c.expires_at', '<', today)));
      break;
    case 'expiring':
      q = q.where((eb: Eb) => eb.and([
        eb.exists(certsOf(eb).select('c.id').where('c.expires_at', '>=', today).where('c.expires_at', '<=', limit)),
        eb.not(eb.exists(certsOf(eb).select('c.id').where('c.expires_at', '<', today))),
      ]));
      break;
    case 'attention':
      q = q.where((eb: Eb) => eb.exists(certsOf(eb).select('c.id').where('c.expires_at', '<=', limit)));
      break;
    case 'valid':
      q = q.where((eb: Eb) => eb.not(eb.exists(certsOf(eb).select('c.id').where('c.expires_at', '<=', limit))));
      break;
  }
  return q;
}

/** A list row: counts from the subqueries of `listStaff` decide the certificate status. */
function listItem(row: any): StaffListItem {
  const expired = Number(row.expired_count);
  const expiring = Number(row.expiring_count);
  const valid = Number(row.valid_count);
  const status: CertificateStatus = expired ? 'expired' : expiring ? 'expiring' : valid ? 'valid' : 'none';
  const { photo_key: _photoKey, valid_count: _valid, ...rest } = row;
  return {
    ...rest,
    display_name: staffDisplayName(row),
    national_id: maskNationalId(row.national_id),
    has_photo: !!(_photoKey || row.photo_id),
    certificate_status: status,
    expired_count: expired,
    expiring_count: expiring,
    certificate_count: Number(row.certificate_count),
  };
}

/** One page of staff; `organizationId` null only for the super admins' cross-organization list. */
export async function listStaff(db: DbOrTrx, organizationId: number | null, q: ListParams & StaffFilter) {
  const today = todayInTaipei();
  const days = q.days ?? 30;
  const limit = addDays(today, days);
  let qb = db.selectFrom('staff as s').select(STAFF_COLUMNS).select((eb) => [
    certsOf(eb as Eb).select(sql<number>`count(*)`.as('n')).where('c.expires_at', '<', today).as('expired_count'),
    certsOf(eb as Eb).select(sql<number>`count(*)`.as('n')).where('c.expires_at', '>=', today).where('c.expires_at', '<=', limit).as('expiring_count'),
    certsOf(eb as Eb).select(sql<number>`count(*)`.as('n')).where('c.expires_at', '>', limit).as('valid_count'),
    certsOf(eb as Eb).select(sql<number>`count(*)`.as('n')).as('certificate_count'),
  ]);
  if (organizationId !== null) qb = qb.where('s.organization_id', '=', organizationId);
  qb = applyStaffFilter(qb, q, today);
  const page = await paginate(qb, q, {
    sortColumns: { id: 's.id', name: 's.name', hire_date: 's.hire_date', created_at: 's.created_at', updated_at: 's.updated_at' },
    idColumn: 's.id',
  });
  return { data: page.data.map(listItem), meta: page.meta };
}

/** Every organization with its staff count, for those who read staff across organizations (ROLES.staffAcrossOrganizations). */
export async function listStaffOrganizations(db: DbOrTrx) {
  const rows = await db.selectFrom('organizations as o')
    .select(['o.id', 'o.name', 'o.company_id', 'o.status'])
    .select((eb) => eb.selectFrom('staff as s').select(sql<number>`count(*)`.as('n')).whereRef('s.organization_id', '=', 'o.id').as('staff_count'))
    .orderBy('o.name').orderBy('o.id').execute();
  return rows.map((r) => ({ ...r, staff_count: Number(r.staff_count ?? 0) }));
}

/** Every staff id of the organization matching a filter (export of "all matching"). */
export async function staffIdsMatching(db: DbOrTrx, organizationId: number, f: StaffFilter, max: number): Promise<number[]> {
  const rows = await applyStaffFilter(db.selectFrom('staff as s').select('s.id').where('s.organization_id', '=', organizationId), f)
    .orderBy('s.id').limit(max).execute();
  return rows.map((r) => r.id);
}

export async function findStaffRow(db: DbOrTrx, organizationId: number | null, id: number): Promise<StaffRow> {
  let q = db.selectFrom('staff as s').select(STAFF_COLUMNS).where('s.id', '=', id);
  if (organizationId !== null) q = q.where('s.organization_id', '=', organizationId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export interface CertificateRow {
  id: number;
  staff_id: number;
  certificate_type_id: number;
  certificate_type_name: string;
  number: string | null;
  issued_at: string | null;
  expires_at: string | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
}

/** SQLite answers synchronously: big reads go in chunks with a turn of the event loop between them. */
const CHUNK = 500;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function certificatesOf(db: DbOrTrx, organizationId: number, staffIds: number[]): Promise<CertificateRow[]> {
  if (!staffIds.length) return [];
  const out: CertificateRow[] = [];
  for (let i = 0; i < staffIds.length; i += CHUNK) {
    if (i) await yieldToEventLoop();
    out.push(...await db.selectFrom('staff_certificates as c').innerJoin('certificate_types as t', 't.id', 'c.certificate_type_id')
      .select(['c.id', 'c.staff_id', 'c.certificate_type_id', 't.name as certificate_type_name', 'c.number', 'c.issued_at', 'c.expires_at',
        'c.file_key', 'c.file_name', 'c.file_type'])
      .where('c.organization_id', '=', organizationId).where('c.staff_id', 'in', staffIds.slice(i, i + CHUNK))
      .orderBy('c.staff_id').orderBy('c.id').execute());
  }
  return out;
}

export function toCertificate(c: CertificateRow, today: string, days = 30): Certificate {
  return {
    id: c.id, staff_id: c.staff_id, certificate_type_id: c.certificate_type_id, certificate_type_name: c.certificate_type_name,
    number: c.number, issued_at: c.issued_at, expires_at: c.expires_at, status: certificateStatus(c.expires_at, today, days),
    has_file: !!c.file_key, file_name: c.file_name, file_type: c.file_type,
  };
}

export function toStaff(row: StaffRow, certs: CertificateRow[]): Staff {
  const today = todayInTaipei();
  const certificates = certs.map((c) => toCertificate(c, today));
  const { photo_key, ...rest } = row;
  return {
    ...rest,
    gender: row.gender as Staff['gender'],
    status: row.status as Staff['status'],
    display_name: staffDisplayName(row),
    has_photo: !!(photo_key || row.photo_id),
    certificate_status: worstCertificateStatus(certificates.map((c) => c.status)),
    certificates,
  };
}

export async function readStaff(db: DbOrTrx, organizationId: number | null, id: number): Promise<Staff> {
  const row = await findStaffRow(db, organizationId, id);
  return toStaff(row, await certificatesOf(db, row.organization_id, [row.id]));
}

/** Rows of the given ids in the organization, in the order asked; any id outside it is 404. */
export async function staffRowsForExport(db: DbOrTrx, organizationId: number, ids: number[]): Promise<StaffRow[]> {
  const unique = [...new Set(ids)];
  const byId = new Map<number, StaffRow>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    if (i) await yieldToEventLoop();
    const rows = await db.selectFrom('staff as s').select(STAFF_COLUMNS)
      .where('s.organization_id', '=', organizationId).where('s.id', 'in', unique.slice(i, i + CHUNK)).execute();
    for (const r of rows) byId.set(r.id, r);
  }
  if (byId.size !== unique.length) throw notFound();
  return unique.map((id) => byId.get(id)!);
}

/** A library photo going away: the staff using it no longer have a photo. Answers who had it. */
export async function unlinkLibraryPhotos(db: DbOrTrx, photoIds: number[]): Promise<{ id: number; organization_id: number; photo_id: number | null }[]> {
  if (!photoIds.length) return [];
  const rows = await db.selectFrom('staff').select(['id', 'organization_id', 'photo_id']).where('photo_id', 'in', photoIds).orderBy('id').execute();
  if (rows.length) {
    await db.updateTable('staff').set({ photo_id: null, updated_at: new Date().toISOString() }).where('photo_id', 'in', photoIds).execute();
  }
  return rows;
}

export async function assertNationalIdFree(db: DbOrTrx, organizationId: number, nationalId: string | null | undefined, exceptId?: number) {
  if (!nationalId) return;
  let q = db.selectFrom('staff').select('id').where('organization_id', '=', organizationId).where('national_id', '=', nationalId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict({ national_id: ['validate.error.already_exists'] });
}
