import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailOtpBody, emailOtpResponse } from '@bo/shared/schemas/account';
import { CODE_RULES, oneTimeCodes } from '../../lib/identity/one-time-codes.ts';
import { paceSend, SEND_PACING } from '../../lib/identity/send-pacing.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';
import { emailCodeStrategy } from '../../lib/sign-in/email-code-strategy.ts';
import { adminSignIn } from '../../lib/sign-in/admin-sign-in.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';

/** Sign-in by a code mailed to the admin (POST /api/admin/account/login-via-email-otp, issue 10). */
export async function emailOtpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signIn = adminSignIn(app);
  const strategy = emailCodeStrategy(app.db, app.config.jwtSecret);
  const codes = oneTimeCodes(app.config.jwtSecret);

  app.post(
    '/api/admin/account/login-via-email-otp',
    {
      schema: {
        tags: ['account'],
        description:
          'With `email` alone: mails a six-digit sign-in code valid ten minutes (the same answer for an e-mail with no active account; ' +
          'another code for the address after a minute, 429 before). With `email` and `code`: signs in like the password form ' +
          '(same token and login device); a wrong, used, replaced or expired code, or a sixth try, is 401 Login fail.',
        body: emailOtpBody,
        response: { 200: emailOtpResponse },
      },
      config: { roles: 'public', errors: [401, 423, 429] },
    },
    async (req) => {
      const { email, code, keep_login, recaptcha, locale } = req.body;
      if (code !== undefined) {
        return signIn(strategy, {
          credentials: { email, code },
          client: signInClientOf(req),
          keepLogin: !!keep_login,
          recaptcha: { token: recaptcha },
        });
      }
      const address = email.toLowerCase();
      await paceSend(app.rateLimits, { kind: 'sign_in_code', email: address, ip: req.ip });
      await verifyRecaptcha(app.config, recaptcha, req.ip);
      const admin = await app.db
        .selectFrom('admins')
        .select(['id', 'name', 'email', 'status'])
        .where('email', '=', address)
        .executeTakeFirst();
      if (admin?.status === 'active') {
        await req.inVisitorTransaction(async ({ trx, sendMail }) => {
          const plain = await codes.issue(trx, { email: address, adminId: admin.id, purpose: 'sign_in', ip: req.ip });
          await sendMail({
            to: admin.email,
            template: 'sign_in_code',
            locale: locale ?? 'zh-TW',
            variables: { name: admin.name || admin.email, code: plain, expiresInMinutes: CODE_RULES.ttlSeconds / 60 },
            adminId: admin.id,
          });
        });
      }
      return { sent: true as const, resend_after: SEND_PACING.perAddressSeconds, expires_in: CODE_RULES.ttlSeconds };
    },
  );
}
