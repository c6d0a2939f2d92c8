import type { ReadDb, Trx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { owningOrganization, whereInScope, type Scope } from '../../lib/context/scope.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { EVIDENCE_DECLARATIONS, type EvidenceTable } from './staff-evidence.kinds.ts';

// The table names come from the declarations (staff-evidence.kinds.ts), never from a request.
export type EvidenceRow = { id: number; organization_id: number; staff_id: number; file_key: string | null } & Record<string, unknown>;
type Values = Record<string, unknown>;
const now = () => new Date().toISOString();
const from = (db: ReadDb | Trx) => db as any;

/** The evidence rows of one staff in the scope, newest day first. */
export function evidenceRowsOf(db: ReadDb, scope: Scope, table: EvidenceTable, staffId: number, day: string): Promise<EvidenceRow[]> {
  return whereInScope(from(db).selectFrom(table).selectAll().where('staff_id', '=', staffId), 'organization_id', scope)
    .orderBy(day, 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One evidence row of a staff in the scope, or 404 (another staff's row, another organization's). */
export async function evidenceRowOr404(db: ReadDb, scope: Scope, table: EvidenceTable, staffId: number, id: number): Promise<EvidenceRow> {
  const row = await whereInScope(
    from(db).selectFrom(table).selectAll().where('id', '=', id).where('staff_id', '=', staffId),
    'organization_id',
    scope,
  ).executeTakeFirst();
  if (!row) throw notFound();
  return row as EvidenceRow;
}

export async function insertEvidence(db: Trx, scope: Scope, table: EvidenceTable, staffId: number, values: Values): Promise<number> {
  const t = now();
  const row = await from(db)
    .insertInto(table)
    .values({ ...values, organization_id: owningOrganization(scope)!, staff_id: staffId, created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateEvidence(db: Trx, scope: Scope, table: EvidenceTable, staffId: number, id: number, values: Values) {
  await whereInScope(
    from(db)
      .updateTable(table)
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .where('staff_id', '=', staffId),
    'organization_id',
    scope,
  ).execute();
}

export async function deleteEvidence(db: Trx, scope: Scope, table: EvidenceTable, staffId: number, id: number) {
  await whereInScope(from(db).deleteFrom(table).where('id', '=', id).where('staff_id', '=', staffId), 'organization_id', scope).execute();
}

/** The stored scans of these staff's evidence, by table: let go of when the staff are deleted. */
export async function evidenceFilesOfStaff(db: ReadDb, staffIds: readonly number[]): Promise<(EvidenceRow & { table: EvidenceTable })[]> {
  if (!staffIds.length) return [];
  const out: (EvidenceRow & { table: EvidenceTable })[] = [];
  for (const { table } of EVIDENCE_DECLARATIONS) {
    const rows: EvidenceRow[] = await from(db)
      .selectFrom(table)
      .selectAll()
      .where('staff_id', 'in', [...staffIds])
      .where('file_key', 'is not', null)
      .execute();
    out.push(...rows.map((r) => ({ ...r, table })));
  }
  return out;
}

/** The ids of a staff's evidence rows of each table (its History panel lists their entries). */
export async function evidenceIdsOf(db: ReadDb, scope: Scope, staffId: number): Promise<Map<EvidenceTable, number[]>> {
  const out = new Map<EvidenceTable, number[]>();
  for (const { table } of EVIDENCE_DECLARATIONS) {
    const rows: { id: number }[] = await whereInScope(
      from(db).selectFrom(table).select('id').where('staff_id', '=', staffId),
      'organization_id',
      scope,
    ).execute();
    out.set(
      table,
      rows.map((r) => Number(r.id)),
    );
  }
  return out;
}

/** Each evidence table as an organization dependent: deleting the organization deletes its rows and their scans. */
export const evidenceDependents = EVIDENCE_DECLARATIONS.map(
  ({ table }) =>
    scopedTable<{ id: number }>({
      table,
      alias: 'e',
      toView: (rows) => rows as { id: number }[],
      sortColumns: { id: 'e.id' },
      // Parts of the staff records the delete confirmation counts already: removed with them, not counted again.
      dependent: { name: table, storedKeyColumns: ['file_key'], counted: false },
    }).dependent,
);

/**
 * The evidence rows of one staff whose entries the audit log holds, deleted ones too: each evidence entry
 * carries its `staff_id` in before or after (the JSON the audit writer stores), so the staff's History lists them.
 */
export async function evidenceIdsInAudit(db: ReadDb, organizationId: number | null, staffId: number): Promise<Map<string, string[]>> {
  const marks = [`%"staff_id":${staffId},%`, `%"staff_id":${staffId}}%`];
  const targets = EVIDENCE_DECLARATIONS.map((k) => k.target as string);
  let q = db
    .selectFrom('audit_logs')
    .select(['target_type', 'target_id'])
    .distinct()
    .where('target_type', 'in', targets)
    .where((eb) => eb.or(marks.flatMap((m) => [eb('before', 'like', m), eb('after', 'like', m)])));
  if (organizationId !== null) q = q.where('organization_id', '=', organizationId);
  const out = new Map<string, string[]>();
  for (const r of await q.execute()) if (r.target_id) out.set(r.target_type, [...(out.get(r.target_type) ?? []), r.target_id]);
  return out;
}
