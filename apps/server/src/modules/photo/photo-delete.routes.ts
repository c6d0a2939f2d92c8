import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idsBody } from '@bo/shared/list';
import { MESSAGES, VALIDATION_KEYS } from '@bo/shared/messages';
import { ROLES } from '@bo/shared/permissions';
import { photoDeleteBody, photoUsesResponse } from '@bo/shared/schemas/photo';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import { AppError } from '../../lib/errors.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { photoUses } from './photo-uses.ts';
import { photoReads, photoService } from './photo.service.ts';

const config = { companyLibrary: ROLES.companyPhotos } as const;

/**
 * Issue 36: the library's delete names what uses the photos first. `POST …/uses` lists the uses;
 * `DELETE …/batch` refuses photos in use with 409 and that list unless `confirm_uses` is true, and then
 * deletes them, the uses letting go (row-references.ts), each photo's audit entry naming its uses.
 */
export async function photoDeleteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const references = fastify.rowReferences;

  app.post(
    '/api/admin/photo/uses',
    {
      schema: {
        tags: ['photo'],
        description: 'What uses the photos (banners, pages, products, the logo, staff…); 404 when one is out of reach.',
        body: idsBody,
        response: { 200: photoUsesResponse },
      },
      config: { ...config, roles: ROLES.photoList, version: { unversioned: 'a read of what uses the photos: writes nothing' } },
    },
    async (req) => {
      const ctx = req.read('admin');
      const rows = await loadAllOr404(req.body.ids, (unique) => photoReads(ctx).find(unique));
      return photoUses(
        ctx,
        references,
        rows.map((p) => p.id),
      );
    },
  );

  app.delete(
    '/api/admin/photo/batch',
    {
      schema: {
        tags: ['photo'],
        description:
          'Deletes the photos, all or nothing. Photos still in use answer 409 `ids: validate.error.photo_in_use` with ' +
          '`uses` and `hidden` (`data` and `hidden` of `POST /api/admin/photo/uses`) unless `confirm_uses` is true; the uses then let go of them.',
        body: photoDeleteBody,
        response: { 200: z.object({ message: z.string() }) },
      },
      config: {
        ...config,
        roles: ROLES.photo,
        errors: [409],
        version: {
          target: 'photo',
          ids: (r) => (r.body as { ids: number[] }).ids,
          current: async (ctx, id) => (await photoReads(ctx as AdminReadContext).find([Number(id)]))[0],
        },
      },
    },
    (req) =>
      req.write('admin', async (ctx) => {
        const rows = await loadAllOr404(req.body.ids, (unique) => photoReads(ctx).find(unique));
        const uses = await photoUses(
          ctx,
          references,
          rows.map((p) => p.id),
        );
        if ((uses.data.length || uses.hidden) && req.body.confirm_uses !== true)
          throw new AppError(409, MESSAGES.conflict, { ids: [VALIDATION_KEYS.photoInUse] }, undefined, {
            uses: uses.data,
            hidden: uses.hidden,
          });
        await photoService(ctx).remove!(rows);
        for (const row of rows) {
          const lost = uses.data.filter((u) => u.photo_id === row.id);
          await ctx.audit({
            action: 'delete',
            target_type: 'photo',
            target_id: row.id,
            before: { ...row, used_by: lost.map(({ kind, id, label, on_website }) => ({ kind, id, label, on_website })) },
          });
        }
        return { message: 'OK' };
      }),
  );
}
