import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_VERSION } from '@bo/shared/app-config';
import { publicSettings } from '@bo/shared/schemas/settings';
import { OAUTH_PROVIDERS } from '@bo/shared/schemas/account';
import { loadAppConfig } from '../../lib/app-config.ts';
import { adminProviders } from '../../lib/oauth/providers.ts';

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Public settings the web needs before sign-in (spec section 3: recaptcha.client and the app config). */
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['settings'],
        response: {
          200: publicSettings,
        },
      },
      config: { roles: 'public' },
    },
    async (req) => {
      const config = await loadAppConfig(req.read('visitor').db);
      return {
        recaptcha: { client: app.config.recaptcha.siteKey },
        config,
        api_version: API_VERSION,
        oauth_providers: OAUTH_PROVIDERS.filter((p) => app.config.oauth[p] !== null),
        admin_oauth_providers: adminProviders(app.config.oauth, config.adminGoogleLogin),
        mail_enabled: app.mailer.enabled,
      };
    },
  );
}
