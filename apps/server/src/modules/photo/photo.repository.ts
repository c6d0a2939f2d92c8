import { sql, type Selectable } from 'kysely';
import { PHOTO_SIZES, type Photo, type PhotoSize } from '@bo/shared/schemas/photo';
import type { DbOrTrx } from '../../db/database.ts';
import { likePattern, paginate, type ListParams } from '../../lib/list.ts';
import { inOrganization, publicUrl, type OrganizationScope } from '../file/file.repository.ts';
import type { PhotosTable } from '../file/media.tables.ts';
import { instantRange } from '@bo/shared/dates';

export type PhotoRow = Selectable<PhotosTable>;
export interface StoredVariant { key: string; width: number; height: number; webp_key: string }
export type StoredVariants = Record<PhotoSize, StoredVariant>;

const parseJson = <T>(v: string, fallback: T): T => {
  try { return JSON.parse(v) as T; } catch { return fallback; }
};

export function toPhotoItem(row: PhotoRow): Photo {
  const variants = parseJson<StoredVariants>(row.variants, {} as StoredVariants);
  const size_list = Object.fromEntries(PHOTO_SIZES.map((s) => {
    const v = variants[s];
    return [s, { url: publicUrl(v.key), width: v.width, height: v.height, webp_url: publicUrl(v.webp_key) }];
  })) as Photo['size_list'];
  return {
    id: row.id, uid: row.uid, organization_id: row.organization_id, folder: row.folder, url: size_list.origin.url,
    title: row.title, alt: row.alt, tags: parseJson<string[]>(row.tags, []), original_name: row.original_name,
    width: row.width, height: row.height, mime: row.mime, file_size: Number(row.bytes), size_list,
    created_at: row.created_at, updated_at: row.updated_at,
  };
}

export const storedKeys = (row: Pick<PhotoRow, 'variants'>) =>
  Object.values(parseJson<StoredVariants>(row.variants, {} as StoredVariants)).flatMap((v) => [v.key, v.webp_key]);


export async function listPhotos(
  db: DbOrTrx, organizationId: OrganizationScope,
  q: ListParams & { keyword?: string; tag?: string; date_from?: string; date_to?: string; folder?: string },
) {
  let qb = inOrganization(db.selectFrom('photos').selectAll(), organizationId);
  if (q.keyword) {
    const p = likePattern(q.keyword.toLowerCase());
    qb = qb.where(sql<boolean>`(lower(title) like ${p} escape '\\' or lower(alt) like ${p} escape '\\' or lower(original_name) like ${p} escape '\\')`);
  }
  // Tags are validated to hold no quote, comma, backslash or %: the JSON text match is exact.
  if (q.tag) qb = qb.where(sql<boolean>`tags like ${`%${JSON.stringify(q.tag).replace(/_/g, '\\_')}%`} escape '\\'`);
  const created = instantRange(q.date_from, q.date_to);
  if (created.from) qb = qb.where('created_at', '>=', created.from);
  if (created.toExclusive) qb = qb.where('created_at', '<', created.toExclusive);
  if (q.folder !== undefined) qb = qb.where('folder', '=', q.folder);
  const page = await paginate(qb, q);
  return { ...page, data: (page.data as PhotoRow[]).map(toPhotoItem) };
}

export async function findPhoto(db: DbOrTrx, organizationId: OrganizationScope, id: number): Promise<PhotoRow | undefined> {
  return inOrganization(db.selectFrom('photos').selectAll().where('id', '=', id), organizationId).executeTakeFirst() as Promise<PhotoRow | undefined>;
}

export async function findPhotosByIds(db: DbOrTrx, organizationId: OrganizationScope, ids: number[]): Promise<PhotoRow[]> {
  return inOrganization(db.selectFrom('photos').selectAll().where('id', 'in', ids), organizationId).execute() as Promise<PhotoRow[]>;
}

export async function insertPhoto(db: DbOrTrx, row: Omit<PhotosTable, 'id'>): Promise<PhotoRow> {
  const { id } = await db.insertInto('photos').values(row).returning('id').executeTakeFirstOrThrow();
  return { ...row, id };
}

export async function updatePhoto(db: DbOrTrx, id: number, patch: Partial<Pick<PhotosTable, 'title' | 'alt' | 'tags' | 'updated_at'>>) {
  await db.updateTable('photos').set(patch).where('id', '=', id).execute();
}

export async function deletePhotos(db: DbOrTrx, organizationId: OrganizationScope, ids: number[]) {
  await (organizationId === null
    ? db.deleteFrom('photos').where('id', 'in', ids).where('organization_id', 'is', null)
    : db.deleteFrom('photos').where('id', 'in', ids).where('organization_id', '=', organizationId)).execute();
}

/**
 * Storage key of one variant of a photo (for other modules, e.g. staff photos), or null when the
 * photo does not exist. With `usableBy`, only a photo that organization may use: its own or a shared one.
 */
export async function photoVariantKey(
  db: DbOrTrx, photoId: number, size: PhotoSize, opts: { webp?: boolean; usableBy?: number } = {},
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
