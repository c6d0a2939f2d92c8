import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recoveryCodesResponse,
  twoFactorChallengeBody,
  twoFactorCodeBody,
  twoFactorLoginBody,
  twoFactorLoginResponse,
  twoFactorSecretResponse,
  twoFactorStatusSchema,
} from '@bo/shared/schemas/account';
import type { ReadDb } from '../../db/database.ts';
import { adminActing } from '../../lib/context/principals.ts';
import { badRequest, loginFail } from '../../lib/errors.ts';
import { afterCommit, refused, tryCode } from '../../lib/identity/code-tries.ts';
import { requireIdentityProof } from '../../lib/identity/identity-proof.ts';
import { twoFactor, twoFactorEnabled, twoFactorRequired, twoFactorStatus } from '../../lib/identity/two-factor.ts';
import { attemptLimiter } from '../../lib/sign-in/attempt-limiter.ts';
import { isKnownBrowser } from '../../lib/sign-in/login-device.ts';
import { openSession } from '../../lib/sign-in/open-session.ts';
import { provenAdmin } from '../../lib/sign-in/proven-account.ts';
import { challengeTries, findChallenge } from '../../lib/sign-in/sign-in-challenge.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import { findAccountAdmin } from './account-admin.repository.ts';
import {
  advanceLastStep,
  enableTwoFactor,
  keepPendingSecret,
  removeTwoFactor,
  saveTwoFactorSecret,
  twoFactorSecretOf,
} from './two-factor.repository.ts';

const codeIncorrect = (field: 'code' | 'recovery_code') => badRequest({ [field]: ['validate.error.code_incorrect'] });

/**
 * Two-factor with an authenticator app and recovery codes (issue 10; docs/identity.md "Two-factor"):
 * the second step of a sign-in, and the signed-in admin's own setup, recovery codes and switch-off,
 * each behind verify-identity. The super admin's reset of another admin's is in modules/admin.
 */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const tf = twoFactor(app.config.jwtSecret);
  // Second factors are guessed like passwords: the same limiter, counted per admin apart from the first factor.
  const attempts = attemptLimiter(app);

  const otpauthFor = async (db: ReadDb, adminId: number, base32: string) => {
    const [admin, { appName }] = await Promise.all([findAccountAdmin(db, adminId), loadAppConfig(db)]);
    if (!admin) throw loginFail();
    return { secret: base32, otpauth_url: tf.otpauthUrl(base32, admin.email, appName) };
  };

  const challengeOf = async (req: FastifyRequest, token: string) => {
    const challenge = await findChallenge(req.read('visitor').db, app.config.jwtSecret, token, signInClientOf(req).fingerprint);
    if (!challenge) throw loginFail();
    return challenge;
  };

  app.post(
    '/api/admin/account/two-factor/login',
    {
      schema: {
        tags,
        description:
          'The second step of a sign-in that answered `two_factor`: a code from the authenticator app or a recovery code (each once). ' +
          'In `setup` mode, the first code of the app set up with …/two-factor/login/setup turns two-factor on and the answer carries ' +
          'the ten recovery codes. A wrong code is a 400; the fifth, an expired challenge or another browser a 401 (sign in again).',
        body: twoFactorLoginBody,
        response: { 200: twoFactorLoginResponse },
      },
      config: { roles: 'public', errors: [401, 429] },
    },
    async (req) => {
      const client = signInClientOf(req);
      const db = req.read('visitor').db;
      const challenge = await challengeOf(req, req.body.challenge);
      const principal = provenAdmin(challenge.admin_id);
      const admin = await findAccountAdmin(db, principal.id);
      if (admin?.status !== 'active') throw loginFail();
      const known = await isKnownBrowser(db, principal, client.fingerprint);
      const attempt = { account: `two_factor:${admin.email}`, ip: client.ip, knownBrowser: known ? client.fingerprint : null };
      await attempts.check(attempt);

      const { code, recovery_code } = req.body;
      const setup = challenge.mode === 'setup';
      const stored = setup ? undefined : await twoFactorSecretOf(db, principal.id);
      const sealed = setup ? challenge.pending_secret : stored?.secret;
      if (setup && (!sealed || code === undefined)) throw badRequest({ code: ['validate.error.two_factor_setup_first'] });
      const base32 = sealed ? tf.open(sealed) : null;
      const step = code !== undefined && base32 ? tf.matchStep(base32, code, stored?.last_step ?? null) : null;
      const typed = code !== undefined ? 'code' : 'recovery_code';

      const answer = await afterCommit(
        req.write('visitor', async (ctx) => {
          const { trx } = ctx;
          const tried = await tryCode(
            trx,
            // A recovery code is spent in the transaction that signs in with it: a sign-in refused after this point keeps it.
            challengeTries(
              challenge.id,
              async (t) =>
                step !== null || (recovery_code !== undefined && !setup && (await tf.useRecoveryCode(t, principal.id, recovery_code))),
            ),
          );
          if (tried === 'wrong') {
            await ctx.audit({
              action: 'login_failed',
              target_type: 'admin',
              target_id: principal.id,
              after: { method: challenge.method, step: 'two_factor', with: typed },
            });
            // Committed with its entry: the try counts against the challenge.
            return refused(codeIncorrect(typed));
          }
          if (tried !== 'ok') throw loginFail();
          // The second factor proved the admin: what it changes is the admin's own doing.
          const asAdmin = ctx.actingAs(adminActing(principal.id, client));
          let recovery_codes: string[] | undefined;
          if (setup) {
            await saveTwoFactorSecret(trx, principal.id, { sealed: sealed!, enabledAt: new Date().toISOString(), lastStep: step });
            recovery_codes = await tf.replaceRecoveryCodes(trx, principal.id);
            await asAdmin.audit({
              action: 'enable_two_factor',
              target_type: 'admin',
              target_id: principal.id,
              after: { at_sign_in: true },
            });
          } else if (step !== null) {
            if (!(await advanceLastStep(trx, principal.id, step))) throw codeIncorrect('code');
          } else {
            await asAdmin.audit({ action: 'use_recovery_code', target_type: 'admin', target_id: principal.id });
          }
          const { token } = await openSession(ctx, app, { principal, client, keepLogin: challenge.keep_login === 1 });
          return recovery_codes ? { token, recovery_codes } : { token };
        }),
      );
      await attempts.succeed(attempt);
      return answer;
    },
  );

  app.post(
    '/api/admin/account/two-factor/login/setup',
    {
      schema: {
        tags,
        description:
          'For a sign-in challenge in `setup` mode (the super admin requires two-factor of one of the roles): the secret for the ' +
          'authenticator app, as text and as an otpauth:// address for a QR code. The same secret while the challenge lasts.',
        body: twoFactorChallengeBody,
        response: { 200: twoFactorSecretResponse },
      },
      config: { roles: 'public', errors: [401] },
    },
    async (req) => {
      const challenge = await challengeOf(req, req.body.challenge);
      if (challenge.mode !== 'setup') throw loginFail();
      const kept = challenge.pending_secret ? tf.open(challenge.pending_secret) : null;
      if (kept) return otpauthFor(req.read('visitor').db, challenge.admin_id, kept);
      const { base32, sealed } = tf.newSecret();
      // Not audited: nothing changes for the admin until the second step confirms a code (enable_two_factor).
      return req.write('visitor', async ({ trx }) => {
        await keepPendingSecret(trx, challenge.id, sealed);
        return otpauthFor(trx, challenge.admin_id, base32);
      });
    },
  );

  app.get(
    '/api/admin/account/two-factor',
    {
      schema: {
        tags,
        description: "The signed-in admin's two-factor: on or off, unused recovery codes, and whether its roles require it.",
        response: { 200: twoFactorStatusSchema },
      },
      config: { roles: [] },
    },
    (req) => twoFactorStatus(req.read('admin').db, req.actor.id),
  );

  const ownChange = async (req: FastifyRequest, db: ReadDb) => {
    if (req.actor.impersonatorId !== null) throw badRequest({ code: ['validate.error.not_while_switched'] });
    await requireIdentityProof(db, req.actor.deviceId);
  };

  app.post(
    '/api/admin/account/two-factor/setup',
    {
      schema: {
        tags,
        description:
          'Starts turning two-factor on (after verify-identity): a new secret for the authenticator app. Two-factor is on once …/enable ' +
          'confirms a code of it; until then sign-in is unchanged. 400 when two-factor is already on.',
        response: { 200: twoFactorSecretResponse },
      },
      config: { roles: [], errors: [403] },
    },
    async (req) =>
      req.write('admin', async ({ trx, principal: actor }) => {
        await ownChange(req, trx);
        if (await twoFactorEnabled(trx, actor.id)) throw badRequest({ code: ['validate.error.two_factor_already_enabled'] });
        const { base32, sealed } = tf.newSecret();
        // Not audited: sign-in is unchanged until …/enable confirms a code (enable_two_factor).
        await saveTwoFactorSecret(trx, actor.id, { sealed, enabledAt: null, lastStep: null });
        return otpauthFor(trx, actor.id, base32);
      }),
  );

  app.post(
    '/api/admin/account/two-factor/enable',
    {
      schema: {
        tags,
        description:
          'Turns two-factor on with the first code of the app set up by …/setup (after verify-identity): the ten recovery codes, shown once.',
        body: twoFactorCodeBody,
        response: { 200: recoveryCodesResponse },
      },
      config: { roles: [], errors: [403] },
    },
    async (req) =>
      req.write('admin', async ({ trx, principal: actor, audit }) => {
        await ownChange(req, trx);
        const row = await twoFactorSecretOf(trx, actor.id);
        if (!row) throw badRequest({ code: ['validate.error.two_factor_setup_first'] });
        if (row.enabled_at) throw badRequest({ code: ['validate.error.two_factor_already_enabled'] });
        const base32 = tf.open(row.secret);
        const step = base32 ? tf.matchStep(base32, req.body.code, null) : null;
        if (step === null) throw codeIncorrect('code');
        await enableTwoFactor(trx, actor.id, step);
        const recovery_codes = await tf.replaceRecoveryCodes(trx, actor.id);
        await audit({ action: 'enable_two_factor', target_type: 'admin', target_id: actor.id });
        return { recovery_codes };
      }),
  );

  app.post(
    '/api/admin/account/two-factor/recovery-codes',
    {
      schema: {
        tags,
        description: 'Ten new recovery codes (after verify-identity); the earlier ones stop working.',
        response: { 200: recoveryCodesResponse },
      },
      config: { roles: [], errors: [403] },
    },
    async (req) =>
      req.write('admin', async ({ trx, principal: actor, audit }) => {
        await ownChange(req, trx);
        if (!(await twoFactorEnabled(trx, actor.id))) throw badRequest({ code: ['validate.error.two_factor_not_enabled'] });
        const recovery_codes = await tf.replaceRecoveryCodes(trx, actor.id);
        await audit({ action: 'regenerate_recovery_codes', target_type: 'admin', target_id: actor.id });
        return { recovery_codes };
      }),
  );

  app.delete(
    '/api/admin/account/two-factor',
    {
      schema: {
        tags,
        description:
          'Turns two-factor off (after verify-identity) and drops the recovery codes. 400 when one of the roles requires two-factor.',
        response: { 200: twoFactorStatusSchema },
      },
      config: { roles: [], errors: [403] },
    },
    async (req) =>
      req.write('admin', async ({ trx, principal: actor, audit }) => {
        await ownChange(req, trx);
        if (await twoFactorRequired(trx, actor.id)) throw badRequest({ code: ['validate.error.two_factor_required'] });
        if (await removeTwoFactor(trx, actor.id)) await audit({ action: 'disable_two_factor', target_type: 'admin', target_id: actor.id });
        return twoFactorStatus(trx, actor.id);
      }),
  );
}
