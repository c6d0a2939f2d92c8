import type { ReadDb } from '../../db/database.ts';

/**
 * The audit entries of one record (target type and id), newest first: its history (record-history.ts).
 * `organizationId` (an organization's resource) keeps the entries filed under that organization only.
 */
function entriesOf(db: ReadDb, targetType: string, targetId: number | string, organizationId: number | null) {
  let q = db.selectFrom('audit_logs as l').where('l.target_type', '=', targetType).where('l.target_id', '=', String(targetId));
  if (organizationId !== null) q = q.where('l.organization_id', '=', organizationId);
  return q;
}

/** Records whose entries a record's history lists beside its own (a product's SKU rows): a target type and its ids. */
export interface HistoryPart {
  targetType: string;
  ids: readonly (number | string)[];
}

/** The record's own entries and its parts' (read only: a part's entry is never restored through the record). */
function entriesWithParts(
  db: ReadDb,
  targetType: string,
  targetId: number | string,
  organizationId: number | null,
  parts: readonly HistoryPart[],
) {
  const listed = parts.filter((p) => p.ids.length);
  if (!listed.length) return entriesOf(db, targetType, targetId, organizationId);
  let q = db
    .selectFrom('audit_logs as l')
    .where((eb) =>
      eb.or([
        eb.and([eb('l.target_type', '=', targetType), eb('l.target_id', '=', String(targetId))]),
        ...listed.map((p) => eb.and([eb('l.target_type', '=', p.targetType), eb('l.target_id', 'in', p.ids.map(String))])),
      ]),
    );
  if (organizationId !== null) q = q.where('l.organization_id', '=', organizationId);
  return q;
}

const entryColumns = [
  'l.id',
  'l.target_type',
  'l.target_id',
  'l.target_label',
  'l.action',
  'l.actor_kind',
  'l.actor_id',
  'actor.name as actor_name',
  'actor.email as actor_email',
  'l.user_agent',
  'l.before',
  'l.after',
  'l.created_at',
] as const;

export type HistoryEntryRow = Awaited<ReturnType<typeof historyPage>>['rows'][number];

export async function historyPage(
  db: ReadDb,
  targetType: string,
  targetId: number | string,
  organizationId: number | null,
  page: number,
  perPage: number,
  parts: readonly HistoryPart[] = [],
) {
  const [rows, count] = await Promise.all([
    entriesWithParts(db, targetType, targetId, organizationId, parts)
      .leftJoin('admins as actor', 'actor.id', 'l.actor_id')
      .select(entryColumns)
      .orderBy('l.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    entriesWithParts(db, targetType, targetId, organizationId, parts)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One entry of the record, or undefined. */
export const historyEntryOf = (db: ReadDb, targetType: string, targetId: number | string, organizationId: number | null, entryId: number) =>
  entriesOf(db, targetType, targetId, organizationId)
    .where('l.id', '=', entryId)
    .select(['l.id', 'l.action', 'l.before', 'l.after', 'l.created_at'])
    .executeTakeFirst();

/** The record's entries written at or after `instant`, newest first: undone one by one to see the record as it was. */
export const historySince = (db: ReadDb, targetType: string, targetId: number | string, organizationId: number | null, instant: string) =>
  entriesOf(db, targetType, targetId, organizationId)
    .where('l.created_at', '>=', instant)
    .select(['l.id', 'l.action', 'l.before', 'l.after'])
    .orderBy('l.id', 'desc')
    .execute();

/** Entries from `fromId` on (newest first), to undo back to the state before or after one entry. */
export const historyFromEntry = (
  db: ReadDb,
  targetType: string,
  targetId: number | string,
  organizationId: number | null,
  fromId: number,
) =>
  entriesOf(db, targetType, targetId, organizationId)
    .where('l.id', '>=', fromId)
    .select(['l.id', 'l.action', 'l.before', 'l.after'])
    .orderBy('l.id', 'desc')
    .execute();
