import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { memberPasswordBody, memberSendMailBody, memberSentResponse, memberSessionResponse } from '@bo/shared/schemas/member';
import { badRequest } from '../../lib/errors.ts';
import { memberLinkMail } from '../../lib/identity/member-links.ts';
import { paceSend } from '../../lib/identity/send-pacing.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';
import { attemptLimiter } from '../../lib/sign-in/attempt-limiter.ts';
import { checkCurrentPassword } from '../../lib/sign-in/current-password.ts';
import { memberByEmail, revokeOtherMemberDevices, setMemberPassword } from './member-account.repository.ts';
import { memberSessionAnswer } from './member-session-answer.ts';
import { memberForMail } from './member.repository.ts';

const tags = ['member'];

/**
 * Issue 26: what a member does for itself beyond the shared account routes: changing its password with
 * the current one, and asking for the sign-up's confirmation mail again. (The e-mail change is one of
 * the shared routes, lib/sign-in/account-routes.ts.)
 */
export async function memberSelfServiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Sign-in and the password change guess the same secret: one limiter, one policy (attempt-limiter.ts).
  const attempts = attemptLimiter(app);

  app.put(
    '/api/member/account/password',
    {
      schema: {
        tags,
        description:
          "Changes the signed-in member's password with the current one (400 `current_password: validate.error.password_incorrect`; " +
          'wrong ones count like sign-in attempts from this browser). Every other browser of the member is signed out; this one ' +
          'gets a new token (the old one dies at once).',
        body: memberPasswordBody,
        response: { 200: memberSessionResponse },
      },
      config: { roles: 'member', errors: [404, 429] },
    },
    async (req) => {
      if (req.body.password.length < app.config.passwordMinLength) throw badRequest({ password: [VALIDATION_KEYS.tooShort] });
      const reads = req.read('member').db;
      const member = await memberForMail(reads, req.member.id);
      await checkCurrentPassword(attempts, req, member, req.body.current_password);
      const passwordHash = await hashPassword(req.body.password);
      const token = await req.write('member', async ({ trx, audit }) => {
        const at = new Date().toISOString();
        await setMemberPassword(trx, member.id, passwordHash, at);
        await revokeOtherMemberDevices(trx, member.id, req.member.deviceId, at);
        await audit({ action: 'reset_password', target_type: 'member', target_id: member.id });
        return app.tokens.issueMember(trx, req.member.deviceId);
      });
      return memberSessionAnswer(app.tokens, reads, token);
    },
  );

  app.post(
    '/api/member/account/resend-confirmation',
    {
      schema: {
        tags,
        description:
          'Mails a new confirmation link (72 hours; the earlier one dies) to an active member whose e-mail is not confirmed yet. ' +
          "The link proves the address and drops the sign-up's password: the member is signed in and sets a password. " +
          'The same answer for every e-mail; paced with sign-up mails: one per address a minute (429).',
        body: memberSendMailBody,
        response: { 200: memberSentResponse },
      },
      config: { roles: 'public', errors: [404, 423, 429] },
    },
    async (req) => {
      const email = req.body.email.toLowerCase();
      await paceSend(app.rateLimits, { kind: 'member_sign_up', email, ip: req.ip });
      await verifyRecaptcha(app.config, req.body.recaptcha, req.ip);
      const member = await memberByEmail(req.read('visitor').db, email);
      if (member?.status === 'active' && member.email_verified_at === null) {
        await req.write('visitor', async (ctx) => {
          const locale = req.body.locale ?? 'zh-TW';
          // Anyone can ask for this mail, so its link only proves the address: the pending password
          // (perhaps typed by someone else) is dropped when it is used (docs/identity.md "Unconfirmed members").
          await ctx.sendMail(
            await memberLinkMail(ctx.trx, ctx.config, { member, purpose: 'confirm', locale, keepsPendingPassword: false }),
          );
          await ctx.audit({ action: 'send_confirmation_mail', target_type: 'member', target_id: member.id });
        });
      }
      return { sent: true as const };
    },
  );
}
