import { type Kysely, sql } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import { whereInScope, type Scope } from '../../lib/context/scope.ts';
import type { StaffTable } from '../../db/tables/staff.ts';
import { personalFields } from '../../lib/personal-data/categories.ts';
import { takeKeptFilesOf } from '../../lib/storage/kept-files.repository.ts';
import { EVIDENCE_DECLARATIONS } from '../staff-evidence/staff-evidence.kinds.ts';
import { IDENTIFYING_FIELDS, staffPersonalFields } from './personal-fields.ts';

/** Shown instead of the name once a record is anonymised. */
export const ANONYMISED_NAME = '（已匿名）';

export interface DepartedRow {
  id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  left_on: string;
}

/**
 * Departed staff whose `left_on` is before `leftBefore`, not yet anonymised, in id order from
 * `afterId`: what one retention batch works on.
 */
export function departedBefore(db: ReadDb, leftBefore: string, afterId: number, limit: number): Promise<DepartedRow[]> {
  return db
    .selectFrom('staff as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .select(['s.id', 's.organization_id', 'o.name as organization_name', 's.name', 's.left_on'])
    .where('s.status', '=', 'left')
    .where('s.left_on', 'is not', null)
    .where('s.left_on', '<', leftBefore)
    .where('s.anonymised_at', 'is', null)
    .where('s.id', '>', afterId)
    .orderBy('s.id')
    .limit(limit)
    .execute() as Promise<DepartedRow[]>;
}

/** One staff of the scope as stored, with its certificates, for the person's copy; undefined when not in the scope. */
export async function staffWithCertificates(db: ReadDb, scope: Scope, id: number) {
  const row = await whereInScope(db.selectFrom('staff').selectAll(), 'organization_id', scope).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const certificates = await db
    .selectFrom('staff_certificates as c')
    .innerJoin('certificate_types as t', 't.id', 'c.certificate_type_id')
    .select(['c.id', 't.name as type', 'c.number', 'c.issued_at', 'c.expires_at', 'c.file_name'])
    .where('c.staff_id', '=', id)
    .orderBy('c.id')
    .execute();
  return { row, certificates };
}

/** The evidence tables (issue 38) are one shape for what retention does: rows of a staff, with a scan. */
const evidence = (db: Trx) => db as unknown as Kysely<Record<string, { id: number; staff_id: number; file_key: string | null }>>;

/**
 * Stored objects of these staff: their photos, the scans of their certificates and evidence, and the
 * earlier scans of those rows kept for the history (their kept_files lines go too). All are deleted after
 * the commit that lets go of them.
 */
async function storedKeysOf(db: Trx, ids: readonly number[]): Promise<(string | null)[]> {
  const photos = await db.selectFrom('staff').select('photo_key').where('id', 'in', ids).execute();
  const keys: (string | null)[] = photos.map((p) => p.photo_key);
  for (const table of ['staff_certificates', ...EVIDENCE_DECLARATIONS.map((d) => d.table)]) {
    const rows = await evidence(db).selectFrom(table).select(['id', 'file_key']).where('staff_id', 'in', ids).execute();
    keys.push(
      ...rows.map((r) => r.file_key),
      ...(await takeKeptFilesOf(
        db,
        table,
        rows.map((r) => r.id),
      )),
    );
  }
  return keys;
}

/** Empties the evidence of these staff: scans and every declared identifier or health value; kinds and days stay. */
async function anonymiseEvidence(db: Trx, ids: readonly number[], at: string): Promise<void> {
  for (const { table, personal } of EVIDENCE_DECLARATIONS) {
    const cleared: Record<string, null | string> = { file_key: null, file_name: null, file_type: null, file_size: null, updated_at: at };
    for (const f of personal ? personalFields(personal) : [])
      for (const c of f.encrypted ? Object.values(f.columns) : [f.field]) if (c) cleared[c] = null;
    await evidence(db).updateTable(table).set(cleared).where('staff_id', 'in', ids).execute();
  }
}

type StaffColumn = keyof StaffTable & string;

/** Empties `columns` of one staff of the scope; answers the stored objects let go of (its photo when asked). */
export async function clearStaffFields(db: Trx, scope: Scope, id: number, columns: readonly StaffColumn[], at: string) {
  const set: Record<string, null | string> = Object.fromEntries(columns.map((c) => [c, null]));
  const keys = columns.includes('photo_key')
    ? (await db.selectFrom('staff').select('photo_key').where('id', '=', id).execute()).map((r) => r.photo_key)
    : [];
  await whereInScope(db.updateTable('staff').set({ ...set, updated_at: at }), 'organization_id', scope)
    .where('id', '=', id)
    .execute();
  return keys;
}

/** Sets fields of one staff of the scope (a correction the person asked for). */
export async function setStaffFields(db: Trx, scope: Scope, id: number, values: Record<string, unknown>, at: string) {
  await whereInScope(db.updateTable('staff').set({ ...values, updated_at: at }), 'organization_id', scope)
    .where('id', '=', id)
    .execute();
}

/**
 * Anonymises staff: every personal and identifying field emptied, the name replaced, the photo,
 * certificate numbers and files, and the evidence's sealed values and scans let go of; what is left (job
 * title, hire and leaving days, certificate and evidence kinds and dates) counts people without naming them.
 * Answers the stored objects to delete.
 */
export async function anonymiseStaff(db: Trx, ids: readonly number[], at: string): Promise<(string | null)[]> {
  if (!ids.length) return [];
  const keys = await storedKeysOf(db, ids);
  const cleared = Object.fromEntries(
    [...staffPersonalFields().flatMap((f) => f.columns), ...IDENTIFYING_FIELDS.map((f) => f.field)].map((c) => [c, null]),
  );
  await db
    .updateTable('staff')
    // The plain columns of before migration 0100 too, should the start-up backfill not have reached the row.
    .set({
      ...cleared,
      national_id: null,
      blood_type: null,
      name: ANONYMISED_NAME,
      photo_key: null,
      photo_id: null,
      anonymised_at: at,
      updated_at: at,
    })
    .where('id', 'in', ids)
    .execute();
  await db
    .updateTable('staff_certificates')
    .set({ number: null, file_key: null, file_name: null, file_type: null, file_size: null, updated_at: at })
    .where('staff_id', 'in', ids)
    .execute();
  await anonymiseEvidence(db, ids, at);
  return keys;
}

/** Erases staff with their certificates and evidence (their rows go with the staff row); answers the stored objects to delete. */
export async function eraseStaff(db: Trx, ids: readonly number[]): Promise<(string | null)[]> {
  if (!ids.length) return [];
  const keys = await storedKeysOf(db, ids);
  await db.deleteFrom('staff_certificates').where('staff_id', 'in', ids).execute();
  await db.deleteFrom('staff').where('id', 'in', ids).execute();
  return keys;
}

/** Per personal field, how many staff hold a value; per category, how many staff hold any of its fields. */
export async function personalDataCounts(db: ReadDb) {
  const fields = staffPersonalFields();
  const categories = [...new Set(fields.map((f) => f.category))];
  const row = await db
    .selectFrom('staff')
    .select((eb) => [
      ...fields.map((f) => eb.fn.count<string>(f.holds).as(`col_${f.field}`)),
      ...categories.map((c) =>
        sql<string>`sum(case when ${sql.join(
          fields.filter((f) => f.category === c).map((f) => sql`${sql.ref(f.holds)} is not null`),
          sql` or `,
        )} then 1 else 0 end)`.as(`cat_${c}`),
      ),
      sql<string>`sum(case when status = 'left' then 1 else 0 end)`.as('departed'),
      eb.fn.count<string>('anonymised_at').as('anonymised'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  const r = row as Record<string, unknown>;
  return {
    fields: Object.fromEntries(fields.map((f) => [f.field, n(r[`col_${f.field}`])])) as Record<string, number>,
    people: Object.fromEntries(categories.map((c) => [c, n(r[`cat_${c}`])])) as Record<string, number>,
    departed: n(r.departed),
    anonymised: n(r.anonymised),
  };
}

export interface HealthCheckRetentionRow {
  id: number;
  organization_id: number;
  organization_name: string;
  staff_id: number;
  name: string;
  check_kind: string;
  checked_on: string;
}

/** Health checks of these kinds made before `checkedBefore`, in id order from `afterId`: one retention batch (issue 38). */
export function healthChecksBefore(
  db: ReadDb,
  kinds: readonly string[],
  checkedBefore: string,
  afterId: number,
  limit: number,
): Promise<HealthCheckRetentionRow[]> {
  return db
    .selectFrom('staff_health_checks as h')
    .innerJoin('staff as s', 's.id', 'h.staff_id')
    .innerJoin('organizations as o', 'o.id', 'h.organization_id')
    .select(['h.id', 'h.organization_id', 'o.name as organization_name', 'h.staff_id', 's.name', 'h.check_kind', 'h.checked_on'])
    .where('h.check_kind', 'in', [...kinds])
    .where('h.checked_on', '<', checkedBefore)
    .where('h.id', '>', afterId)
    .orderBy('h.id')
    .limit(limit)
    .execute();
}

/** Erases health-check rows; answers their scans to delete once the erasure has committed. */
export async function eraseHealthChecks(db: Trx, ids: readonly number[]): Promise<(string | null)[]> {
  if (!ids.length) return [];
  const files = await db
    .selectFrom('staff_health_checks')
    .select('file_key')
    .where('id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('staff_health_checks')
    .where('id', 'in', [...ids])
    .execute();
  return files.map((f) => f.file_key);
}
