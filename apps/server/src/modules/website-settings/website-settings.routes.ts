import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { contentLocale } from '@bo/shared/schemas/content';
import { publicWebsiteSchema, websiteSettingsInput, websiteSettingsSchema } from '@bo/shared/schemas/website-settings';
import { z } from 'zod';
import { sendPublic } from '../../lib/public-read.ts';
import { publicWebsite, websiteSettingsReads, websiteSettingsService } from './website-settings.service.ts';

/** The website's identity: read and replaced by page editors and super admins; the site reads it through the public route. */
export async function websiteSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['website-settings'];
  const config = { roles: ROLES.website };

  app.get('/api/admin/website-settings', { schema: { tags, response: { 200: websiteSettingsSchema } }, config }, (req) =>
    websiteSettingsReads(req.read('admin')).read(),
  );

  app.put(
    '/api/admin/website-settings/update',
    { schema: { tags, body: websiteSettingsInput, response: { 200: websiteSettingsSchema } }, config },
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
