import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityCodeBody, identityCodeResponse, verifyIdentityBody, verifyIdentityResponse } from '@bo/shared/schemas/account';
import { badRequest } from '../../lib/errors.ts';
import { grantIdentityProof } from '../../lib/identity/identity-proof.ts';
import { CODE_RULES, oneTimeCodes } from '../../lib/identity/one-time-codes.ts';
import { paceSend, SEND_PACING } from '../../lib/identity/send-pacing.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { attemptLimiter } from '../../lib/sign-in/attempt-limiter.ts';
import { fingerprintOf } from '../../lib/sign-in/sign-in-client.ts';

/** POST /api/admin/account/verify-identity and the code it can mail (issue 10). */
export async function verifyIdentityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const codes = oneTimeCodes(app.config.jwtSecret);
  // Guessing the password or the code with a stolen token is limited like the password change (one policy).
  const attempts = attemptLimiter(app);

  app.post(
    '/api/admin/account/verify-identity',
    {
      schema: {
        tags,
        description:
          'Proves the signed-in admin is at the keyboard, by password or by a code from POST …/verify-identity/send-code, for five ' +
          'minutes on this device: changing the password or e-mail, linking a provider, two-factor, signing out other devices and ' +
          "resetting another admin's password ask for it (403 Identity verification required without it).",
        body: verifyIdentityBody,
        response: { 200: verifyIdentityResponse },
      },
      config: { roles: [], beforePasswordChange: true, errors: [429] },
    },
    async (req) => {
      const actor = req.actor;
      if (actor.impersonatorId !== null) throw badRequest({ password: ['validate.error.not_while_switched'] });
      const admin = await app.db
        .selectFrom('admins')
        .select(['email', 'password_hash'])
        .where('id', '=', actor.id)
        .executeTakeFirstOrThrow();
      const attempt = { account: admin.email, ip: req.ip, knownBrowser: fingerprintOf(req) };
      await attempts.check(attempt);
      if (req.body.password !== undefined) {
        if (!(await verifyPassword(admin.password_hash, req.body.password)))
          throw badRequest({ password: ['validate.error.password_incorrect'] });
      } else {
        const { result, adminId } = await codes.check(app.db, {
          email: admin.email,
          purpose: 'verify_identity',
          code: req.body.code ?? '',
        });
        if (result !== 'ok' || adminId !== actor.id) throw badRequest({ code: ['validate.error.code_incorrect'] });
      }
      await attempts.succeed(attempt);
      return req.inTransaction(async ({ trx, audit }) => {
        const verified_until = await grantIdentityProof(trx, actor.deviceId);
        await audit({
          action: 'verify_identity',
          target_type: 'admin',
          target_id: actor.id,
          after: { method: req.body.password !== undefined ? 'password' : 'code' },
        });
        return { verified_until };
      });
    },
  );

  app.post(
    '/api/admin/account/verify-identity/send-code',
    {
      schema: {
        tags,
        description: 'Mails the signed-in admin a six-digit code for verify-identity (ten minutes; another after a minute, 429 before).',
        body: identityCodeBody,
        response: { 200: identityCodeResponse },
      },
      config: { roles: [], beforePasswordChange: true, errors: [429] },
    },
    async (req) => {
      const actor = req.actor;
      if (actor.impersonatorId !== null) throw badRequest({ code: ['validate.error.not_while_switched'] });
      const admin = await app.db.selectFrom('admins').select(['id', 'email', 'name']).where('id', '=', actor.id).executeTakeFirstOrThrow();
      await paceSend(app.rateLimits, { kind: 'identity_code', email: admin.email, ip: req.ip });
      await req.inTransaction(async ({ trx, sendMail }) => {
        const code = await codes.issue(trx, { email: admin.email, adminId: admin.id, purpose: 'verify_identity', ip: req.ip });
        await sendMail({
          to: admin.email,
          adminId: admin.id,
          template: 'identity_code',
          locale: req.body.locale ?? 'zh-TW',
          variables: { name: admin.name || admin.email, code, expiresInMinutes: CODE_RULES.ttlSeconds / 60 },
        });
      });
      return { sent: true as const, resend_after: SEND_PACING.perAddressSeconds, expires_in: CODE_RULES.ttlSeconds };
    },
  );
}
