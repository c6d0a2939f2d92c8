import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { TAG_PATTERN, photoSchema, photoUploadQuery } from '@bo/shared/schemas/photo';
import { badRequest } from '../../lib/errors.ts';
import { IMAGE_EXT, IMAGE_MIME } from '../../lib/images/image-variants.ts';
import { variantSet } from '../../lib/media/image-policy.ts';
import { receiveUpload, takeImage } from '../../lib/media/intake.ts';
import { newUid } from '../../lib/media/uid.ts';
import { storeThenRecord } from '../../lib/uploads/store-then-record.ts';
import type { StoredVariants } from './photo.repository.ts';
import { photoService } from './photo.service.ts';

/** The photo library keeps every size in the original format and WebP. */
export const PHOTO_POLICY = variantSet();

/** Upload (spec section 7): checked and rendered before anything is stored, stored before the row is written. */
export async function photoUploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/admin/photo/upload',
    {
      schema: { tags: ['photo'], querystring: photoUploadQuery, response: { 200: photoSchema } },
      config: { roles: ROLES.photo, companyLibrary: ROLES.companyPhotos, version: 'create' },
    },
    async (req) => {
      const tagList = (req.query.tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (tagList.some((t) => !TAG_PATTERN.test(t)) || tagList.length > 30) throw badRequest({ tags: [VALIDATION_KEYS.invalid] });
      const upload = await receiveUpload(req);
      const { info, variants: rendered } = await takeImage(app, upload.data, PHOTO_POLICY);
      const uid = newUid();
      const keyOf = (size: string, format: keyof typeof IMAGE_EXT) => `public/photos/${uid}/${size}.${IMAGE_EXT[format]}`;
      const variants = {} as StoredVariants;
      for (const v of rendered) {
        variants[v.size] ??= { key: '', webp_key: '', width: v.width, height: v.height };
        const entry = variants[v.size];
        if (v.format === 'webp') entry.webp_key = keyOf(v.size, 'webp');
        else entry.key = keyOf(v.size, v.format);
      }
      const objects = rendered.map((v) => ({ key: keyOf(v.size, v.format), body: v.data, contentType: IMAGE_MIME[v.format] }));
      // Recorded with the keys it stores before its row: a process killed between the two leaves a run
      // whose objects the next start-up removes (lib/work-runs/), never a variant set without its photo.
      const track = { file_name: upload.name, keys: objects.map((o) => o.key) };
      return app.workRuns.track(
        (fn) => req.write('admin', fn),
        'photo_upload',
        track,
        (run) =>
          storeThenRecord(app.storage, req.log, objects, async () => {
            await run.checkpoint();
            return req.write('admin', async (ctx) => {
              const photo = await photoService(ctx).record({
                uid,
                folder: req.query.folder,
                title: req.query.title ?? '',
                alt: req.query.alt ?? '',
                tags: tagList,
                original_name: upload.name,
                mime: IMAGE_MIME[info.format],
                width: info.width,
                height: info.height,
                bytes: upload.data.length,
                variants,
              });
              await run.finish(ctx);
              return photo;
            });
          }),
      );
    },
  );
}
