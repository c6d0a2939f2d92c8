import type { FastifyInstance } from 'fastify';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import { adminActing, visitor } from '../context/principals.ts';
import { appHost, contextsOf } from '../context/request-context.ts';
import { adminByEmail } from '../admins.repository.ts';
import { adminHasProvider, adminLinkedTo, insertAdminIdentity, touchAdminIdentity } from '../oauth/oauth-identities.repository.ts';
import type { ProviderIdentity } from '../oauth/providers.ts';
import { providerIdentityOf, type ReturnOutcome } from '../oauth/provider-return.ts';
import type { Claim, CredentialStrategy, SignInFailure } from './credential-strategy.ts';
import { provenAdmin, type ProvenAdmin } from './proven-account.ts';
import type { SignInClient } from './sign-in-client.ts';

export interface OAuthCredentials {
  provider: OAuthProvider;
  code: string;
  state: string;
  /** The website's `site_oauth` cookie value (members on the site); the API's callers have only their X-Fingerprint. */
  browserBinding?: string;
}

/** Why a provider's return signs nobody in, as the sign-in pipeline answers it. */
export const returnFailure = (outcome: Extract<ReturnOutcome, { ok: false }>): SignInFailure =>
  outcome.refusal === 'other_browser' ? 'other_browser' : 'wrong_secret';

/**
 * Google, Facebook or LINE: the authorization code the provider sent the browser back with. Only an
 * admin linked to the provider account signs in; Google may link itself the first time by a verified
 * e-mail of an active admin (LINE's and Facebook's e-mails are not verified: never).
 */
export function oauthStrategy(app: FastifyInstance, client: SignInClient): CredentialStrategy<OAuthCredentials, ProvenAdmin> {
  // Until the provider has answered, whoever returns is a visitor.
  const asVisitor = contextsOf(appHost(app), visitor(client));
  const autoLink = async (provider: OAuthProvider, identity: ProviderIdentity): Promise<number | null> => {
    if (provider !== 'google' || !identity.emailVerified || !identity.email) return null;
    const { db } = asVisitor.read();
    const admin = await adminByEmail(db, identity.email);
    if (admin?.status !== 'active') return null;
    if (await adminHasProvider(db, admin.id, provider)) return null;
    // The provider proved the admin's e-mail: the link is the admin's own doing.
    await contextsOf(appHost(app), adminActing(admin.id, client)).inTransaction(async ({ trx, audit }) => {
      await insertAdminIdentity(trx, {
        admin_id: admin.id,
        provider,
        subject: identity.subject,
        email: identity.email,
        name: identity.name,
        created_at: new Date().toISOString(),
        last_used_at: null,
      });
      await audit({
        action: 'link_identity',
        target_type: 'admin',
        target_id: admin.id,
        after: { provider, email: identity.email, automatic: true },
      });
    });
    return admin.id;
  };

  return {
    principalType: 'admin',
    methodOf: ({ provider }) => provider,
    // Whom the attempt aims at is only known from the provider: the limiter counts per provider and address.
    async claim({ provider }): Promise<Claim<ProvenAdmin>> {
      return { account: `oauth:${provider}`, principal: null, attempted: { provider } };
    },
    async verify({ provider, code, state }) {
      const reads = asVisitor.read();
      const back = { provider, code, state, binding: { fingerprint: client.fingerprint } };
      const outcome = await providerIdentityOf(
        { config: reads.config, log: app.log, inTransaction: (fn) => asVisitor.inTransaction(fn) },
        back,
        'sign_in',
      );
      if (!outcome.ok) return { ok: false, failure: returnFailure(outcome) };
      const { identity } = outcome;
      const linked = await adminLinkedTo(reads.db, provider, identity.subject);
      const adminId = linked?.id ?? (await autoLink(provider, identity));
      if (adminId === null) return { ok: false, failure: 'unknown_account' };
      if (linked && linked.status !== 'active') return { ok: false, failure: 'disabled' };
      await asVisitor.inTransaction(({ trx }) => touchAdminIdentity(trx, provider, identity.subject, new Date().toISOString()));
      return { ok: true, principal: provenAdmin(adminId) };
    },
  };
}
