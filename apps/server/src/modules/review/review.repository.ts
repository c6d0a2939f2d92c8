import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { PublishedSnapshotsTable, ReviewCommentsTable, ReviewStatesTable } from '../../db/tables/reviews.ts';

/* review_states, review_comments, published_snapshots (migration 0105) and the workflows' config document. */

export const WORKFLOWS_DOCUMENT = 'review_workflows';

export async function storedWorkflows(db: ReadDb): Promise<unknown> {
  const row = await db.selectFrom('app_configs').select('value').where('name', '=', WORKFLOWS_DOCUMENT).executeTakeFirst();
  return row ? JSON.parse(row.value) : null;
}

export async function writeWorkflows(db: Trx, value: unknown, at: string): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('app_configs')
    .values({ name: WORKFLOWS_DOCUMENT, value: json, updated_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json, updated_at: at }))
    .execute();
}

const stateColumns = [
  's.target_type',
  's.target_id',
  's.stage',
  's.version',
  's.author_admin_id',
  's.approved_by',
  's.approved_at',
  's.approved_hash',
  's.waiting_notified_version',
  's.updated_at',
  'au.name as author_name',
  'ap.name as approver_name',
] as const;

const statesWithNames = (db: ReadDb) =>
  db
    .selectFrom('review_states as s')
    .leftJoin('admins as au', 'au.id', 's.author_admin_id')
    .leftJoin('admins as ap', 'ap.id', 's.approved_by')
    .select(stateColumns);

export type StateRow = Awaited<ReturnType<typeof findState>> & {};

export function findState(db: ReadDb, type: string, id: number) {
  return statesWithNames(db).where('s.target_type', '=', type).where('s.target_id', '=', id).executeTakeFirst();
}

/** The states in one of `stages`, newest first (at most 500). */
export function statesIn(db: ReadDb, stages: readonly string[], type?: string) {
  let q = statesWithNames(db).where('s.stage', 'in', stages.length ? [...stages] : ['']);
  if (type) q = q.where('s.target_type', '=', type);
  return q.orderBy('s.updated_at', 'desc').limit(500).execute();
}

export async function putState(db: Trx, row: Insertable<ReviewStatesTable>): Promise<void> {
  const { target_type, target_id, ...rest } = row;
  await db
    .insertInto('review_states')
    .values(row)
    .onConflict((oc) => oc.columns(['target_type', 'target_id']).doUpdateSet(rest))
    .execute();
}

export async function forgetReview(db: Trx, type: string, id: number): Promise<void> {
  for (const table of ['review_states', 'review_comments', 'published_snapshots'] as const)
    await db.deleteFrom(table).where('target_type', '=', type).where('target_id', '=', id).execute();
}

export function commentsOf(db: ReadDb, type: string, id: number) {
  return db
    .selectFrom('review_comments as c')
    .leftJoin('admins as a', 'a.id', 'c.admin_id')
    .select(['c.id', 'c.version', 'c.admin_id', 'a.name as admin_name', 'c.kind', 'c.body', 'c.created_at'])
    .where('c.target_type', '=', type)
    .where('c.target_id', '=', id)
    .orderBy('c.id')
    .limit(500)
    .execute();
}

export async function addComment(db: Trx, row: Insertable<ReviewCommentsTable>): Promise<number> {
  const { id } = await db.insertInto('review_comments').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findSnapshot(db: ReadDb, type: string, id: number) {
  return db.selectFrom('published_snapshots').selectAll().where('target_type', '=', type).where('target_id', '=', id).executeTakeFirst();
}

export function snapshotsOf(db: ReadDb, type: string, ids: readonly number[]) {
  return db
    .selectFrom('published_snapshots')
    .selectAll()
    .where('target_type', '=', type)
    .where('target_id', 'in', ids.length ? [...ids] : [0])
    .execute();
}

/** Every published snapshot of a type, by record id (a public read selecting on what was published). */
export function snapshotsOfType(db: ReadDb, type: string) {
  return db.selectFrom('published_snapshots').selectAll().where('target_type', '=', type).orderBy('target_id').execute();
}

export async function putSnapshot(db: Trx, row: PublishedSnapshotsTable): Promise<void> {
  const { target_type, target_id, ...rest } = row;
  await db
    .insertInto('published_snapshots')
    .values(row)
    .onConflict((oc) => oc.columns(['target_type', 'target_id']).doUpdateSet(rest))
    .execute();
}

/** Active admins with what decides their ROLE_ roles (lib/context/actor.ts `rolesFrom`). */
export function activeAdminsWithRoles(db: ReadDb) {
  return db
    .selectFrom('admins as a')
    .leftJoin('admin_groups as g', 'g.id', 'a.group_id')
    .leftJoin('app_configs as c', (join) => join.on('c.name', '=', sql.lit('app')).on(sql<boolean>`a.group_id is not null`))
    .select(['a.id', 'a.name', 'a.email', 'a.roles', 'g.roles as group_roles', 'c.value as app_config'])
    .where('a.status', '=', 'active')
    .orderBy('a.id')
    .execute();
}

export function adminById(db: ReadDb, id: number) {
  return db.selectFrom('admins').select(['id', 'name', 'email']).where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
}

/** Ids of the records of a content table the website shows now (switching a workflow on snapshots them). */
export async function shownIds(db: ReadDb, type: 'page' | 'product' | 'banner' | 'video'): Promise<number[]> {
  const rows =
    type === 'page'
      ? await db.selectFrom('pages').select('id').where('status', '=', 'published').execute()
      : type === 'product'
        ? await db.selectFrom('products').select('id').where('status', '=', 'published').execute()
        : type === 'video'
          ? await db.selectFrom('videos').select('id').where('published', '=', 1).execute()
          : await db.selectFrom('banners').select('id').execute();
  return rows.map((r) => r.id);
}
