import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { oauthProviderParam, oauthUrlResponse } from '@bo/shared/schemas/account';
import { memberOAuthReturnBody, memberOAuthStartBody, memberSessionResponse } from '@bo/shared/schemas/member';
import { notFound } from '../../lib/errors.ts';
import { startFlow } from '../../lib/oauth/flows.ts';
import { memberOAuthStrategy } from '../../lib/sign-in/member-oauth-strategy.ts';
import { memberSignIn } from '../../lib/sign-in/member-sessions.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';
import { memberSessionAnswer, tokenOf } from './member-session-answer.ts';

const tags = ['member'];

/**
 * A member's sign-in with Google, Facebook or LINE (issue 12, docs/identity.md "Members"), for the
 * website: the flow is bound to the browser that starts it (lib/oauth/flows.ts) and ends through the
 * same sign-in pipeline as admins'. modules.member off: 404.
 */
export async function memberOAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signIn = memberSignIn(app);
  const session = (token: string) => memberSessionAnswer(app, token);

  const providerOn = (provider: keyof typeof app.config.oauth) => {
    if (!app.config.oauth[provider]) throw notFound();
  };
  app.post(
    '/api/member/account/oauth-url/:provider',
    {
      schema: {
        tags,
        description:
          "Starts a member's sign-in with a provider: its authorization URL (PKCE, state, nonce). The provider returns the browser to the " +
          "website's /member/oauth-return/{provider}. The flow is bound to this browser: its X-Fingerprint and, from the website, " +
          '`browser_binding` (its HttpOnly cookie); only the same pair finishes it. 404 when the provider is not configured.',
        params: oauthProviderParam,
        body: memberOAuthStartBody,
        response: { 200: oauthUrlResponse },
      },
      config: { roles: 'public', errors: [404] },
    },
    async (req) => {
      providerOn(req.params.provider);
      const binding = { fingerprint: signInClientOf(req).fingerprint, browserBinding: req.body?.browser_binding ?? null };
      return {
        url: await startFlow(app.db, app.config, { provider: req.params.provider, purpose: 'member_sign_in', adminId: null, binding }),
      };
    },
  );

  app.post(
    '/api/member/account/oauth-login/:provider',
    {
      schema: {
        tags,
        description:
          'The code and state the provider returned with: signs in the member linked to that provider account, or links the member with ' +
          'the provider-verified e-mail, or signs a new member up. 401 for a state that is unknown, used or expired, or a disabled member; ' +
          '400 `validate.error.oauth_other_browser` when another browser started the flow (nobody is signed in; the flow stays open).',
        params: oauthProviderParam,
        body: memberOAuthReturnBody,
        response: { 200: memberSessionResponse },
      },
      config: { roles: 'public', errors: [401, 404, 429] },
    },
    async (req) => {
      providerOn(req.params.provider);
      const client = signInClientOf(req);
      const answer = await signIn(memberOAuthStrategy(app, client), {
        credentials: {
          provider: req.params.provider,
          code: req.body.code,
          state: req.body.state,
          ...(req.body.browser_binding ? { browserBinding: req.body.browser_binding } : {}),
        },
        client,
        keepLogin: !!req.body.keep_login,
      });
      return session(tokenOf(answer));
    },
  );
}
