import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { staffDisplayName, worstCertificateStatus, type CertificateStatus, type Staff, type StaffListItem } from '@bo/shared/schemas/staff';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import type { DB } from '../../db/schema.ts';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { StaffTable } from '../../db/tables/staff.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { eventLoopPacer } from '../../lib/event-loop.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { likePattern, type ListParams, type ListResult } from '../../lib/list.ts';
import { paginate } from '../../db/paginate.ts';
import { owningOrganization, whereInScope, type Scope } from '../../lib/context/scope.ts';
import { certificatesOf, toCertificate, type CertificateRow } from './staff-certificate.repository.ts';
import { isCurrentCertificate } from './current-certificates.repository.ts';
import { plainStaffValues, staffFieldValues, type StaffFieldValues } from './staff-fields.ts';
import type { KeyRing } from '../../lib/personal-data/vault.ts';
import { indexColumns, openedValues, sealedColumns, withoutStoredPersonal } from '../../lib/personal-data/sealed-columns.ts';

export type StaffRow = Selectable<StaffTable>;
type Eb = ExpressionBuilder<DB & { s: DB['staff'] }, 's'>;

export interface StaffFilter {
  keyword?: string;
  /** The keyword's blind index (`keywordIndex`): a full national id matches exactly, its digits never. */
  keyword_national_id_bidx?: string | null;
  status?: string;
  certificate_status?: 'expired' | 'expiring' | 'attention' | 'valid';
  days?: number;
  /** Issue 38: a contractor's workers, or the organization's own staff. */
  contractor_id?: number | 'own';
}

/** SQLite answers synchronously: big reads go in chunks, with a turn of the event loop once a slice is used up (lib/event-loop.ts). */
const CHUNK = 500;
const now = () => new Date().toISOString();

const STAFF_SORT = { id: 's.id', name: 's.name', hire_date: 's.hire_date', created_at: 's.created_at', updated_at: 's.updated_at' };
const KEYWORD_COLUMNS = ['s.name', 's.nickname', 's.job_title', 's.mobile'] as const;

/** The staff's current certificates (a superseded one counts nowhere): the list's counts and filters read these. */
const certsOf = (eb: Eb) => eb.selectFrom('staff_certificates as c').whereRef('c.staff_id', '=', 's.id').where(isCurrentCertificate('c'));

/** Filters shared by the list and by "export every staff matching a filter". */
export function applyStaffFilter<Q extends { where: any }>(qb: Q, f: StaffFilter, today = todayInTaipei()): Q {
  let q: any = qb;
  const limit = addDays(today, f.days ?? 30);
  if (f.keyword) {
    const p = likePattern(f.keyword);
    const bidx = f.keyword_national_id_bidx;
    q = q.where((eb: Eb) =>
      eb.or([
        ...KEYWORD_COLUMNS.map((c) => sql<boolean>`${sql.ref(c)} like ${p} escape '\\'`),
        ...(bidx ? [eb('s.national_id_bidx', '=', bidx)] : []),
      ]),
    );
  }
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.contractor_id === 'own') q = q.where('s.contractor_id', 'is', null);
  else if (f.contractor_id !== undefined) q = q.where('s.contractor_id', '=', f.contractor_id);
  // Certificates need attention for active staff only (the expiry check counts the same staff).
  if (f.certificate_status) q = q.where('s.status', '=', 'active');
  switch (f.certificate_status) {
    case 'expired':
      q = q.where((eb: Eb) => eb.exists(certsOf(eb).select('c.id').where('c.expires_at', '<', today)));
      break;
    case 'expiring':
      q = q.where((eb: Eb) =>
        eb.and([
          eb.exists(certsOf(eb).select('c.id').where('c.expires_at', '>=', today).where('c.expires_at', '<=', limit)),
          eb.not(eb.exists(certsOf(eb).select('c.id').where('c.expires_at', '<', today))),
        ]),
      );
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

export function toStaff(row: StaffRow, certs: CertificateRow[]): Staff {
  const today = todayInTaipei();
  const certificates = certs.map((c) => toCertificate(c, today));
  const { photo_key, ...rest } = withoutStoredPersonal('staff', row);
  return {
    ...rest,
    gender: row.gender as Staff['gender'],
    status: row.status as Staff['status'],
    display_name: staffDisplayName(row),
    has_photo: !!(photo_key || row.photo_id),
    contractor_name: (row as StaffRow & { contractor_name?: string | null }).contractor_name ?? null,
    certificate_status: worstCertificateStatus(certificates.filter((c) => !c.superseded).map((c) => c.status)),
    certificates,
  };
}

/** Staff views (with their certificates) by scope; the rows themselves through `staffRows`. */
export const staff = scopedTable<Staff, StaffRow>({
  table: 'staff',
  alias: 's',
  // Issue 38: the worker's company by name (a contractor of the same organization).
  select: (db) =>
    db
      .selectFrom('staff as s')
      .selectAll('s')
      .select((eb) =>
        eb
          .selectFrom('contractors as co')
          .select('co.name')
          .whereRef('co.id', '=', 's.contractor_id')
          .whereRef('co.organization_id', '=', 's.organization_id')
          .as('contractor_name'),
      ),
  async toView(rows, db) {
    const byStaff = new Map<number, CertificateRow[]>();
    for (const c of await certificatesOf(
      db,
      rows.map((r) => r.id),
    ))
      byStaff.set(c.staff_id, [...(byStaff.get(c.staff_id) ?? []), c]);
    return rows.map((r) => toStaff(r, byStaff.get(r.id) ?? []));
  },
  sortColumns: STAFF_SORT,
  dependent: {
    name: 'staff',
    children: [{ table: 'staff_certificates', storedKeyColumns: ['file_key'] }],
    storedKeyColumns: ['photo_key'],
  },
});

/** Staff table rows as stored (the photo's storage key included), by scope. */
export const staffRows = scopedTable<StaffRow, StaffRow>({
  table: 'staff',
  alias: 's',
  toView: (rows) => rows,
  sortColumns: STAFF_SORT,
});

/** A list row: counts from the subqueries of `listStaff` decide the certificate status. */
function listItem(row: any): StaffListItem {
  const expired = Number(row.expired_count);
  const expiring = Number(row.expiring_count);
  const valid = Number(row.valid_count);
  const status: CertificateStatus = expired ? 'expired' : expiring ? 'expiring' : valid ? 'valid' : 'none';
  const { photo_key: _photoKey, valid_count: _valid, ...rest } = withoutStoredPersonal('staff', row);
  return {
    ...rest,
    display_name: staffDisplayName(row),
    has_photo: !!(_photoKey || row.photo_id),
    certificate_status: status,
    expired_count: expired,
    expiring_count: expiring,
    certificate_count: Number(row.certificate_count),
  };
}

/** One page of staff in the scope (an organization's, or every organization's for readers across them). */
export async function listStaff(db: ReadDb, scope: Scope, q: ListParams & StaffFilter): Promise<ListResult<StaffListItem>> {
  const today = todayInTaipei();
  const limit = addDays(today, q.days ?? 30);
  const count = (eb: Eb) => certsOf(eb).select(sql<number>`count(*)`.as('n'));
  const qb = staff.query(db, scope).select((eb) => [
    count(eb as Eb)
      .where('c.expires_at', '<', today)
      .as('expired_count'),
    count(eb as Eb)
      .where('c.expires_at', '>=', today)
      .where('c.expires_at', '<=', limit)
      .as('expiring_count'),
    count(eb as Eb)
      .where('c.expires_at', '>', limit)
      .as('valid_count'),
    count(eb as Eb).as('certificate_count'),
  ]);
  const page = await paginate(applyStaffFilter(qb, q, today), q, { sortColumns: STAFF_SORT, idColumn: 's.id', idsFirst: true });
  return { data: page.data.map(listItem), meta: page.meta };
}

/** Every organization with its staff count, for those who read staff across organizations (ROLES.staffAcrossOrganizations). */
export async function listStaffOrganizations(db: ReadDb) {
  const rows = await db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name', 'o.company_id', 'o.status'])
    .select((eb) =>
      eb.selectFrom('staff as s').select(sql<number>`count(*)`.as('n')).whereRef('s.organization_id', '=', 'o.id').as('staff_count'),
    )
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({ ...r, staff_count: Number(r.staff_count ?? 0) }));
}

/** Every staff id of the scope matching a filter (export of "all matching"), at most `max`. */
export async function staffIdsMatching(db: ReadDb, scope: Scope, f: StaffFilter, max: number): Promise<number[]> {
  const rows = await applyStaffFilter(whereInScope(db.selectFrom('staff as s').select('s.id'), 's.organization_id', scope), f)
    .orderBy('s.id')
    .limit(max)
    .execute();
  return rows.map((r) => r.id);
}

/** Rows of the given ids in the scope, in the order asked, read in chunks; any id out of reach is 404. */
export async function staffRowsForExport(db: ReadDb, scope: Scope, ids: readonly number[]): Promise<StaffRow[]> {
  const unique = [...new Set(ids)];
  const byId = new Map<number, StaffRow>();
  const pace = eventLoopPacer();
  for (let i = 0; i < unique.length; i += CHUNK) {
    await pace();
    for (const r of await staffRows.find(db, scope, unique.slice(i, i + CHUNK))) byId.set(r.id, r);
  }
  if (byId.size !== unique.length) throw notFound();
  return unique.map((id) => byId.get(id)!);
}

export async function assertNationalIdFree(
  db: ReadDb,
  scope: Scope,
  ring: KeyRing,
  nationalId: string | null | undefined,
  exceptId?: number,
) {
  const bidx = nationalId ? ring.blindIndex('staff', 'national_id', nationalId) : null;
  if (!bidx) return;
  let q = whereInScope(db.selectFrom('staff').select('id').where('national_id_bidx', '=', bidx), 'organization_id', scope);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict({ national_id: ['validate.error.already_exists'] });
}

/** Whether a contractor is one of the organization's (a staff's company must be). */
export async function isContractorOf(db: ReadDb, organizationId: number, contractorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('contractors')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', contractorId)
    .executeTakeFirst();
  return !!row;
}

/** A stored row with its encrypted fields opened: compared inside a write, never answered. */
export type OpenedStaffRow = Omit<StaffRow, 'national_id' | 'blood_type'> & { national_id: string | null; blood_type: string | null };

/** Staff of the scope holding any of these national ids (found by blind index), by national id (the import's key, unique within an organization). */
export async function staffByNationalId(
  db: ReadDb,
  scope: Scope,
  ring: KeyRing,
  nationalIds: readonly string[],
): Promise<Map<string, OpenedStaffRow>> {
  const out = new Map<string, OpenedStaffRow>();
  const byIndex = new Map<string, string>();
  for (const id of new Set(nationalIds)) {
    const bidx = ring.blindIndex('staff', 'national_id', id);
    if (bidx) byIndex.set(bidx, id);
  }
  const unique = [...byIndex.keys()];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await whereInScope(db.selectFrom('staff').selectAll(), 'organization_id', scope)
      .where('national_id_bidx', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(byIndex.get(r.national_id_bidx!)!, { ...r, ...openedValues(ring, 'staff', r) } as OpenedStaffRow);
  }
  return out;
}

/** Writes a staff's encrypted fields (those present in `values`) onto its row: sealed with its id, indexed, masked. */
export async function sealStaffFields(db: Trx, scope: Scope, ring: KeyRing, id: number, values: Partial<StaffFieldValues>) {
  const columns = sealedColumns(ring, 'staff', id, values);
  if (Object.keys(columns).length) await staff.update(db, scope, id, columns);
}

/** Inserts staff in chunks (500 × 20 columns stays below both databases' bind limits); answers their ids in input order. */
export async function insertStaffRows(db: Trx, scope: Scope, ring: KeyRing, fields: readonly StaffFieldValues[]): Promise<number[]> {
  const ids: number[] = [];
  const t = now();
  const organization_id = owningOrganization(scope);
  if (organization_id === null) throw new Error('staff are inserted into one organization');
  const pace = eventLoopPacer();
  for (let i = 0; i < fields.length; i += CHUNK) {
    await pace();
    const chunk = fields.slice(i, i + CHUNK);
    const rows = chunk.map((f) => ({
      organization_id,
      ...plainStaffValues(staffFieldValues(f)),
      ...indexColumns(ring, 'staff', f),
      photo_key: null,
      photo_id: null,
      created_at: t,
      updated_at: t,
    }));
    // Both databases answer RETURNING rows of a multi-row VALUES in the order given.
    const inserted = (await db.insertInto('staff').values(rows).returning('id').execute()).map((r) => r.id);
    // The associated data names the row, so values are sealed once it has its id.
    for (const [j, id] of inserted.entries()) {
      const sealed = sealedColumns(ring, 'staff', id, { national_id: chunk[j]!.national_id, blood_type: chunk[j]!.blood_type });
      if (Object.values(sealed).some((v) => v !== null)) await db.updateTable('staff').set(sealed).where('id', '=', id).execute();
    }
    ids.push(...inserted);
  }
  return ids;
}

/** A library photo going away: the staff using it no longer have a photo. Answers who had it. */
/** Staff pictured by one of the library photos, in every organization (the caller narrows what it shows). */
export function staffPicturedBy(db: ReadDb, photoIds: readonly number[]) {
  return db
    .selectFrom('staff')
    .select(['id', 'organization_id', 'photo_id', 'name'])
    .where('photo_id', 'in', [...photoIds])
    .orderBy('id')
    .execute();
}

export async function unlinkLibraryPhotos(
  db: Trx,
  photoIds: number[],
): Promise<{ id: number; organization_id: number; photo_id: number | null }[]> {
  if (!photoIds.length) return [];
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'organization_id', 'photo_id'])
    .where('photo_id', 'in', photoIds)
    .orderBy('id')
    .execute();
  if (rows.length) await db.updateTable('staff').set({ photo_id: null, updated_at: now() }).where('photo_id', 'in', photoIds).execute();
  return rows;
}
