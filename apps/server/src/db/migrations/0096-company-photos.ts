import type { Kysely } from 'kysely';

/** The single photo columns of website content (each module's `photoReferences`). */
const PHOTO_COLUMNS = [
  ['website_settings', 'logo_photo_id'],
  ['pages', 'cover_photo_id'],
  ['banners', 'photo_id'],
  ['videos', 'photo_id'],
  ['product_instances', 'photo_id'],
] as const;
/** The JSON lists of photo ids of website content. */
const PHOTO_LISTS = [
  ['pages', 'gallery'],
  ['products', 'photo_ids'],
] as const;

const idsOf = (text: unknown): number[] => {
  try {
    const parsed: unknown = JSON.parse(String(text ?? '[]'));
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
};

/**
 * Issue 42: website content belongs to the site, and so do its photos. Photos the content already
 * shows move from the organization they were uploaded in to the company's library (no organization),
 * where every website picker reads and organization admins no longer reach them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ids = new Set<number>();
  for (const [table, column] of PHOTO_COLUMNS) {
    const rows = await db.selectFrom(table).select(column).where(column, 'is not', null).execute();
    for (const r of rows as Record<string, number>[]) ids.add(r[column]);
  }
  for (const [table, column] of PHOTO_LISTS) {
    const rows = await db.selectFrom(table).select(column).execute();
    for (const r of rows as Record<string, unknown>[]) for (const id of idsOf(r[column])) ids.add(id);
  }
  const all = [...ids];
  for (let i = 0; i < all.length; i += 500)
    await db
      .updateTable('photos')
      .set({ organization_id: null })
      .where('id', 'in', all.slice(i, i + 500))
      .where('organization_id', 'is not', null)
      .execute();
}

/** Which organization each photo came from is not kept: the photos stay the company's. */
export async function down(): Promise<void> {}
