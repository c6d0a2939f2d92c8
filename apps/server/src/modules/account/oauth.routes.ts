import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  linkedIdentitySchema,
  OAUTH_KEYS,
  oauthProviderParam,
  oauthReturnBody,
  oauthUrlResponse,
  signInResponse,
} from '@bo/shared/schemas/account';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { requireIdentityProof } from '../../lib/identity/identity-proof.ts';
import { startFlow } from '../../lib/oauth/flows.ts';
import { providerIdentityOf } from '../../lib/oauth/provider-return.ts';
import { oauthStrategy } from '../../lib/sign-in/oauth-strategy.ts';
import { adminSignIn } from '../../lib/sign-in/admin-sign-in.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';

/** Google, Facebook and LINE sign-in, linking and unlinking (issue 10; docs/identity.md). */
export async function oauthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const signIn = adminSignIn(app);
  const enabled = (provider: OAuthProvider) => {
    if (!app.config.oauth[provider]) throw notFound();
  };
  const linkRefused = () => badRequest({ code: ['validate.error.oauth_failed'] });
  /** A flow is finished only by the browser (X-Fingerprint) that started it (lib/oauth/flows.ts). */
  const bindingOf = (req: FastifyRequest) => ({ fingerprint: signInClientOf(req).fingerprint });

  app.post(
    '/api/admin/account/oauth-url/:provider',
    {
      schema: {
        tags,
        description:
          "Starts signing in with a provider: the provider's authorization URL (PKCE, state, nonce) for the browser to open, bound to " +
          'this browser (X-Fingerprint): only it can finish the flow. 404 when the provider is not configured.',
        params: oauthProviderParam,
        response: { 200: oauthUrlResponse },
      },
      config: { roles: 'public' },
    },
    async (req) => {
      enabled(req.params.provider);
      const flow = { provider: req.params.provider, purpose: 'sign_in' as const, adminId: null, binding: bindingOf(req) };
      return { url: await startFlow(app.db, app.config, flow) };
    },
  );

  app.post(
    '/api/admin/account/oauth-login/:provider',
    {
      schema: {
        tags,
        description:
          'The code and state the provider sent the browser back to /oauth-return/{provider} with. Signs in the admin linked to that ' +
          'provider account (Google: or the active admin with its verified e-mail, linked then). 401 Login fail otherwise, and for a ' +
          'state that is unknown, used or expired. 400 `validate.error.oauth_other_browser` when another browser started the flow (it stays ' +
          'open for that browser; nobody is signed in).',
        params: oauthProviderParam,
        body: oauthReturnBody,
        response: { 200: signInResponse },
      },
      config: { roles: 'public', errors: [401, 404, 429] },
    },
    async (req) => {
      enabled(req.params.provider);
      const client = signInClientOf(req);
      return signIn(oauthStrategy(app, client), {
        credentials: { provider: req.params.provider, code: req.body.code, state: req.body.state },
        client,
        keepLogin: !!req.body.keep_login,
      });
    },
  );

  const linkable = async (req: FastifyRequest, provider: OAuthProvider) => {
    enabled(provider);
    if (req.actor.impersonatorId !== null) throw badRequest({ provider: ['validate.error.not_while_switched'] });
    await requireIdentityProof(app.db, req.actor.deviceId);
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
      return { url: await startFlow(app.db, app.config, flow) };
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
      const outcome = await providerIdentityOf(app, back, 'link', req.actor.id);
      if (!outcome.ok) throw outcome.refusal === 'other_browser' ? badRequest({ state: [OAUTH_KEYS.otherBrowser] }) : linkRefused();
      const { identity } = outcome;
      return req.inTransaction(async ({ trx, actor, audit }) => {
        const owner = await trx
          .selectFrom('admin_identities')
          .select('admin_id')
          .where('provider', '=', provider)
          .where('subject', '=', identity.subject)
          .executeTakeFirst();
        if (owner && owner.admin_id !== actor.id) throw conflict({ provider: ['validate.error.identity_taken'] });
        const now = new Date().toISOString();
        await trx.deleteFrom('admin_identities').where('admin_id', '=', actor.id).where('provider', '=', provider).execute();
        await trx
          .insertInto('admin_identities')
          .values({
            admin_id: actor.id,
            provider,
            subject: identity.subject,
            email: identity.email,
            name: identity.name,
            created_at: now,
            last_used_at: null,
          })
          .execute();
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
    async (req) => ({
      data: await app.db
        .selectFrom('admin_identities')
        .select(['provider', 'email', 'name', 'created_at', 'last_used_at'])
        .where('admin_id', '=', req.actor.id)
        .orderBy('provider')
        .execute(),
    }),
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
      req.inTransaction(async ({ trx, actor, audit }) => {
        await requireIdentityProof(trx, actor.deviceId);
        const gone = await trx
          .deleteFrom('admin_identities')
          .where('admin_id', '=', actor.id)
          .where('provider', '=', req.params.provider)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) throw notFound();
        await audit({ action: 'unlink_identity', target_type: 'admin', target_id: actor.id, after: { provider: req.params.provider } });
        return { message: 'OK' };
      }),
  );
}
