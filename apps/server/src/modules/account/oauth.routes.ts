import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkedIdentitySchema, OAUTH_KEYS, oauthProviderParam, oauthReturnBody, oauthUrlResponse } from '@bo/shared/schemas/account';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { requireIdentityProof } from '../../lib/identity/identity-proof.ts';
import { startFlow } from '../../lib/oauth/flows.ts';
import { adminProviders } from '../../lib/oauth/providers.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import { providerIdentityOf } from '../../lib/oauth/provider-return.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';
import { identityOwner, linkedIdentities, replaceIdentity, unlinkIdentity } from './admin-identities.repository.ts';

/**
 * Linking and unlinking Google, Facebook and LINE accounts (issue 10; docs/identity.md). Signing in
 * with them is an account route every principal has (lib/sign-in/account-routes.ts).
 */
export async function oauthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const linkRefused = () => badRequest({ code: ['validate.error.oauth_failed'] });
  /** A flow is finished only by the browser (X-Fingerprint) that started it (lib/oauth/flows.ts). */
  const bindingOf = (req: FastifyRequest) => ({ fingerprint: signInClientOf(req).fingerprint });

  const linkable = async (req: FastifyRequest, provider: OAuthProvider) => {
    const { db } = req.read('admin');
    if (!adminProviders(app.config.oauth, (await loadAppConfig(db)).adminGoogleLogin).includes(provider)) throw notFound();
    if (req.actor.impersonatorId !== null) throw badRequest({ provider: ['validate.error.not_while_switched'] });
    await requireIdentityProof(req.read('admin').db, req.actor.deviceId);
  };

  app.post(
    '/api/admin/account/oauth-link-url/:provider',
    {
      schema: {
        tags,
        description: "Starts linking a provider account to the signed-in admin (after verify-identity): the provider's authorization URL.",
        params: oauthProviderParam,
        response: { 200: oauthUrlResponse },
      },
      config: { roles: [], errors: [403, 404] },
    },
    async (req) => {
      await linkable(req, req.params.provider);
      const flow = { provider: req.params.provider, purpose: 'link' as const, adminId: req.actor.id, binding: bindingOf(req) };
      return { url: await req.write('admin', ({ trx }) => startFlow(trx, app.config, flow)) };
    },
  );

  app.post(
    '/api/admin/account/oauth-link/:provider',
    {
      schema: {
        tags,
        description:
          'Links the provider account the code proves to the signed-in admin; 409 when it is linked to another admin; 400 ' +
          '`validate.error.oauth_other_browser` when another browser started the flow (nothing is linked).',
        params: oauthProviderParam,
        body: oauthReturnBody.omit({ keep_login: true }),
        response: { 200: linkedIdentitySchema },
      },
      config: { roles: [], errors: [403, 404, 409] },
    },
    async (req) => {
      const { provider } = req.params;
      await linkable(req, provider);
      const back = { provider, code: req.body.code, state: req.body.state, binding: bindingOf(req) };
      const outcome = await providerIdentityOf(
        { config: app.config, log: app.log, inTransaction: (fn) => req.write('admin', fn) },
        back,
        'link',
        req.actor.id,
      );
      if (!outcome.ok) throw outcome.refusal === 'other_browser' ? badRequest({ state: [OAUTH_KEYS.otherBrowser] }) : linkRefused();
      const { identity } = outcome;
      return req.write('admin', async ({ trx, principal: actor, audit }) => {
        const owner = await identityOwner(trx, provider, identity.subject);
        if (owner && owner.admin_id !== actor.id) throw conflict({ provider: ['validate.error.identity_taken'] });
        const now = new Date().toISOString();
        await replaceIdentity(trx, actor.id, provider, identity, now);
        await audit({ action: 'link_identity', target_type: 'admin', target_id: actor.id, after: { provider, email: identity.email } });
        return { provider, email: identity.email, name: identity.name, created_at: now, last_used_at: null };
      });
    },
  );

  app.get(
    '/api/admin/account/identities',
    {
      schema: {
        tags,
        description: 'The provider accounts linked to the signed-in admin.',
        response: { 200: z.object({ data: z.array(linkedIdentitySchema) }) },
      },
      config: { roles: [] },
    },
    async (req) => ({ data: await linkedIdentities(req.read('admin').db, req.actor.id) }),
  );

  app.delete(
    '/api/admin/account/identities/:provider',
    {
      schema: {
        tags,
        description: 'Unlinks a provider account from the signed-in admin (after verify-identity).',
        params: oauthProviderParam,
        response: { 200: z.object({ message: z.string() }) },
      },
      config: { roles: [], errors: [403, 404] },
    },
    async (req) =>
      req.write('admin', async ({ trx, principal: actor, audit }) => {
        await requireIdentityProof(trx, actor.deviceId);
        if (!(await unlinkIdentity(trx, actor.id, req.params.provider))) throw notFound();
        await audit({ action: 'unlink_identity', target_type: 'admin', target_id: actor.id, after: { provider: req.params.provider } });
        return { message: 'OK' };
      }),
  );
}
