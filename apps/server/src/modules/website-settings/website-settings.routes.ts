import { withVersion } from '@bo/shared/versions';
import { answerVersioned } from '../../lib/kit/versioned-read.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { contentLocale } from '@bo/shared/schemas/content';
import { publicWebsiteSchema, websiteSettingsInput, websiteSettingsSchema } from '@bo/shared/schemas/website-settings';
import { z } from 'zod';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import { badRequest, fieldErrorsOf } from '../../lib/errors.ts';
import { documentHistoryRoutes } from '../../lib/kit/document-history.ts';
import { sendPublic } from '../../lib/public-read.ts';
import { publicWebsite, websiteSettingsReads, websiteSettingsService } from './website-settings.service.ts';

/** The website's identity: read and replaced by page editors and super admins; the site reads it through the public route. */
export async function websiteSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['website-settings'];
  const config = { roles: ROLES.website };
  fastify.recordReaders.add({ target: 'website_settings', roles: ROLES.website, find: async (_ctx, id) => (id === '1' ? {} : undefined) });

  // History and restore per field (docs/history.md), as a kit resource's: `/api/admin/history/website_settings/1`.
  const snapshot = async (ctx: AdminReadContext) => {
    const { logo: _logo, ...fields } = await websiteSettingsReads(ctx).read();
    return fields;
  };
  documentHistoryRoutes(fastify, {
    target: 'website_settings',
    roles: { read: ROLES.website, restore: ROLES.website },
    idOf: (id) => (id === '1' ? id : undefined),
    current: (ctx) => snapshot(ctx),
    restore: async (ctx, _id, values, restored) => {
      // The document is replaced whole: the current input with the restored fields, checked as the form's save is.
      const state: Record<string, unknown> = { ...(await snapshot(ctx)), ...values };
      const own = Object.fromEntries(Object.entries(state).filter(([k]) => Object.hasOwn(websiteSettingsInput.shape, k)));
      const parsed = websiteSettingsInput.safeParse(own);
      if (!parsed.success) throw badRequest(fieldErrorsOf(parsed.error));
      return websiteSettingsService(ctx).update(parsed.data, restored);
    },
    view: websiteSettingsSchema,
  });

  app.get(
    '/api/admin/website-settings',
    { schema: { tags, response: { 200: withVersion(websiteSettingsSchema) } }, config },
    async (req, reply) => {
      const ctx = req.read('admin');
      return answerVersioned(reply, ctx.db, 'website_settings', 1, await websiteSettingsReads(ctx).read());
    },
  );

  app.put(
    '/api/admin/website-settings/update',
    // One document (audited as website_settings 1), whose version a save sends back (issue 36).
    {
      schema: { tags, body: websiteSettingsInput, response: { 200: websiteSettingsSchema } },
      config: { ...config, version: { target: 'website_settings', id: () => 1 } },
    },
    (req) => req.write('admin', (ctx) => websiteSettingsService(ctx).update(req.body)),
  );

  app.get(
    '/api/public/website',
    {
      schema: {
        tags: ['public-content'],
        description: "The website's identity in one locale, defaults applied (a company name is always there). ETag and Cache-Control.",
        querystring: z.object({ locale: contentLocale }),
        response: { 200: publicWebsiteSchema },
      },
      config: { roles: 'public', fingerprint: false, conditional: true },
    },
    async (req, reply) => sendPublic(req, reply, await publicWebsite(req.read('visitor').db, req.query.locale)),
  );
}
