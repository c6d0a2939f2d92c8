import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmEmailChangeBody, oauthUrlResponse } from '@bo/shared/schemas/account';
import type { MailLocale } from '@bo/shared/schemas/mail';
import {
  memberChangeEmailBody,
  memberEmailCodeBody,
  memberLoginBody,
  memberOAuthReturnBody,
  memberOAuthStartBody,
  memberProfileBody,
  memberProfileSchema,
  memberResetBody,
  memberSendMailBody,
  memberSentResponse,
  memberSessionResponse,
  memberSignUpBody,
  memberTokenBody,
} from '@bo/shared/schemas/member';
import { emailChanges } from '../../lib/identity/email-change.ts';
import { proveMemberEmail } from '../../lib/identity/member-email-proof.ts';
import { memberGreeting, memberLinkMail, memberLinkProvesOnly, useMemberLink } from '../../lib/identity/member-links.ts';
import { paceSend } from '../../lib/identity/send-pacing.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';
import { memberAccounts } from '../../lib/sign-in/accounts.ts';
import { attemptLimiter } from '../../lib/sign-in/attempt-limiter.ts';
import { checkCurrentPassword } from '../../lib/sign-in/current-password.ts';
import { accountRoutes } from '../../lib/sign-in/account-routes.ts';
import type { AccountSide } from '../../lib/sign-in/account-side.ts';
import { memberOAuthStrategy } from '../../lib/sign-in/member-oauth-strategy.ts';
import { memberSignIn, openMemberSession } from '../../lib/sign-in/member-sessions.ts';
import { provenMember, type ProvenMember } from '../../lib/sign-in/proven-account.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';
import {
  confirmMemberEmail,
  insertMember,
  memberByEmail,
  renameMember,
  revokeMemberDevice,
  revokeMemberDevices,
  setMemberEmail,
  setMemberPassword,
} from './member-account.repository.ts';
import { memberSessionAnswer, tokenOf } from './member-session-answer.ts';
import { memberForMail, memberView } from './member.repository.ts';

const tags = ['member'];
const now = () => new Date().toISOString();

type MemberMailed = NonNullable<Awaited<ReturnType<typeof memberByEmail>>>;
type MemberSession = Awaited<ReturnType<typeof memberSessionAnswer>>;

/**
 * Members' side of the account routes (lib/sign-in/account-routes.ts): members and member devices,
 * no second factor; a sign-in answers the member too, and the site's confirmation rules apply (a
 * member signs in by password once the e-mail is confirmed; a code or a reset link confirms it).
 */
function memberSide(
  app: FastifyInstance,
): AccountSide<ProvenMember, MemberMailed, MemberSession, z.infer<typeof memberProfileBody>, undefined> {
  const changes = emailChanges(app.config.jwtSecret, 'member_email_change');
  const attempts = attemptLimiter(app);
  return {
    prefix: '/api/member/account',
    tags,
    accounts: memberAccounts,
    signIn: memberSignIn(app),
    signedIn: (req, response) => memberSessionAnswer(app.tokens, req.read('visitor').db, tokenOf(response)),
    mailedAccount: memberByEmail,
    password: {
      route: {
        description:
          'A member signs in with e-mail and password (attempt limiter and reCAPTCHA as for admins). 401 Login fail for any wrong ' +
          'credentials or a disabled member; 403 with `validate.error.email_not_confirmed` once the password is right but the e-mail is not confirmed.',
        body: memberLoginBody,
        response: { 200: memberSessionResponse },
        config: { roles: 'public', errors: [401, 403, 404, 423, 429] },
      },
    },
    emailCode: {
      route: {
        description:
          'With `email` alone: mails a member a six-digit sign-in code (ten minutes; the same answer for an e-mail with no active member; ' +
          'one a minute). With `email` and `code`: signs in; the code proves the e-mail, so it also confirms it, and drops a password ' +
          'chosen before the e-mail was proven (set one by the reset mail).',
        body: memberEmailCodeBody,
        response: { 200: z.union([memberSessionResponse, memberSentResponse]) },
        config: { roles: 'public', errors: [401, 404, 423, 429] },
      },
      pace: 'member_sign_in_code',
      purpose: 'member_sign_in',
      owner: (member) => ({ adminId: null, memberId: member.id }),
      greeting: memberGreeting,
      sent: { sent: true },
      async proved(req, signedIn) {
        if (signedIn.member.email_verified_at !== null) return signedIn;
        await req.write('visitor', (ctx) => proveMemberEmail(ctx.trx, signedIn.member.id));
        return { ...signedIn, member: await memberView(req.read('visitor').db, signedIn.member.id) };
      },
    },
    oauth: {
      url: {
        description:
          "Starts a member's sign-in with a provider: its authorization URL (PKCE, state, nonce). The provider returns the browser to the " +
          "website's /member/oauth-return/{provider}. The flow is bound to this browser: its X-Fingerprint and, from the website, " +
          '`browser_binding` (its HttpOnly cookie); only the same pair finishes it. 404 when the provider is not configured.',
        body: memberOAuthStartBody,
        response: { 200: oauthUrlResponse },
        config: { roles: 'public', errors: [404] },
      },
      login: {
        description:
          'The code and state the provider returned with: signs in the member linked to that provider account, or links the member with ' +
          'the provider-verified e-mail, or signs a new member up. 401 for a state that is unknown, used or expired, or a disabled member; ' +
          '400 `validate.error.oauth_other_browser` when another browser started the flow (nobody is signed in; the flow stays open).',
        body: memberOAuthReturnBody,
        response: { 200: memberSessionResponse },
        config: { roles: 'public', errors: [401, 404, 429] },
      },
      purpose: 'member_sign_in',
      binding: (client, browserBinding) => ({ fingerprint: client.fingerprint, browserBinding: browserBinding ?? null }),
      strategy: memberOAuthStrategy,
    },
    reset: {
      mailRoute: {
        description:
          'Mails an active member a single-use link to set a new password (30 minutes). The same answer for every e-mail; one a minute.',
        body: memberSendMailBody,
        response: { 200: memberSentResponse },
        config: { roles: 'public', errors: [404, 423, 429] },
      },
      byMailRoute: {
        description:
          "Sets the member's new password with the link's token (once); every browser the member was signed in on is signed out. " +
          'The link also confirms the e-mail it was sent to.',
        body: memberResetBody,
        response: { 204: z.null() },
        config: { roles: 'public', errors: [404, 429] },
      },
      pace: 'member_password_reset',
      mail: (trx, member, { locale, config }) => memberLinkMail(trx, config, { member, purpose: 'reset', locale }),
      async useLink(trx, token) {
        const link = await useMemberLink(trx, app.config, token, 'reset');
        await proveMemberEmail(trx, link.member_id);
        return { accountId: link.member_id };
      },
      setPassword: setMemberPassword,
      auditAs: (ctx) => ctx,
      answer: (reply) => reply.code(204).send(null),
    },
    profile: {
      get: {
        description: 'The signed-in member, with the e-mail change waiting for its code.',
        response: { 200: memberProfileSchema },
        config: { roles: 'member' },
      },
      put: {
        description: "Changes the member's name.",
        body: memberProfileBody,
        response: { 200: memberProfileSchema },
        config: { roles: 'member' },
      },
      view: async (req) => {
        const db = req.read('member').db;
        return { ...(await memberView(db, req.member.id)), pending_email: await changes.pending(db, { memberId: req.member.id }) };
      },
      update: (req) =>
        req.write('member', async ({ trx, audit }) => {
          const { name } = req.body;
          const before = await memberView(trx, req.member.id);
          await renameMember(trx, req.member.id, name, now());
          await audit({
            action: 'update_profile',
            target_type: 'member',
            target_id: req.member.id,
            before: { name: before.name },
            after: { name },
          });
        }),
    },
    emailChange: {
      start: {
        description:
          "Asks to change the member's e-mail, with the current password when the member has one: a code valid 30 minutes, with a " +
          "link to the website's profile, goes to the new address, a notice to the current one; nothing changes until the code is " +
          'confirmed. 400 `validate.error.password_incorrect` or `validate.error.email_unchanged`, 429 for a second request to the ' +
          'same address within a minute. An address another member has gets the same answer, pacing and mail (only the confirmation ' +
          "is refused, 409). The mails carry the website's brand; the one to the new address greets by that address.",
        body: memberChangeEmailBody,
        response: { 200: memberProfileSchema },
        config: { roles: 'member', errors: [404, 423, 429] },
      },
      confirm: {
        description:
          "Confirms the pending e-mail change with the code mailed to the new address: the member's e-mail becomes it, confirmed. A " +
          'wrong, used, replaced, cancelled or expired code, or a sixth try, is 400 `validate.error.email_change_invalid`.',
        body: confirmEmailChangeBody,
        response: { 200: memberProfileSchema },
        config: { roles: 'member', errors: [404, 409] },
      },
      cancel: {
        description: 'Cancels the pending e-mail change (its code stops working).',
        response: { 200: memberProfileSchema },
        config: { roles: 'member', errors: [404] },
      },
      purpose: 'member_email_change',
      pace: 'member_email_change',
      account: async (req) => {
        const m = await memberForMail(req.read('member').db, req.member.id);
        return { id: m.id, email: m.email, greeting: m.name || m.email, locale: m.locale === 'en-US' ? 'en-US' : 'zh-TW' };
      },
      owner: (memberId) => ({ memberId }),
      async prove(req) {
        // The session is the only proof a member without a password (code or provider sign-in) has.
        const m = await memberForMail(req.read('member').db, req.member.id);
        if (m.password_hash === null) return;
        await checkCurrentPassword(attempts, req, m, req.body.current_password ?? '');
      },
      taken: async (db, email, memberId) => {
        const found = await memberByEmail(db, email);
        return found !== undefined && found.id !== memberId;
      },
      takenOnRequest: 'same',
      brand: 'website',
      link: (code, config) => `${config.site.url}/member/profile?email_code=${encodeURIComponent(code)}`,
      door: 'member',
      setEmail: setMemberEmail,
    },
    sessions: {
      renew: {
        method: 'POST',
        description: "A new token for this browser's session (the current one dies at once), never past the session's end (401 then).",
        response: { 200: memberSessionResponse },
        config: { roles: 'member' },
      },
      logout: {
        method: 'POST',
        description: "Signs this browser out: the member device's token dies.",
        response: { 204: z.null() },
        config: { roles: 'member' },
      },
      async renewed(req) {
        const token = await req.write('member', ({ trx }) => app.tokens.issueMember(trx, req.member.deviceId));
        return memberSessionAnswer(app.tokens, req.read('member').db, token);
      },
      async close(req, reply) {
        await req.write('member', async ({ trx, audit }) => {
          await revokeMemberDevice(trx, req.member.deviceId, now());
          await audit({
            action: 'logout',
            target_type: 'member',
            target_id: req.member.id,
            after: { member_device_id: req.member.deviceId },
          });
        });
        return reply.code(204).send(null);
      },
      closeAll: revokeMemberDevices,
    },
  };
}

/**
 * The member's own routes (issue 12, docs/identity.md "Members"), for the website: the account routes
 * every principal has (sign-in by password, e-mail code or provider through the same pipeline as
 * admins, profile, renewal, sign-out, password reset by mail), and sign-up with a confirmation mail.
 * Public ones are 'public'; the rest need a member token ('member'), which opens nothing else.
 * modules.member off: every one answers 404.
 */
export async function memberAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  accountRoutes(app, memberSide(app));

  app.post(
    '/api/member/account/sign-up',
    {
      schema: {
        tags,
        description:
          'Signs a member up and mails a link to confirm the e-mail (72 hours; the mail greets by the address, never by the name); the ' +
          'member signs in once it is confirmed, with this password. The answer, and the time it takes, are the same when the e-mail ' +
          'already has a member: a confirmed one is mailed nothing and changed in nothing; an unconfirmed one keeps its first ' +
          "sign-up's password and link, and is mailed a link to set a password instead. One mail per address a minute (429).",
        body: memberSignUpBody,
        response: { 200: memberSentResponse },
      },
      config: { roles: 'public', errors: [404, 423, 429] },
    },
    async (req) => {
      const email = req.body.email.toLowerCase();
      const locale: MailLocale = req.body.locale ?? 'zh-TW';
      await paceSend(app.rateLimits, { kind: 'member_sign_up', email, ip: req.ip });
      await verifyRecaptcha(app.config, req.body.recaptcha, req.ip);
      // Hashed whatever the address: a new, a pending and a confirmed address take as long to answer.
      const passwordHash = await hashPassword(req.body.password);
      const existing = await memberByEmail(req.read('visitor').db, email);
      if (existing?.status === 'active' && existing.email_verified_at === null) {
        // The address waits for the confirmation of an earlier sign-up (perhaps not its owner's): that
        // sign-up's password and link stay, this password is dropped, and the address's owner is mailed
        // a link to set a password, which confirms the address (docs/identity.md "Unconfirmed members").
        await req.write('visitor', async (ctx) => {
          await ctx.sendMail(await memberLinkMail(ctx.trx, ctx.config, { member: existing, purpose: 'reset', locale }));
          await ctx.audit({
            action: 'send_reset_password_mail',
            target_type: 'member',
            target_id: existing.id,
            after: { reason: 'sign_up_again' },
          });
        });
      } else if (!existing) {
        await req.write('visitor', async (ctx) => {
          const at = now();
          const member = await insertMember(ctx.trx, {
            email,
            name: req.body.name,
            password_hash: passwordHash,
            status: 'active',
            email_verified_at: null,
            locale,
            last_sign_in_at: null,
            created_at: at,
            updated_at: at,
          });
          await ctx.sendMail(await memberLinkMail(ctx.trx, ctx.config, { member, purpose: 'confirm', locale }));
          await ctx.audit({
            action: 'sign_up',
            target_type: 'member',
            target_id: member.id,
            after: { email, name: req.body.name },
          });
        });
      }
      return { sent: true as const };
    },
  );

  app.post(
    '/api/member/account/confirm',
    {
      schema: {
        tags,
        description:
          "Confirms the member's e-mail with the link's token (once) and signs the member in on this browser. A sign-up's own " +
          "link keeps that sign-up's password; a resent link drops it (the member sets one by the password reset).",
        body: memberTokenBody,
        response: { 200: memberSessionResponse },
      },
      config: { roles: 'public', errors: [404, 429] },
    },
    async (req) => {
      const token = await req.write('visitor', async (ctx) => {
        const link = await useMemberLink(ctx.trx, app.config, req.body.token, 'confirm');
        if (memberLinkProvesOnly(link)) await proveMemberEmail(ctx.trx, link.member_id);
        else if (link.email_verified_at === null) await confirmMemberEmail(ctx.trx, link.member_id, now());
        await ctx.audit({ action: 'confirm_email', target_type: 'member', target_id: link.member_id });
        const opened = await openMemberSession(ctx, app, {
          principal: provenMember(link.member_id),
          client: signInClientOf(req),
          keepLogin: false,
        });
        return opened.token;
      });
      return memberSessionAnswer(app.tokens, req.read('visitor').db, token);
    },
  );
}
