import { CHAINED_COLUMNS, type ChainedContent } from '../../db/audit-chain-hash.ts';
import type { Trx, ReadDb } from '../../db/database.ts';
import type { AuditAnchorsTable, AuditChainChecksTable } from '../../db/tables/audit-chain.ts';

export type ChainRow = ChainedContent & { id: number; prev_hash: string | null; hash: string | null };

/** Up to `limit` entries after `afterId` (null: from the first) up to `lastId`, in chain (id) order. */
export function chainRows(db: ReadDb, afterId: number | null, lastId: number | null, limit: number): Promise<ChainRow[]> {
  let q = db
    .selectFrom('audit_logs')
    .select(['id', 'prev_hash', 'hash', ...CHAINED_COLUMNS])
    .orderBy('id')
    .limit(limit);
  if (afterId !== null) q = q.where('id', '>', afterId);
  if (lastId !== null) q = q.where('id', '<=', lastId);
  return q.execute() as Promise<ChainRow[]>;
}

export const chainHead = (db: ReadDb) =>
  db.selectFrom('audit_chain_head').select(['last_id', 'last_hash', 'entries']).where('id', '=', 1).executeTakeFirstOrThrow();

/** The newest entry written before `instant` (ISO), or undefined. */
export const lastEntryBefore = (db: ReadDb, instant: string) =>
  db
    .selectFrom('audit_logs')
    .select(['id', 'hash'])
    .where('created_at', '<', instant)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The oldest entry written at or after `instant` (ISO), or undefined. */
export const firstEntryFrom = (db: ReadDb, instant: string) =>
  db
    .selectFrom('audit_logs')
    .select(['id'])
    .where('created_at', '>=', instant)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** The entry just before `id` in chain order, or undefined. */
export const entryBefore = (db: ReadDb, id: number) =>
  db.selectFrom('audit_logs').select(['id', 'hash']).where('id', '<', id).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** The id of an entry whose hash is `hash` (a full scan: only asked once a link is found broken). */
export const entryWithHash = async (db: ReadDb, hash: string): Promise<number | null> =>
  (await db.selectFrom('audit_logs').select('id').where('hash', '=', hash).orderBy('id').limit(1).executeTakeFirst())?.id ?? null;

/** The id of an entry that links to `hash` (a full scan, as above). */
export const entryLinkingTo = async (db: ReadDb, hash: string): Promise<number | null> =>
  (await db.selectFrom('audit_logs').select('id').where('prev_hash', '=', hash).orderBy('id').limit(1).executeTakeFirst())?.id ?? null;

export const countEntriesThrough = async (db: ReadDb, id: number): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('audit_logs')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('id', '<=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const anchorsThrough = (db: ReadDb, fromId: number | null, toId: number | null) => {
  let q = db.selectFrom('audit_anchors').select(['day', 'last_id', 'head_hash']).where('last_id', 'is not', null);
  if (fromId !== null) q = q.where('last_id', '>=', fromId);
  if (toId !== null) q = q.where('last_id', '<=', toId);
  return q.orderBy('last_id').execute();
};

/** The anchor with the latest end (an hour's or a day's), with when its mail left the server, if it was mailed. */
export const latestAnchor = (db: ReadDb) =>
  db
    .selectFrom('audit_anchors as a')
    .leftJoin('mail_outbox as m', 'm.id', 'a.mail_id')
    .select([
      'a.day',
      'a.until',
      'a.last_id',
      'a.head_hash',
      'a.entries',
      'a.created_at',
      'a.mail_id',
      'm.sent_at',
      'm.status as mail_status',
    ])
    .orderBy('a.until', 'desc')
    .orderBy('a.day', 'desc')
    .limit(1)
    .executeTakeFirst();

export const anchorOf = (db: ReadDb, day: string) =>
  db.selectFrom('audit_anchors').select(['day', 'last_id', 'head_hash', 'entries']).where('day', '=', day).executeTakeFirst();

/** Notes the outbox row that carries an anchor off the server. */
export async function setAnchorMail(trx: Trx, day: string, mailId: number): Promise<void> {
  await trx.updateTable('audit_anchors').set({ mail_id: mailId }).where('day', '=', day).execute();
}

/** The e-mail of every active super admin (the anchor's and a broken chain's recipients). */
export async function activeSuperAdminEmails(db: ReadDb): Promise<string[]> {
  const rows = await db
    .selectFrom('admins')
    .select(['email', 'roles'])
    .where('status', '=', 'active')
    .where('roles', 'like', '%"ROLE_SUPER_ADMIN"%')
    .orderBy('id')
    .execute();
  return rows.filter((r) => (JSON.parse(r.roles) as string[]).includes('ROLE_SUPER_ADMIN')).map((r) => r.email);
}

/** Records a day's anchor once: a second call for the same day keeps the first. */
export async function insertAnchor(trx: Trx, anchor: AuditAnchorsTable): Promise<boolean> {
  const r = await trx
    .insertInto('audit_anchors')
    .values(anchor)
    .onConflict((oc) => oc.column('day').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertChainCheck(trx: Trx, check: Omit<AuditChainChecksTable, 'id'>): Promise<void> {
  await trx.insertInto('audit_chain_checks').values(check).execute();
}

export const latestChainCheck = (db: ReadDb) =>
  db
    .selectFrom('audit_chain_checks')
    .select(['checked_at', 'checked_by', 'from_day', 'to_day', 'entries', 'status', 'broken_id', 'broken_created_at', 'problem'])
    .orderBy('checked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
