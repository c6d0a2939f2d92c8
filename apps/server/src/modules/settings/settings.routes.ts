import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_VERSION, appConfigSchema } from '@bo/shared/app-config';
import { loadAppConfig } from './app-config.repository.ts';

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Public settings the web needs before sign-in (spec section 3: recaptcha.client and the app config). */
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['settings'],
        response: {
          200: z.object({ recaptcha: z.object({ client: z.string().nullable() }), config: appConfigSchema, api_version: z.string() }),
        },
      },
      config: { roles: 'public' },
    },
    async () => ({
      recaptcha: { client: app.config.recaptcha.siteKey },
      config: await loadAppConfig(app.db),
      api_version: API_VERSION,
    }),
  );
}
