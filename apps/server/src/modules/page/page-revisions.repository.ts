import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { PageRevisionsTable } from '../../db/tables/site-content.ts';

/*
 * page_revisions: every save of a page, numbered per page (page.service.ts keeps and restores them).
 */

/** Keeps `revision` as the page's next number. */
export async function addRevision(db: Trx, revision: Omit<Insertable<PageRevisionsTable>, 'number'>): Promise<void> {
  const last = await db
    .selectFrom('page_revisions')
    .select('number')
    .where('page_id', '=', revision.page_id)
    .orderBy('number', 'desc')
    .executeTakeFirst();
  await db
    .insertInto('page_revisions')
    .values({ ...revision, number: (last?.number ?? 0) + 1 })
    .execute();
}

export async function deleteRevisionsOf(db: Trx, pageIds: readonly number[]): Promise<void> {
  await db.deleteFrom('page_revisions').where('page_id', 'in', pageIds).execute();
}

/** A page's latest revisions, newest first, with who saved each. */
export function latestRevisions(db: ReadDb, pageId: number, limit: number) {
  return db
    .selectFrom('page_revisions as r')
    .leftJoin('admins as a', 'a.id', 'r.actor_id')
    .select(['r.id', 'r.page_id', 'r.number', 'r.status', 'r.created_at', 'r.actor_id', 'a.name', 'a.email'])
    .where('r.page_id', '=', pageId)
    .orderBy('r.number', 'desc')
    .limit(limit)
    .execute();
}

export function findRevision(db: ReadDb, pageId: number, number: number) {
  return db.selectFrom('page_revisions').selectAll().where('page_id', '=', pageId).where('number', '=', number).executeTakeFirst();
}
