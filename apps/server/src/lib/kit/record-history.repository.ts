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

const entryColumns = [
  'l.id',
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
) {
  const [rows, count] = await Promise.all([
    entriesOf(db, targetType, targetId, organizationId)
      .leftJoin('admins as actor', 'actor.id', 'l.actor_id')
      .select(entryColumns)
      .orderBy('l.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    entriesOf(db, targetType, targetId, organizationId)
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
export const historyFromEntry = (db: ReadDb, targetType: string, targetId: number | string, organizationId: number | null, fromId: number) =>
  entriesOf(db, targetType, targetId, organizationId)
    .where('l.id', '>=', fromId)
    .select(['l.id', 'l.action', 'l.before', 'l.after'])
    .orderBy('l.id', 'desc')
    .execute();
