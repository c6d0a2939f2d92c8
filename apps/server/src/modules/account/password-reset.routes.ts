import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordLinkBody, passwordLinkSchema } from '@bo/shared/schemas/account';
import { openPasswordLink } from '../../lib/identity/password-links.ts';

/**
 * Whom a set-password link is for (issue 10). The reset mail and the reset by its link are account
 * routes every principal has (lib/sign-in/account-routes.ts); invitations' links are set the same way.
 */
export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/account/password-link',
    {
      schema: {
        tags: ['account'],
        description:
          "Whom a set-password link (reset or invitation) is for, while it is valid: the set-password page's heading. 400 when it is not.",
        body: passwordLinkBody,
        response: { 200: passwordLinkSchema },
      },
      config: { roles: 'public' },
    },
    async (req) => {
      const link = await openPasswordLink(req.read('visitor').db, app.config, req.body.token);
      return { email: link.email, name: link.name, purpose: link.purpose, expires_at: link.expires_at };
    },
  );
}
