import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  memberEmailCodeBody,
  memberLoginBody,
  memberProfileBody,
  memberResetBody,
  memberSchema,
  memberSendMailBody,
  memberSentResponse,
  memberSessionResponse,
  memberSignUpBody,
  memberTokenBody,
} from '@bo/shared/schemas/member';
import type { MailLocale } from '@bo/shared/schemas/mail';
import { proveMemberEmail } from '../../lib/identity/member-email-proof.ts';
import { memberGreeting, memberLinkMail, useMemberLink } from '../../lib/identity/member-links.ts';
import { CODE_RULES, oneTimeCodes } from '../../lib/identity/one-time-codes.ts';
import { paceSend } from '../../lib/identity/send-pacing.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';
import { memberAccounts } from '../../lib/sign-in/accounts.ts';
import { emailCodeStrategy } from '../../lib/sign-in/email-code-strategy.ts';
import { memberSignIn, openMemberSession } from '../../lib/sign-in/member-sessions.ts';
import { passwordStrategy } from '../../lib/sign-in/password-strategy.ts';
import { memberPrincipal } from '../../lib/sign-in/principal.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';
import { memberSessionAnswer, tokenOf } from './member-session-answer.ts';
import { memberView } from './member.repository.ts';

const tags = ['member'];

/**
 * The member's own routes (issue 12, docs/identity.md "Members"), for the website: sign-up with a
 * confirmation mail, sign-in by password, e-mail code or provider through the same pipeline as admins,
 * profile, sign-out, password reset by mail. Public ones are 'public'; the rest need a member token
 * ('member'), which opens nothing else. modules.member off: every one answers 404.
 */
export async function memberAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signIn = memberSignIn(app);
  const codes = oneTimeCodes(app.config.jwtSecret);

  const session = (token: string) => memberSessionAnswer(app, token);
  const activeByEmail = (email: string) =>
    app.db
      .selectFrom('members')
      .select(['id', 'email', 'name', 'status', 'password_hash', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirst();

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
      const existing = await activeByEmail(email);
      if (existing?.status === 'active' && existing.email_verified_at === null) {
        // The address waits for the confirmation of an earlier sign-up (perhaps not its owner's): that
        // sign-up's password and link stay, this password is dropped, and the address's owner is mailed
        // a link to set a password, which confirms the address (docs/identity.md "Unconfirmed members").
        await req.inVisitorTransaction(async (ctx) => {
          await ctx.sendMail(await memberLinkMail(ctx.trx, app.config, { member: existing, purpose: 'reset', locale }));
          await ctx.audit({
            action: 'send_reset_password_mail',
            target_type: 'member',
            target_id: existing.id,
            after: { reason: 'sign_up_again' },
          });
        });
      } else if (!existing) {
        await req.inVisitorTransaction(async (ctx) => {
          const now = new Date().toISOString();
          const member = await ctx.trx
            .insertInto('members')
            .values({
              email,
              name: req.body.name,
              password_hash: passwordHash,
              status: 'active',
              email_verified_at: null,
              locale,
              last_sign_in_at: null,
              created_at: now,
              updated_at: now,
            })
            .returning(['id', 'email', 'name', 'password_hash', 'email_verified_at'])
            .executeTakeFirstOrThrow();
          await ctx.sendMail(await memberLinkMail(ctx.trx, app.config, { member, purpose: 'confirm', locale }));
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
        description: "Confirms the member's e-mail with the link's token (once) and signs the member in on this browser.",
        body: memberTokenBody,
        response: { 200: memberSessionResponse },
      },
      config: { roles: 'public', errors: [404, 429] },
    },
    async (req) => {
      const token = await req.inVisitorTransaction(async (ctx) => {
        const link = await useMemberLink(ctx.trx, app.config, req.body.token, 'confirm');
        const now = new Date().toISOString();
        if (link.email_verified_at === null)
          await ctx.trx.updateTable('members').set({ email_verified_at: now, updated_at: now }).where('id', '=', link.member_id).execute();
        await ctx.audit({ action: 'confirm_email', target_type: 'member', target_id: link.member_id });
        const opened = await openMemberSession(ctx, app, {
          principal: memberPrincipal(link.member_id),
          client: signInClientOf(req),
          keepLogin: false,
        });
        return opened.token;
      });
      return session(token);
    },
  );

  app.post(
    '/api/member/account/login',
    {
      schema: {
        tags,
        description:
          'A member signs in with e-mail and password (attempt limiter and reCAPTCHA as for admins). 401 Login fail for any wrong ' +
          'credentials or a disabled member; 403 with `validate.error.email_not_confirmed` once the password is right but the e-mail is not confirmed.',
        body: memberLoginBody,
        response: { 200: memberSessionResponse },
      },
      config: { roles: 'public', errors: [401, 403, 404, 423, 429] },
    },
    async (req) =>
      session(
        tokenOf(
          await signIn(passwordStrategy(app.db, memberAccounts), {
            credentials: { email: req.body.email, password: req.body.password },
            client: signInClientOf(req),
            keepLogin: !!req.body.keep_login,
            recaptcha: { token: req.body.recaptcha },
          }),
        ),
      ),
  );

  const codeStrategy = emailCodeStrategy(app.db, app.config.jwtSecret, memberAccounts);
  app.post(
    '/api/member/account/login-via-email-otp',
    {
      schema: {
        tags,
        description:
          'With `email` alone: mails a member a six-digit sign-in code (ten minutes; the same answer for an e-mail with no active member; ' +
          'one a minute). With `email` and `code`: signs in; the code proves the e-mail, so it also confirms it, and drops a password ' +
          'chosen before the e-mail was proven (set one by the reset mail).',
        body: memberEmailCodeBody,
        response: { 200: z.union([memberSessionResponse, memberSentResponse]) },
      },
      config: { roles: 'public', errors: [401, 404, 423, 429] },
    },
    async (req) => {
      const { email, code, keep_login, recaptcha, locale } = req.body;
      if (code !== undefined) {
        const answer = await signIn(codeStrategy, {
          credentials: { email, code },
          client: signInClientOf(req),
          keepLogin: !!keep_login,
          recaptcha: { token: recaptcha },
        });
        const signedIn = await session(tokenOf(answer));
        if (signedIn.member.email_verified_at !== null) return signedIn;
        await req.inVisitorTransaction((ctx) => proveMemberEmail(ctx.trx, signedIn.member.id));
        return { ...signedIn, member: await memberView(app.db, signedIn.member.id) };
      }
      const address = email.toLowerCase();
      await paceSend(app.rateLimits, { kind: 'member_sign_in_code', email: address, ip: req.ip });
      await verifyRecaptcha(app.config, recaptcha, req.ip);
      const member = await activeByEmail(address);
      if (member?.status === 'active') {
        await req.inVisitorTransaction(async (ctx) => {
          const plain = await codes.issue(ctx.trx, {
            email: address,
            adminId: null,
            memberId: member.id,
            purpose: 'member_sign_in',
            ip: req.ip,
          });
          await ctx.sendMail({
            to: member.email,
            template: 'sign_in_code',
            locale: locale ?? 'zh-TW',
            variables: { name: memberGreeting(member), code: plain, expiresInMinutes: CODE_RULES.ttlSeconds / 60 },
          });
        });
      }
      return { sent: true as const };
    },
  );

  app.post(
    '/api/member/account/send-reset-password-mail',
    {
      schema: {
        tags,
        description:
          'Mails an active member a single-use link to set a new password (30 minutes). The same answer for every e-mail; one a minute.',
        body: memberSendMailBody,
        response: { 200: memberSentResponse },
      },
      config: { roles: 'public', errors: [404, 423, 429] },
    },
    async (req) => {
      const email = req.body.email.toLowerCase();
      await paceSend(app.rateLimits, { kind: 'member_password_reset', email, ip: req.ip });
      await verifyRecaptcha(app.config, req.body.recaptcha, req.ip);
      const member = await activeByEmail(email);
      if (member?.status === 'active') {
        await req.inVisitorTransaction(async (ctx) => {
          await ctx.sendMail(await memberLinkMail(ctx.trx, app.config, { member, purpose: 'reset', locale: req.body.locale ?? 'zh-TW' }));
          await ctx.audit({ action: 'send_reset_password_mail', target_type: 'member', target_id: member.id });
        });
      }
      return { sent: true as const };
    },
  );

  app.post(
    '/api/member/account/reset-password-by-mail',
    {
      schema: {
        tags,
        description:
          "Sets the member's new password with the link's token (once); every browser the member was signed in on is signed out. " +
          'The link also confirms the e-mail it was sent to.',
        body: memberResetBody,
        response: { 204: z.null() },
      },
      config: { roles: 'public', errors: [404, 429] },
    },
    async (req, reply) => {
      const passwordHash = await hashPassword(req.body.password);
      await req.inVisitorTransaction(async ({ trx, audit }) => {
        const link = await useMemberLink(trx, app.config, req.body.token, 'reset');
        const now = new Date().toISOString();
        await proveMemberEmail(trx, link.member_id);
        await trx.updateTable('members').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', link.member_id).execute();
        await trx
          .updateTable('member_devices')
          .set({ revoked_at: now, token_id: null })
          .where('member_id', '=', link.member_id)
          .where('revoked_at', 'is', null)
          .execute();
        await audit({ action: 'reset_password_by_mail', target_type: 'member', target_id: link.member_id });
      });
      return reply.code(204).send(null);
    },
  );

  // ---- signed in (a member token) ----

  app.get(
    '/api/member/account/profile',
    {
      schema: { tags, description: 'The signed-in member.', response: { 200: memberSchema } },
      config: { roles: 'member' },
    },
    (req) => memberView(app.db, req.member.id),
  );

  app.put(
    '/api/member/account/profile',
    {
      schema: { tags, description: "Changes the member's name.", body: memberProfileBody, response: { 200: memberSchema } },
      config: { roles: 'member' },
    },
    async (req) => {
      const before = await memberView(app.db, req.member.id);
      await req.inMemberTransaction(async ({ trx, audit }) => {
        await trx
          .updateTable('members')
          .set({ name: req.body.name, updated_at: new Date().toISOString() })
          .where('id', '=', req.member.id)
          .execute();
        await audit({
          action: 'update_profile',
          target_type: 'member',
          target_id: req.member.id,
          before: { name: before.name },
          after: { name: req.body.name },
        });
      });
      return memberView(app.db, req.member.id);
    },
  );

  app.post(
    '/api/member/account/renew',
    {
      schema: {
        tags,
        description: "A new token for this browser's session (the current one dies at once), never past the session's end (401 then).",
        response: { 200: memberSessionResponse },
      },
      config: { roles: 'member' },
    },
    async (req) => session(await req.inMemberTransaction(({ trx }) => app.tokens.issueMember(trx, req.member.deviceId))),
  );

  app.post(
    '/api/member/account/logout',
    {
      schema: { tags, description: "Signs this browser out: the member device's token dies.", response: { 204: z.null() } },
      config: { roles: 'member' },
    },
    async (req, reply) => {
      await req.inMemberTransaction(async ({ trx, audit }) => {
        await trx
          .updateTable('member_devices')
          .set({ revoked_at: new Date().toISOString(), token_id: null })
          .where('id', '=', req.member.deviceId)
          .execute();
        await audit({
          action: 'logout',
          target_type: 'member',
          target_id: req.member.id,
          after: { member_device_id: req.member.deviceId },
        });
      });
      return reply.code(204).send(null);
    },
  );
}
