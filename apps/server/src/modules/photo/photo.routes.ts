import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, idsBody } from '@bo/shared/list';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { TAG_PATTERN, photoListQuery, photoListResponse, photoPatchBody, photoSchema, photoUploadQuery } from '@bo/shared/schemas/photo';
import { badRequest, notFound, unprocessable } from '../../lib/errors.ts';
import { imageQueue } from '../../lib/images/image-queue.ts';
import {
  IMAGE_EXT, IMAGE_MIME, IMAGE_REJECTION_KEYS, ImageRejected, imageLimits, inspectImage, renderVariants, type ImageInfo,
} from '../../lib/images/image-variants.ts';
import { newUid } from '../file/file.routes.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { removeObjects } from '../../lib/storage/remove-objects.ts';
import { readPart, registerMultipart, uploadedFile } from '../../lib/uploads/multipart.ts';
import { readBounded } from '../../lib/uploads/size-limit.ts';
import { storeThenRecord } from '../../lib/uploads/store-then-record.ts';
import { cleanFileName } from '../../lib/uploads/file-name.ts';
import {
  deletePhotos, findPhoto, findPhotosByIds, insertPhoto, listPhotos, storedKeys, toPhotoItem, updatePhoto, type StoredVariants,
} from './photo.repository.ts';
import { unlinkLibraryPhotos } from '../staff/staff.repository.ts';
import { writeAudit } from '../../lib/audit.ts';

const now = () => new Date().toISOString();

/**
 * Photo library. Spec section 6 gives the photo list route ROLE_BASE and the photo menu entry
 * ROLE_PHOTO: any admin may browse and pick photos; uploading, editing and deleting need ROLE_PHOTO
 * (ROLE_MAINTAINER passes every check).
 */
export async function photoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerMultipart(app);
  const tags = ['photo'];
  const max = app.config.uploadMaxBytes;
  const maxPixels = app.config.imageMaxPixels;
  const limits = imageLimits(app.config);
  const queue = imageQueue(app.config);

  app.get('/api/admin/photo/index', {
    schema: { tags, querystring: photoListQuery, response: { 200: photoListResponse } },
    config: { roles: ROLES.photoList },
  }, async (req) => listPhotos(app.db, req.actor.organizationId, req.query));

  app.post('/api/admin/photo/upload', {
    schema: { tags, querystring: photoUploadQuery, response: { 200: photoSchema } },
    config: { roles: ROLES.photo },
  }, async (req) => {
    const tagList = (req.query.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    if (tagList.some((t) => !TAG_PATTERN.test(t)) || tagList.length > 30) throw badRequest({ tags: [VALIDATION_KEYS.invalid] });
    const part = await uploadedFile(req, max);
    const input = await readPart(part, max, (file) => readBounded(file, max));
    // Content, frame and pixel checks come before any decoding, and all of it before anything is stored.
    let info: ImageInfo;
    try {
      info = await inspectImage(input, limits);
    } catch (err) {
      if (err instanceof ImageRejected) throw unprocessable(err.message, { file: [IMAGE_REJECTION_KEYS[err.reason]] });
      throw err;
    }
    const rendered = await queue.run(() => renderVariants(input, info, { maxPixels }).catch(() => {
      throw unprocessable('The image cannot be read', { file: [IMAGE_REJECTION_KEYS.corrupt] });
    }));
    const uid = newUid();
    const keyOf = (size: string, format: keyof typeof IMAGE_EXT) => `public/photos/${uid}/${size}.${IMAGE_EXT[format]}`;
    const variants = {} as StoredVariants;
    for (const v of rendered) {
      const entry = (variants[v.size] ??= { key: '', webp_key: '', width: v.width, height: v.height });
      if (v.format === 'webp') entry.webp_key = keyOf(v.size, 'webp');
      else entry.key = keyOf(v.size, v.format);
    }
    const objects = rendered.map((v) => ({ key: keyOf(v.size, v.format), body: v.data, contentType: IMAGE_MIME[v.format] }));
    return storeThenRecord(app.storage, req.log, objects, () =>
      req.inTransaction(async ({ trx, actor, organizationId, audit }) => {
        const t = now();
        const row = await insertPhoto(trx, {
          uid, organization_id: organizationId, uploader_id: actor.id, folder: req.query.folder,
          title: req.query.title ?? '', alt: req.query.alt ?? '', tags: JSON.stringify(tagList),
          original_name: cleanFileName(part.filename), mime: IMAGE_MIME[info.format], width: info.width, height: info.height,
          bytes: input.length, variants: JSON.stringify(variants), created_at: t, updated_at: t,
        });
        const item = toPhotoItem(row);
        await audit({ action: 'upload', target_type: 'photo', target_id: row.id, after: { uid, title: item.title, original_name: item.original_name, width: item.width, height: item.height } });
        return item;
      }));
  });

  app.patch('/api/admin/photo/:id', {
    schema: { tags, params: idParam, body: photoPatchBody, response: { 200: photoSchema } },
    config: { roles: ROLES.photo },
  }, async (req) => req.inTransaction(async ({ trx, organizationId, audit }) => {
    const row = await findPhoto(trx, organizationId, req.params.id);
    if (!row) throw notFound();
    const { field, value } = req.body;
    const stored = field === 'tags' ? JSON.stringify([...new Set(value)]) : value;
    const updated_at = now();
    await updatePhoto(trx, row.id, { [field]: stored, updated_at });
    const after = toPhotoItem({ ...row, [field]: stored, updated_at });
    await audit({ action: 'update', target_type: 'photo', target_id: row.id, before: { [field]: toPhotoItem(row)[field] }, after: { [field]: after[field] } });
    return after;
  }));

  app.delete('/api/admin/photo/batch', {
    schema: { tags, body: idsBody, response: { 200: z.object({ message: z.string() }) } },
    config: { roles: ROLES.photo },
  }, async (req) => {
    const rows = await req.inTransaction(async ({ trx, organizationId, audit }) => {
      // All or nothing: one id that is missing or another organization's refuses the whole batch.
      const found = await loadAllOr404(req.body.ids, (unique) => findPhotosByIds(trx, organizationId, unique));
      const ids = found.map((r) => r.id);
      // Staff pictured by a deleted photo have none left (has_photo false, nothing dangling in exports).
      // Recorded under each staff's own organization (a shared photo can picture staff of several).
      for (const s of await unlinkLibraryPhotos(trx, ids)) {
        await writeAudit(trx, { ...req.auditWho(), organization_id: s.organization_id },
          { action: 'unlink_photo', target_type: 'staff', target_id: s.id, before: { photo_id: s.photo_id }, after: { photo_id: null } });
      }
      await deletePhotos(trx, organizationId, ids);
      for (const r of found) await audit({ action: 'delete', target_type: 'photo', target_id: r.id, before: { uid: r.uid, title: r.title, original_name: r.original_name } });
      return found;
    });
    await removeObjects(app.storage, rows.flatMap(storedKeys), req.log);
    return { message: 'OK' };
  });
}
