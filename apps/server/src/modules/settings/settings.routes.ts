import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_VERSION, appConfigSchema } from '@bo/shared/app-config';
import { OAUTH_PROVIDERS } from '@bo/shared/schemas/account';
import { loadAppConfig } from '../../lib/app-config.ts';
import { publicReads } from '../../lib/kit/request-context.ts';

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Public settings the web needs before sign-in (spec section 3: recaptcha.client and the app config). */
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['settings'],
        response: {
          200: z.object({
            recaptcha: z.object({ client: z.string().nullable() }),
            config: appConfigSchema,
            api_version: z.string(),
            /** Social sign-in providers configured on the server (issue 10); Google shows only with config.adminGoogleLogin too. */
            oauth_providers: z.array(z.enum(OAUTH_PROVIDERS)),
          }),
        },
      },
      config: { roles: 'public' },
    },
    async (req) => ({
      recaptcha: { client: app.config.recaptcha.siteKey },
      config: await loadAppConfig(publicReads(req)),
      api_version: API_VERSION,
      oauth_providers: OAUTH_PROVIDERS.filter((p) => app.config.oauth[p] !== null),
    }),
  );
}
