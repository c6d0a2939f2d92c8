import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import { PHOTO_SIZES, type Photo, type PhotoSize, type photoListQuery } from '@bo/shared/schemas/photo';
import { instantRange } from '@bo/shared/dates';
import type { ReadDb } from '../../db/database.ts';
import type { PhotosTable } from '../../db/tables/media.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { publicUrl } from '../../lib/media/public-url.ts';
import type { Scope } from '../../lib/context/scope.ts';

export type PhotoRow = Selectable<PhotosTable>;
export interface StoredVariant {
  key: string;
  width: number;
  height: number;
  webp_key: string;
}
export type StoredVariants = Record<PhotoSize, StoredVariant>;
type ListQuery = z.output<typeof photoListQuery>;

const parseJson = <T>(v: string, fallback: T): T => {
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
};

export function toPhotoItem(row: PhotoRow): Photo {
  const variants = parseJson<StoredVariants>(row.variants, {} as StoredVariants);
  const size_list = Object.fromEntries(
    PHOTO_SIZES.map((s) => {
      const v = variants[s];
      return [s, { url: publicUrl(v.key), width: v.width, height: v.height, webp_url: publicUrl(v.webp_key) }];
    }),
  ) as Photo['size_list'];
  return {
    id: row.id,
    uid: row.uid,
    organization_id: row.organization_id,
    folder: row.folder,
    url: size_list.origin.url,
    title: row.title,
    alt: row.alt,
    tags: parseJson<string[]>(row.tags, []),
    original_name: row.original_name,
    width: row.width,
    height: row.height,
    mime: row.mime,
    file_size: Number(row.bytes),
    size_list,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const keysOf = (row: Pick<PhotoRow, 'variants'>) =>
  Object.values(parseJson<StoredVariants>(row.variants, {} as StoredVariants)).flatMap((v) => [v.key, v.webp_key]);

/** Photos of the acting organization (or of none); deleted with their organization, every variant with them. */
export const photos = scopedTable<Photo, PhotoRow>({
  table: 'photos',
  alias: 'p',
  toView: (rows) => rows.map(toPhotoItem),
  sortColumns: { created_at: 'p.created_at', id: 'p.id', title: 'p.title' },
  keywordColumns: ['p.title', 'p.alt', 'p.original_name'],
  dependent: {
    name: 'photos',
    async storedKeys(db, organizationId) {
      const rows = await db.selectFrom('photos').select('variants').where('organization_id', '=', organizationId).execute();
      return rows.flatMap(keysOf);
    },
  },
});

/** The library's index: keyword, tag, creation dates and folder. */
export function listPhotos(db: ReadDb, scope: Scope, q: ListQuery) {
  return photos.list(db, scope, q, (qb) => {
    // Tags are validated to hold no quote, comma, backslash or %: the JSON text match is exact.
    if (q.tag) qb = qb.where(sql<boolean>`p.tags like ${`%${JSON.stringify(q.tag).replace(/_/g, '\\_')}%`} escape '\\'`);
    const created = instantRange(q.date_from, q.date_to);
    if (created.from) qb = qb.where('p.created_at', '>=', created.from);
    if (created.toExclusive) qb = qb.where('p.created_at', '<', created.toExclusive);
    if (q.folder !== undefined) qb = qb.where('p.folder', '=', q.folder);
    return qb;
  });
}

/** Storage keys of every variant of the photos (already loaded in scope). */
export async function storedKeysOf(db: ReadDb, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('photos')
    .select('variants')
    .where('id', 'in', [...ids])
    .execute();
  return rows.flatMap(keysOf);
}

/**
 * Storage key of one variant of a photo (for other modules, e.g. staff photos), or null when the
 * photo does not exist. With `usableBy`, only a photo that organization may use: its own or a shared one.
 */
export async function photoVariantKey(
  db: ReadDb,
  photoId: number,
  size: PhotoSize,
  opts: { webp?: boolean; usableBy?: number } = {},
): Promise<string | null> {
  let q = db.selectFrom('photos').select('variants').where('id', '=', photoId);
  if (opts.usableBy !== undefined) {
    const org = opts.usableBy;
    q = q.where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', org)]));
  }
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const v = parseJson<StoredVariants>(row.variants, {} as StoredVariants)[size];
  if (!v) return null;
  return opts.webp ? v.webp_key : v.key;
}

/** The photo rows of `ids` whatever their organization (the rows pointing at them already hold them). */
export function photoRowsAnyOrganization(db: ReadDb, ids: readonly number[]) {
  return db.selectFrom('photos').selectAll().where('id', 'in', ids).execute();
}
