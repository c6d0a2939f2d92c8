import type { z } from 'zod';
import type { Photo, photoListQuery } from '@bo/shared/schemas/photo';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { listPhotos, photos, storedKeysOf, type StoredVariants } from './photo.repository.ts';

type Query = z.output<typeof photoListQuery>;

/** What an upload records once its variants are stored. */
export interface UploadedPhoto {
  uid: string;
  folder: string;
  title: string;
  alt: string;
  tags: string[];
  original_name: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  variants: StoredVariants;
}

export interface PhotoService extends ResourceWrites<Photo, never> {
  record(upload: UploadedPhoto): Promise<Photo>;
}

/** The photo library of the context's organization (or of none). */
export const photoReads = ({ db, scope }: AdminReadContext): ResourceReads<Photo, Query> => ({
  list: (query) => listPhotos(db, scope, query),
  find: (ids) => photos.find(db, scope, ids),
});

export function photoService(ctx: RequestContext): PhotoService {
  const { db, scope } = ctx;
  return {
    async patch(before, { field, value }) {
      const stored = field === 'tags' ? JSON.stringify([...new Set(value as string[])]) : value;
      await photos.update(db, scope, before.id, { [field]: stored });
      return photos.findOr404(db, scope, before.id);
    },
    /** Rows using a deleted photo (a staff's photo) let go of it first (lib/kit/row-references.ts). */
    async remove(rows) {
      const ids = rows.map((p) => p.id);
      await ctx.release('photos', ids);
      ctx.dropAfterCommit(await storedKeysOf(db, ids));
      await photos.remove(db, scope, ids);
    },
    async record(upload) {
      const photo = await photos.create(db, scope, {
        uid: upload.uid,
        uploader_id: ctx.principal.id,
        folder: upload.folder,
        title: upload.title,
        alt: upload.alt,
        tags: JSON.stringify(upload.tags),
        original_name: upload.original_name,
        mime: upload.mime,
        width: upload.width,
        height: upload.height,
        bytes: upload.bytes,
        variants: JSON.stringify(upload.variants),
      });
      await ctx.audit({
        action: 'upload',
        target_type: 'photo',
        target_id: photo.id,
        after: { uid: photo.uid, title: photo.title, original_name: photo.original_name, width: photo.width, height: photo.height },
      });
      return photo;
    },
  };
}
