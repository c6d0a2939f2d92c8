import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import {
  changeEmailBody,
  confirmEmailChangeBody,
  emailOtpBody,
  emailOtpResponse,
  loginBody,
  mailSentResponse,
  oauthReturnBody,
  oauthUrlResponse,
  organizationSchema,
  passwordLinkSchema,
  profileSchema,
  profileUpdateBody,
  renewBody,
  resetByMailBody,
  resetPasswordBody,
  sendResetMailBody,
  signInResponse,
  tokenResponse,
  type SignInResponse,
} from '@bo/shared/schemas/account';
import type { ReadDb } from '../../db/database.ts';
import { parseRoles, type SignedInAdmin } from '../../lib/context/actor.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import { badRequest, permissionDenied } from '../../lib/errors.ts';
import { requireIdentityProof } from '../../lib/identity/identity-proof.ts';
import { emailChanges } from '../../lib/identity/email-change.ts';
import { appLink } from '../../lib/mail/outbox.ts';
import { checkCurrentPassword } from '../../lib/sign-in/current-password.ts';
import { openPasswordLink, passwordLinkMail, useUpPasswordLink } from '../../lib/identity/password-links.ts';
import { SEND_PACING } from '../../lib/identity/send-pacing.ts';
import { CODE_RULES } from '../../lib/identity/one-time-codes.ts';
import { adminActing } from '../../lib/context/principals.ts';
import { adminProviders } from '../../lib/oauth/providers.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { adminAccounts } from '../../lib/sign-in/accounts.ts';
import { accountRoutes } from '../../lib/sign-in/account-routes.ts';
import type { AccountSide } from '../../lib/sign-in/account-side.ts';
import { adminSignIn } from '../../lib/sign-in/admin-sign-in.ts';
import { attemptLimiter } from '../../lib/sign-in/attempt-limiter.ts';
import { oauthStrategy } from '../../lib/sign-in/oauth-strategy.ts';
import type { ProvenAdmin } from '../../lib/sign-in/proven-account.ts';
import {
  adminByEmail,
  adminIdByEmail,
  adminOrganizations,
  adminRow,
  adminSummary,
  revokeAdminDevices,
  sessionDevice,
  setAdminPassword,
  updateAdmin,
  updateDevice,
} from './account.repository.ts';

const tags = ['account'];
const now = () => new Date().toISOString();

/** Admins' e-mail changes: codes of purpose email_change (lib/identity/email-change.ts). */
const adminEmailChanges = (app: FastifyInstance) => emailChanges(app.config.jwtSecret, 'email_change');

/** The signed-in admin's profile: its row, with the roles and organization of the request's actor, and a pending e-mail change. */
async function profileOf(app: FastifyInstance, db: ReadDb, actor: SignedInAdmin) {
  const a = await adminRow(db, actor.id);
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    has_change_default_password: a.has_change_default_password === 1,
    roles: actor.adminRoles,
    sub_account_roles: actor.subAccountRoles,
    organization_id: actor.organizationId,
    impersonator: actor.impersonatorId === null ? null : await adminSummary(db, actor.impersonatorId),
    date_calendar: a.date_calendar === 'roc' ? ('roc' as const) : ('gregorian' as const),
    pending_email: await adminEmailChanges(app).pending(db, { adminId: a.id }),
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}
const profileOfRequest = (app: FastifyInstance, req: FastifyRequest) => profileOf(app, req.read('admin').db, req.actor);

type AdminMailed = NonNullable<Awaited<ReturnType<typeof adminByEmail>>>;

/** Admins' side of the account routes: admins and login devices, two-factor after the first factor (admin-sign-in.ts). */
function adminSide(
  app: FastifyInstance,
): AccountSide<ProvenAdmin, AdminMailed, SignInResponse, z.infer<typeof profileUpdateBody>, z.infer<typeof renewBody>> {
  const signedInAdmin = { roles: [], beforePasswordChange: true };
  return {
    prefix: '/api/admin/account',
    tags,
    accounts: adminAccounts,
    signIn: adminSignIn(app),
    signedIn: async (_req, response) => response,
    mailedAccount: adminByEmail,
    password: {
      route: { body: loginBody, response: { 200: signInResponse }, config: { roles: 'public', errors: [401, 423, 429] } },
    },
    emailCode: {
      route: {
        description:
          'With `email` alone: mails a six-digit sign-in code valid ten minutes (the same answer for an e-mail with no active account; ' +
          'another code for the address after a minute, 429 before). With `email` and `code`: signs in like the password form ' +
          '(same token and login device); a wrong, used, replaced or expired code, or a sixth try, is 401 Login fail.',
        body: emailOtpBody,
        response: { 200: emailOtpResponse },
        config: { roles: 'public', errors: [401, 423, 429] },
      },
      pace: 'sign_in_code',
      purpose: 'sign_in',
      owner: (admin) => ({ adminId: admin.id }),
      greeting: (admin) => admin.name || admin.email,
      sent: { sent: true, resend_after: SEND_PACING.perAddressSeconds, expires_in: CODE_RULES.ttlSeconds },
    },
    oauth: {
      url: {
        description:
          "Starts signing in with a provider: the provider's authorization URL (PKCE, state, nonce) for the browser to open, bound to " +
          'this browser (X-Fingerprint): only it can finish the flow. 404 when the provider is not configured.',
        response: { 200: oauthUrlResponse },
        config: { roles: 'public' },
      },
      login: {
        description:
          'The code and state the provider sent the browser back to /oauth-return/{provider} with. Signs in the admin linked to that ' +
          'provider account (Google: or the active admin with its verified e-mail, linked then). 401 Login fail otherwise, and for a ' +
          'state that is unknown, used or expired. 400 `validate.error.oauth_other_browser` when another browser started the flow (it stays ' +
          'open for that browser; nobody is signed in).',
        body: oauthReturnBody,
        response: { 200: signInResponse },
        config: { roles: 'public', errors: [401, 404, 429] },
      },
      purpose: 'sign_in',
      binding: (client) => ({ fingerprint: client.fingerprint }),
      strategy: oauthStrategy,
      allowed: async (db, provider) => adminProviders(app.config.oauth, (await loadAppConfig(db)).adminGoogleLogin).includes(provider),
    },
    reset: {
      mailRoute: {
        description:
          'Mails a single-use link to set a new password (30 minutes) to an active admin with this e-mail. The answer is the same ' +
          'whether the e-mail has an account or not; one mail per address a minute (429).',
        body: sendResetMailBody,
        response: { 200: mailSentResponse },
        config: { roles: 'public', errors: [423, 429] },
      },
      byMailRoute: {
        description:
          'Sets the password with a link from a reset or invitation mail. The link works once, dies with any other password change, ' +
          'and every device of the admin is signed out. Sign in afterwards.',
        body: resetByMailBody,
        response: { 200: passwordLinkSchema.pick({ email: true }) },
        config: { roles: 'public' },
      },
      pace: 'password_reset',
      mail: (trx, admin, { locale, ip, config }) => passwordLinkMail(trx, config, { admin, purpose: 'reset', locale, ip }),
      async useLink(trx, token) {
        const link = await openPasswordLink(trx, app.config, token);
        await useUpPasswordLink(trx, link.id);
        return { accountId: link.admin_id, email: link.email, after: { purpose: link.purpose } };
      },
      setPassword: setAdminPassword,
      // The link proved the admin: the change is recorded as the admin's own.
      auditAs: (ctx, adminId, client) => ctx.actingAs(adminActing(adminId, client)),
      answer: (_reply, link) => ({ email: link.email }),
    },
    profile: {
      get: { response: { 200: profileSchema }, config: signedInAdmin },
      put: { body: profileUpdateBody, response: { 200: profileSchema }, config: { roles: [] } },
      view: (req) => profileOfRequest(app, req),
      update: (req) =>
        req.write('admin', async ({ trx, principal: actor, audit }) => {
          const { name, date_calendar } = req.body;
          const row = await adminRow(trx, actor.id);
          const changes = {
            ...(name !== undefined && name !== row.name ? { name } : {}),
            ...(date_calendar !== undefined && date_calendar !== row.date_calendar ? { date_calendar } : {}),
          };
          if (Object.keys(changes).length === 0) return;
          await updateAdmin(trx, actor.id, { ...changes, updated_at: now() });
          const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof changes]]));
          await audit({ action: 'update_profile', target_type: 'admin', target_id: actor.id, before, after: changes });
        }),
    },
    emailChange: {
      start: {
        description:
          "Asks to change the signed-in admin's e-mail (its sign-in name), after verify-identity: a code valid 30 minutes, with a link " +
          'to the profile, goes to the new address, a notice to the current one; nothing changes until the code is confirmed. A new ' +
          'request replaces a pending one. 400 `validate.error.email_unchanged` for the current address, 409 when another admin has it, ' +
          '429 for a second request to the same address within a minute.',
        body: changeEmailBody,
        response: { 200: profileSchema },
        config: { roles: [], errors: [403, 409, 429] },
      },
      confirm: {
        description:
          "Confirms the pending e-mail change with the code mailed to the new address: the admin's e-mail becomes it. A wrong, used, " +
          'replaced, cancelled or expired code, or a sixth try, is 400 `validate.error.email_change_invalid`; 409 when another admin took ' +
          'the address meanwhile.',
        body: confirmEmailChangeBody,
        response: { 200: profileSchema },
        config: { roles: [], errors: [409] },
      },
      cancel: {
        description: 'Cancels the pending e-mail change (its code stops working); the profile without it.',
        response: { 200: profileSchema },
        config: { roles: [] },
      },
      purpose: 'email_change',
      pace: 'email_change',
      account: async (req) => {
        const a = await adminRow(req.read('admin').db, req.actor.id);
        return { id: a.id, email: a.email, greeting: a.name || a.email, locale: 'zh-TW' };
      },
      owner: (adminId) => ({ adminId }),
      prove: (req) => requireIdentityProof(req.read('admin').db, req.actor.deviceId),
      taken: async (db, email, adminId) => {
        const found = await adminIdByEmail(db, email);
        return found !== undefined && Number(found.id) !== adminId;
      },
      takenOnRequest: 'conflict',
      brand: 'app',
      link: (code, config) => appLink(config, `/admin/profile?email_code=${encodeURIComponent(code)}`),
      door: 'admin',
      setEmail: (trx, adminId, email, at) => updateAdmin(trx, adminId, { email, updated_at: at }),
    },
    sessions: {
      renew: { method: 'PUT', body: renewBody, response: { 200: tokenResponse }, config: signedInAdmin },
      logout: { method: 'PUT', response: { 200: z.object({ message: z.string() }) }, config: signedInAdmin },
      renewed: (req) => renewToken(app, req, req.body),
      close: (req, reply) =>
        req.write('admin', async ({ principal: actor, trx, audit }) => {
          await updateDevice(trx, actor.deviceId, { revoked_at: now() });
          await audit({ action: 'logout', target_type: 'login_device', target_id: actor.deviceId });
          // Issue 9 section 2: the browser drops what it stored for this session (token, cached data).
          reply.header('clear-site-data', '"storage"');
          return { message: 'OK' };
        }),
      closeAll: (trx, adminId, at) => revokeAdminDevices(trx, adminId, at),
    },
  };
}

/**
 * Renewal (spec section 9; docs/decisions.md "Session lifetime"). A new token, with a new id, when
 * the organization or keep_login changes, when `force` is true, or when the current token ends
 * within the renewal window and a new one would end later; otherwise the current token again (same
 * id and exp), so a client renewing early or at the session's end gets nothing that makes it renew
 * again. A renewal made with the token just replaced (another tab renewed first) also gets the
 * current one, force or not. No token goes past the session's end; the replaced one works 30 s more.
 */
const renewToken = (app: FastifyInstance, req: FastifyRequest, body: z.infer<typeof renewBody>) =>
  req.write('admin', async ({ trx, principal: actor, audit }) => {
    const device = await sessionDevice(trx, actor.deviceId);
    const keepLogin = body.keep_login ?? device.keep_login === 1;
    const target = body.organization_id;
    const patch: { keep_login?: number; organization_id?: number | null } = {};
    if (keepLogin !== (device.keep_login === 1)) patch.keep_login = keepLogin ? 1 : 0;
    if (target !== undefined && target !== device.organization_id) {
      // preValidation has already acted in body.organization_id (403 when the admin may not): no second lookup.
      if (target !== null && actor.organizationId !== target) throw permissionDenied();
      patch.organization_id = target;
      await audit({
        action: 'switch_organization',
        target_type: 'login_device',
        target_id: actor.deviceId,
        before: { organization_id: device.organization_id },
        after: { organization_id: target },
      });
    }
    const changed = Object.keys(patch).length > 0;
    if (changed) await updateDevice(trx, actor.deviceId, patch);
    if (changed) return { token: await app.tokens.issue(trx, actor.deviceId, keepLogin) };
    // The token the request came with: the device's current one or the one just replaced.
    const presented = actor.tokenId;
    const renew = presented === device.token_id && (body.force === true || app.tokens.renewalDue(device, keepLogin));
    return {
      token: renew
        ? await app.tokens.issue(trx, actor.deviceId, keepLogin, { replacing: presented })
        : await app.tokens.current(trx, actor.deviceId),
    };
  });

/** The admin's account: the routes every principal has (lib/sign-in/account-routes.ts), the password and e-mail change, organizations. */
export async function adminAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  accountRoutes(app, adminSide(app));
  // Sign-in and the password change guess the same secret: one limiter, one policy (attempt-limiter.ts).
  const attempts = attemptLimiter(app);

  app.put(
    '/api/admin/account/reset-password',
    {
      schema: { tags, body: resetPasswordBody, response: { 200: tokenResponse } },
      config: { roles: [], beforePasswordChange: true, errors: [403, 429] },
    },
    async (req) => {
      const actor = req.actor;
      if (req.body.password.length < app.config.passwordMinLength) {
        throw badRequest({ password: [VALIDATION_KEYS.tooShort] });
      }
      const { db } = req.read('admin');
      const admin = await adminRow(db, actor.id);
      // The first admin starts without a name (lib/bootstrap.ts): the forced change asks for it.
      if (req.body.name === undefined && !admin.name.trim()) throw badRequest({ name: [VALIDATION_KEYS.required] });
      if (req.body.current_password === undefined) {
        // No current password (an admin without one, or one who forgot it while signed in): verify-identity instead.
        await requireIdentityProof(db, actor.deviceId);
      } else {
        await checkCurrentPassword(attempts, req, admin, req.body.current_password);
      }
      const passwordHash = await hashPassword(req.body.password);
      return req.write('admin', async ({ trx, audit }) => {
        const at = now();
        await setAdminPassword(trx, actor.id, passwordHash, at);
        const name = req.body.name;
        if (name !== undefined && name !== admin.name) {
          await updateAdmin(trx, actor.id, { name, updated_at: at });
          await audit({
            action: 'update_profile',
            target_type: 'admin',
            target_id: actor.id,
            before: { name: admin.name },
            after: { name },
          });
        }
        // Every other signed-in device of this admin dies with the old password.
        await revokeAdminDevices(trx, actor.id, at, actor.deviceId);
        await audit({ action: 'reset_password', target_type: 'admin', target_id: actor.id });
        // This device's old token dies at once too (no grace: the password may have been known to someone
        // else); the new one still ends with the session, never later.
        const device = await sessionDevice(trx, actor.deviceId);
        return { token: await app.tokens.issue(trx, actor.deviceId, device.keep_login === 1, { retire: 'at-once' }) };
      });
    },
  );

  app.get(
    '/api/admin/account/organizations',
    {
      schema: { tags, response: { 200: z.object({ organizations: z.array(organizationSchema) }) } },
      config: { roles: [], beforePasswordChange: true },
    },
    async (req) => {
      const actor = req.actor;
      const rows = await adminOrganizations(req.read('admin').db, actor.id, actor.isSuperAdmin);
      return { organizations: rows.map((r) => ({ ...r, sub_account_roles: parseRoles(r.sub_account_roles) })) };
    },
  );
}
