import type { FastifyInstance } from 'fastify';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import { visitor } from '../context/principals.ts';
import { appHost, contextsOf } from '../context/request-context.ts';
import type { Trx } from '../../db/database.ts';
import { proveMemberEmail } from '../identity/member-email-proof.ts';
import { insertMember, memberByEmail } from '../members.repository.ts';
import { insertMemberIdentity, memberHasProvider, memberLinkedTo, touchMemberIdentity } from '../oauth/oauth-identities.repository.ts';
import type { ProviderIdentity } from '../oauth/providers.ts';
import type { Claim, CredentialStrategy } from './credential-strategy.ts';
import { providerIdentityOf } from '../oauth/provider-return.ts';
import { returnFailure, type OAuthCredentials } from './oauth-strategy.ts';
import { provenMember, type ProvenMember } from './proven-account.ts';
import type { SignInClient } from './sign-in-client.ts';

/**
 * A member signs in with Google, Facebook or LINE (issue 12): the member linked to the provider
 * account; else, with a provider-verified e-mail (Google), the member with that e-mail, linked then;
 * else a new member is signed up with what the provider tells (its e-mail when it gives one that no
 * member has, confirmed only when the provider verified it). Linking an unconfirmed member by a
 * verified e-mail confirms it and drops its pending password (lib/identity/member-email-proof.ts). Members sign up freely; admins never do.
 */
export function memberOAuthStrategy(app: FastifyInstance, client: SignInClient): CredentialStrategy<OAuthCredentials, ProvenMember> {
  const asVisitor = contextsOf(appHost(app), visitor(client));

  const link = async (trx: Trx, memberId: number, provider: OAuthProvider, identity: ProviderIdentity, now: string) => {
    await insertMemberIdentity(trx, {
      member_id: memberId,
      provider,
      subject: identity.subject,
      email: identity.email,
      name: identity.name,
      created_at: now,
      last_used_at: now,
    });
  };

  const findOrSignUp = async (provider: OAuthProvider, identity: ProviderIdentity): Promise<{ id: number; status: string }> => {
    const now = new Date().toISOString();
    const email = identity.email?.toLowerCase() ?? null;
    const { db } = asVisitor.read();
    if (email && identity.emailVerified) {
      const member = await memberByEmail(db, email);
      if (member && !(await memberHasProvider(db, member.id, provider))) {
        await asVisitor.inTransaction(async ({ trx, audit }) => {
          await link(trx, member.id, provider, identity, now);
          // The provider proved the address: a password someone chose before that is dropped.
          if (member.email_verified_at === null) await proveMemberEmail(trx, member.id);
          await audit({
            action: 'link_identity',
            target_type: 'member',
            target_id: member.id,
            after: { provider, email, automatic: true },
          });
        });
        return member;
      }
    }
    const free = email && !(await memberByEmail(db, email));
    return asVisitor.inTransaction(async ({ trx, audit }) => {
      const created = await insertMember(trx, {
        email: free ? email : `${provider}.${identity.subject}@${provider}.invalid`.toLowerCase(),
        name: identity.name?.slice(0, 100) || email?.split('@')[0] || provider,
        password_hash: null,
        status: 'active',
        email_verified_at: free && identity.emailVerified ? now : null,
        locale: 'zh-TW',
        last_sign_in_at: null,
        created_at: now,
        updated_at: now,
      });
      await link(trx, created.id, provider, identity, now);
      await audit({ action: 'sign_up', target_type: 'member', target_id: created.id, after: { provider } });
      return created;
    });
  };

  return {
    principalType: 'member',
    methodOf: ({ provider }) => provider,
    async claim({ provider }): Promise<Claim<ProvenMember>> {
      return { account: `member-oauth:${provider}`, principal: null, attempted: { provider } };
    },
    async verify({ provider, code, state, browserBinding }) {
      const binding = { fingerprint: client.fingerprint, browserBinding: browserBinding ?? null };
      const reads = asVisitor.read();
      const outcome = await providerIdentityOf(
        { config: reads.config, log: app.log, inTransaction: (fn) => asVisitor.inTransaction(fn) },
        { provider, code, state, binding },
        'member_sign_in',
      );
      if (!outcome.ok) return { ok: false, failure: returnFailure(outcome) };
      const { identity } = outcome;
      const linked = await memberLinkedTo(reads.db, provider, identity.subject);
      const member = linked ?? (await findOrSignUp(provider, identity));
      if (member.status !== 'active') return { ok: false, failure: 'disabled' };
      if (linked) {
        await asVisitor.inTransaction(({ trx }) => touchMemberIdentity(trx, provider, identity.subject, new Date().toISOString()));
      }
      return { ok: true, principal: provenMember(member.id) };
    },
  };
}
