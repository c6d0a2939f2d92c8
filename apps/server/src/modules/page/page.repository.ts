import { sql, type Selectable } from 'kysely';
import type { Page, PageCategory, PageType } from '@bo/shared/schemas/page';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { PageCategoriesTable, PagesTable } from '../../db/tables/site-content.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { photoSummaries } from '../photo/content-photos.ts';

type CategoryRow = Selectable<PageCategoriesTable> & { page_count: number | string };
export type PageRow = Selectable<PagesTable> & { category_name: string | null; revision_count: number | string };

export const pageCategories = scopedTable<PageCategory, CategoryRow>({
  table: 'page_categories',
  alias: 'pc',
  organizationColumn: null,
  select: (db) =>
    db
      .selectFrom('page_categories as pc')
      .selectAll('pc')
      .select((eb) =>
        eb.selectFrom('pages as p').select(sql<number>`count(*)`.as('n')).whereRef('p.category_id', '=', 'pc.id').as('page_count'),
      ),
  toView: (rows) => rows.map((r) => ({ ...r, page_count: Number(r.page_count) })),
  sortColumns: { sort_order: 'pc.sort_order', id: 'pc.id', name: 'pc.name' },
  keywordColumns: ['pc.name', 'pc.name_en'],
});

export const galleryIds = (json: string): number[] => {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
};

export async function toPages(rows: PageRow[], db: ReadDb): Promise<Page[]> {
  const pictures = await photoSummaries(
    db,
    rows.flatMap((r) => [r.cover_photo_id, ...galleryIds(r.gallery)]),
  );
  return rows.map(({ category_name, updated_by: _, ...r }) => ({
    ...r,
    cover_photo: r.cover_photo_id === null ? null : (pictures.get(r.cover_photo_id) ?? null),
    category: r.category_id === null || category_name === null ? null : { id: r.category_id, name: category_name },
    gallery: galleryIds(r.gallery).flatMap((id) => pictures.get(id) ?? []),
    featured: r.featured === 1,
    revision_count: Number(r.revision_count),
  }));
}

export const pages = scopedTable<Page, PageRow>({
  table: 'pages',
  alias: 'p',
  organizationColumn: null,
  select: (db) =>
    db
      .selectFrom('pages as p')
      .leftJoin('page_categories as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select('c.name as category_name')
      .select((eb) =>
        eb.selectFrom('page_revisions as r').select(sql<number>`count(*)`.as('n')).whereRef('r.page_id', '=', 'p.id').as('revision_count'),
      ),
  toView: toPages,
  sortColumns: {
    updated_at: 'p.updated_at',
    id: 'p.id',
    title: 'p.title',
    sort_order: 'p.sort_order',
    published_at: 'p.published_at',
    publish_at: 'p.publish_at',
  },
  keywordColumns: ['p.title', 'p.title_en', 'p.slug', 'p.summary'],
});

/** A category's page type, or null when there is no such category. */
export async function pageCategoryType(db: ReadDb, id: number): Promise<PageType | null> {
  const c = await db.selectFrom('page_categories').select('type').where('id', '=', id).executeTakeFirst();
  return (c?.type as PageType | undefined) ?? null;
}

/** The page of `type` holding `slug`, if any. */
export async function pageIdBySlug(db: ReadDb, type: PageType, slug: string): Promise<number | null> {
  const row = await db.selectFrom('pages').select('id').where('type', '=', type).where('slug', '=', slug).executeTakeFirst();
  return row?.id ?? null;
}

/** A type's categories in their order (the tree's rows). */
export function categoryRowsOf(db: ReadDb, type: PageType) {
  return db
    .selectFrom('page_categories')
    .select(['id', 'parent_id', 'name', 'name_en', 'depth'])
    .where('type', '=', type)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Each category of a type with its parent (to find a category's sub-categories). */
export function categoryParentsOf(db: ReadDb, type: PageType) {
  return db.selectFrom('page_categories').select(['id', 'parent_id']).where('type', '=', type).execute();
}

/** The scheduled pages whose publication minute has come by `now`. */
export function duePages(db: ReadDb, now: string) {
  return db.selectFrom('pages').select(['id', 'publish_at']).where('status', '=', 'scheduled').where('publish_at', '<=', now).execute();
}

/**
 * Publishes a scheduled page if it is still scheduled for `publishAt`: one conditional update, so of
 * several instances ticking at once exactly one wins. Answers whether this call published it.
 */
export async function publishScheduledPage(db: Trx, id: number, publishAt: string | null, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('pages')
    .set({ status: 'published', published_at: publishAt, publish_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .where('publish_at', '=', publishAt)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Pages whose gallery may hold one of the photos (a cheap LIKE on the JSON text; the parsed list decides). */
export function pagesMaybeShowingPhotos(db: ReadDb, photoIds: readonly number[]) {
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'status', 'gallery'])
    .where((eb) => eb.or(photoIds.map((id) => eb('gallery', 'like', `%${id}%`))))
    .orderBy('id')
    .execute();
}

export async function setPageGallery(db: Trx, id: number, photoIds: readonly number[], now: string): Promise<void> {
  await db
    .updateTable('pages')
    .set({ gallery: JSON.stringify(photoIds), updated_at: now })
    .where('id', '=', id)
    .execute();
}
