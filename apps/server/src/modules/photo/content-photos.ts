import type { PhotoSummary } from '@bo/shared/schemas/photo';
import type { ReadDb } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { unassigned } from '../../lib/context/scope.ts';
import type { RequestContext } from '../../lib/context/request-context.ts';
import { photoRowsAnyOrganization, photos, toPhotoItem } from './photo.repository.ts';

/**
 * Library photos as site content uses them (issue 11: a video's picture, a banner's image). Content
 * belongs to the site, and so do the photos it shows: the company's library (no organization). The modules holding photos declare their columns
 * (`photoReferences` in their descriptor, lib/kit/photo-references.ts): a photo deleted from the
 * library is let go there, without this module naming their tables.
 */

/** The summaries of `ids` (any organization: the rows already point at them), by id. */
export async function photoSummaries(db: ReadDb, ids: readonly (number | null)[]): Promise<Map<number, PhotoSummary>> {
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
 * A photo the editor may attach: one of the company's library (issue 42: website content belongs to
 * the site, so its photos do too, whichever organization the header selects). A photo already on the
 * row stays allowed (picked before the company library existed).
 */
export async function checkPickablePhoto(
  ctx: RequestContext,
  photoId: number | null,
  current: number | null = null,
  field = 'photo_id',
): Promise<void> {
  if (photoId === null || photoId === current) return;
  const [found] = await photos.find(ctx.db, unassigned, [photoId]);
  if (!found) throw badRequest({ [field]: ['validate.error.invalid'] });
}
