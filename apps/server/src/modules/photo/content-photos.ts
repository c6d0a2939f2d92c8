import type { PhotoSummary } from '@bo/shared/schemas/photo';
import type { DbOrTrx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/kit/request-context.ts';
import type { RowReference } from '../../lib/kit/row-references.ts';
import { photos, toPhotoItem } from './photo.repository.ts';

/**
 * Library photos as site content uses them (issue 11: a video's picture, a banner's image). Content
 * belongs to no organization, but the photos it shows do: an editor may pick only a photo the
 * library shows them (the photo index's scope), and a photo deleted from the library is let go.
 */

/** The summaries of `ids` (any organization: the rows already point at them), by id. */
export async function photoSummaries(db: DbOrTrx, ids: readonly (number | null)[]): Promise<Map<number, PhotoSummary>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('photos').selectAll().where('id', 'in', wanted).execute();
  return new Map(
    rows.map((r) => {
      const p = toPhotoItem(r);
      return [p.id, { id: p.id, title: p.title, alt: p.alt, width: p.width, height: p.height, size_list: p.size_list }];
    }),
  );
}

/**
 * A photo the editor may attach: one the library shows them (`ctx.scope`, as the photo index). A
 * photo already on the row stays allowed (another editor may have picked it in another organization).
 */
export async function checkPickablePhoto(ctx: RequestContext, photoId: number | null, current: number | null = null): Promise<void> {
  if (photoId === null || photoId === current) return;
  const [found] = await photos.find(ctx.db, ctx.scope, [photoId]);
  if (!found) throw badRequest({ photo_id: ['validate.error.invalid'] });
}

/** The row reference of a content table's photo column: set to null and audited when the photo is deleted. */
export function contentPhotoReference(opts: {
  name: string;
  table: 'videos' | 'banners' | 'pages' | 'product_instances';
  column?: 'photo_id' | 'cover_photo_id';
  target: 'video' | 'banner' | 'page' | 'product_instance';
}): RowReference {
  const column = opts.column ?? 'photo_id';
  return {
    name: opts.name,
    references: 'photos',
    async release(ctx, photoIds) {
      // The table and column come from the declarations above, never from a request.
      const db = ctx.db as unknown as import('kysely').Kysely<Record<string, Record<string, number | string | null>>>;
      const rows = await db
        .selectFrom(opts.table)
        .select(['id', column])
        .where(column, 'in', [...photoIds])
        .execute();
      if (!rows.length) return;
      await db
        .updateTable(opts.table)
        .set({ [column]: null, updated_at: new Date().toISOString() })
        .where(
          'id',
          'in',
          rows.map((r) => r.id as number),
        )
        .execute();
      for (const r of rows)
        await ctx.audit({
          action: 'unlink_photo',
          target_type: opts.target,
          target_id: r.id as number,
          before: { [column]: r[column] },
          after: { [column]: null },
        });
    },
  };
}
