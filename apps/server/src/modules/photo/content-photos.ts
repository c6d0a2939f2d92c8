import type { PhotoSummary } from '@bo/shared/schemas/photo';
import type { DbOrTrx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/kit/request-context.ts';
import { photoRowsAnyOrganization, photos, toPhotoItem } from './photo.repository.ts';

/**
 * Library photos as site content uses them (issue 11: a video's picture, a banner's image). Content
 * belongs to no organization, but the photos it shows do: an editor may pick only a photo the
 * library shows them (the photo index's scope). The modules holding photos declare their columns
 * (`photoReferences` in their descriptor, lib/kit/photo-references.ts): a photo deleted from the
 * library is let go there, without this module naming their tables.
 */

/** The summaries of `ids` (any organization: the rows already point at them), by id. */
export async function photoSummaries(db: DbOrTrx, ids: readonly (number | null)[]): Promise<Map<number, PhotoSummary>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await photoRowsAnyOrganization(db, wanted);
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
export async function checkPickablePhoto(
  ctx: RequestContext,
  photoId: number | null,
  current: number | null = null,
  field = 'photo_id',
): Promise<void> {
  if (photoId === null || photoId === current) return;
  const [found] = await photos.find(ctx.db, ctx.scope, [photoId]);
  if (!found) throw badRequest({ [field]: ['validate.error.invalid'] });
}
