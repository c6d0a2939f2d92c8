import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityCodeBody, identityCodeResponse, verifyIdentityBody, verifyIdentityResponse } from '@bo/shared/schemas/account';
import { badRequest, invalidToken } from '../../lib/errors.ts';
import { afterCommit, refused } from '../../lib/identity/code-tries.ts';
import { grantIdentityProof } from '../../lib/identity/identity-proof.ts';
import { CODE_RULES, oneTimeCodes } from '../../lib/identity/one-time-codes.ts';
import { paceSend, SEND_PACING } from '../../lib/identity/send-pacing.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { attemptLimiter } from '../../lib/sign-in/attempt-limiter.ts';
import { fingerprintOf } from '../../lib/sign-in/sign-in-client.ts';
import { findAccountAdmin, passwordHashOf } from './account-admin.repository.ts';

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
      const { db } = req.read('admin');
      const admin = await findAccountAdmin(db, actor.id);
      if (!admin) throw invalidToken();
      const attempt = { account: admin.email, ip: req.ip, knownBrowser: fingerprintOf(req) };
      await attempts.check(attempt);
      const { password, code } = req.body;
      if (password !== undefined && !(await verifyPassword(await passwordHashOf(db, actor.id), password)))
        throw badRequest({ password: ['validate.error.password_incorrect'] });
      const proof = await afterCommit(
        req.write('admin', async ({ trx, audit }) => {
          if (password === undefined) {
            // Checked in the transaction that grants the proof: the code is used up with the proof and its entry.
            const { result, adminId } = await codes.check(trx, { email: admin.email, purpose: 'verify_identity', code: code ?? '' });
            // Committed: a wrong code counts a try of the code.
            if (result !== 'ok' || adminId !== actor.id) return refused(badRequest({ code: ['validate.error.code_incorrect'] }));
          }
          const verified_until = await grantIdentityProof(trx, actor.deviceId);
          await audit({
            action: 'verify_identity',
            target_type: 'admin',
            target_id: actor.id,
            after: { method: password !== undefined ? 'password' : 'code' },
          });
          return { verified_until };
        }),
      );
      await attempts.succeed(attempt);
      return proof;
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
      const admin = await findAccountAdmin(req.read('admin').db, actor.id);
      if (!admin) throw invalidToken();
      await paceSend(app.rateLimits, { kind: 'identity_code', email: admin.email, ip: req.ip });
      await req.write('admin', async ({ trx, sendMail }) => {
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
