import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { parseRoles, type DeviceActor } from '../../lib/actor.ts';
import { badRequest, conflict, permissionDenied } from '../../lib/errors.ts';
import { requireIdentityProof } from '../../lib/identity/identity-proof.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { attemptLimiter } from '../../lib/sign-in/attempt-limiter.ts';
import { passwordStrategy } from '../../lib/sign-in/password-strategy.ts';
import { adminSignIn } from '../../lib/sign-in/admin-sign-in.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';
import { fingerprintOf } from '../../lib/sign-in/sign-in-client.ts';
import {
  loginBody,
  organizationSchema,
  profileSchema,
  profileUpdateBody,
  renewBody,
  resetPasswordBody,
  changeEmailBody,
  signInResponse,
  tokenResponse,
} from '@bo/shared/schemas/account';

const now = () => new Date().toISOString();

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const signIn = adminSignIn(app);
  const password = passwordStrategy(app.db);
  // Sign-in and the password change guess the same secret: one limiter, one policy (attempt-limiter.ts).
  const attempts = attemptLimiter(app);

  app.post(
    '/api/admin/account/login',
    {
      schema: { tags, body: loginBody, response: { 200: signInResponse } },
      config: { roles: 'public', errors: [401, 423, 429] },
    },
    (req) =>
      signIn(password, {
        credentials: { email: req.body.email, password: req.body.password },
        client: signInClientOf(req),
        keepLogin: !!req.body.keep_login,
        recaptcha: { token: req.body.recaptcha },
      }),
  );

  /**
   * Renewal (spec section 9; docs/decisions.md "Session lifetime"). A new token, with a new id, when
   * the organization or keep_login changes, when `force` is true, or when the current token ends
   * within the renewal window and a new one would end later; otherwise the current token again (same
   * id and exp), so a client renewing early or at the session's end gets nothing that makes it renew
   * again. A renewal made with the token just replaced (another tab renewed first) also gets the
   * current one, force or not. No token goes past the session's end; the replaced one works 30 s more.
   */
  app.put(
    '/api/admin/account/renew',
    {
      schema: { tags, body: renewBody, response: { 200: tokenResponse } },
      config: { roles: [], beforePasswordChange: true },
    },
    async (req) =>
      req.inTransaction(async ({ trx, actor, audit }) => {
        const device = await trx
          .selectFrom('login_devices')
          .select(['organization_id', 'keep_login', 'token_id', 'token_expires_at', 'session_expires_at'])
          .where('id', '=', actor.deviceId)
          .executeTakeFirstOrThrow();
        const keepLogin = req.body.keep_login ?? device.keep_login === 1;
        const target = req.body.organization_id;
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
        if (changed) await trx.updateTable('login_devices').set(patch).where('id', '=', actor.deviceId).execute();
        if (changed) return { token: await app.tokens.issue(trx, actor.deviceId, keepLogin) };
        // The access hook loaded a DeviceActor: its token is the device's current one or the one just replaced.
        const presented = (actor as DeviceActor).tokenId;
        const renew = presented === device.token_id && (req.body.force === true || app.tokens.renewalDue(device, keepLogin));
        return {
          token: renew
            ? await app.tokens.issue(trx, actor.deviceId, keepLogin, { replacing: presented })
            : await app.tokens.current(trx, actor.deviceId),
        };
      }),
  );

  app.put(
    '/api/admin/account/logout',
    {
      schema: { tags, response: { 200: z.object({ message: z.string() }) } },
      config: { roles: [], beforePasswordChange: true },
    },
    async (req, reply) =>
      req.inTransaction(async ({ trx, actor, audit }) => {
        await trx.updateTable('login_devices').set({ revoked_at: now() }).where('id', '=', actor.deviceId).execute();
        await audit({ action: 'logout', target_type: 'login_device', target_id: actor.deviceId });
        // Issue 9 section 2: the browser drops what it stored for this session (token, cached data).
        reply.header('clear-site-data', '"storage"');
        return { message: 'OK' };
      }),
  );

  const loadProfile = async (adminId: number, organizationId: number | null, subRoles: string[], impersonatorId: number | null) => {
    const a = await app.db.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirstOrThrow();
    const imp =
      impersonatorId === null
        ? null
        : ((await app.db.selectFrom('admins').select(['id', 'email', 'name']).where('id', '=', impersonatorId).executeTakeFirst()) ?? null);
    return {
      id: a.id,
      email: a.email,
      name: a.name,
      has_change_default_password: a.has_change_default_password === 1,
      roles: parseRoles(a.roles),
      sub_account_roles: subRoles,
      organization_id: organizationId,
      impersonator: imp,
      date_calendar: a.date_calendar === 'roc' ? ('roc' as const) : ('gregorian' as const),
      created_at: a.created_at,
      updated_at: a.updated_at,
    };
  };

  app.get(
    '/api/admin/account/profile',
    {
      schema: { tags, response: { 200: profileSchema } },
      config: { roles: [], beforePasswordChange: true },
    },
    async (req) => {
      const actor = req.actor;
      const p = await loadProfile(actor.id, actor.organizationId, actor.subAccountRoles, actor.impersonatorId);
      return { ...p, roles: actor.adminRoles };
    },
  );

  app.put(
    '/api/admin/account/profile',
    {
      schema: { tags, body: profileUpdateBody, response: { 200: profileSchema } },
      config: { roles: [] },
    },
    async (req) => {
      const actor = req.actor;
      await req.inTransaction(async ({ trx, audit }) => {
        const { name, date_calendar } = req.body;
        const row = await trx.selectFrom('admins').select(['name', 'date_calendar']).where('id', '=', actor.id).executeTakeFirstOrThrow();
        const changes = {
          ...(name !== undefined && name !== row.name ? { name } : {}),
          ...(date_calendar !== undefined && date_calendar !== row.date_calendar ? { date_calendar } : {}),
        };
        if (Object.keys(changes).length === 0) return;
        await trx
          .updateTable('admins')
          .set({ ...changes, updated_at: now() })
          .where('id', '=', actor.id)
          .execute();
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof row]]));
        await audit({ action: 'update_profile', target_type: 'admin', target_id: actor.id, before, after: changes });
      });
      const p = await loadProfile(actor.id, actor.organizationId, actor.subAccountRoles, actor.impersonatorId);
      return { ...p, roles: actor.adminRoles };
    },
  );

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
      const admin = await app.db
        .selectFrom('admins')
        .select(['email', 'password_hash'])
        .where('id', '=', actor.id)
        .executeTakeFirstOrThrow();
      if (req.body.current_password === undefined) {
        // No current password (an admin without one, or one who forgot it while signed in): verify-identity instead.
        await requireIdentityProof(app.db, actor.deviceId);
      } else {
        // Guessing the current password with a stolen token is limited like sign-in guesses from this
        // browser (a signed-in one, so a known browser): the same counter, the same lock.
        const attempt = { account: admin.email, ip: req.ip, knownBrowser: fingerprintOf(req) };
        await attempts.check(attempt);
        if (!(await verifyPassword(admin.password_hash, req.body.current_password))) {
          throw badRequest({ current_password: ['validate.error.password_incorrect'] });
        }
        await attempts.succeed(attempt);
      }
      const passwordHash = await hashPassword(req.body.password);
      return req.inTransaction(async ({ trx, audit }) => {
        await trx
          .updateTable('admins')
          .set({ password_hash: passwordHash, has_change_default_password: 1, updated_at: now() })
          .where('id', '=', actor.id)
          .execute();
        // Every other signed-in device of this admin dies with the old password.
        await trx
          .updateTable('login_devices')
          .set({ revoked_at: now() })
          .where('admin_id', '=', actor.id)
          .where('id', '!=', actor.deviceId)
          .where('revoked_at', 'is', null)
          .execute();
        await audit({ action: 'reset_password', target_type: 'admin', target_id: actor.id });
        // This device's old token dies at once too (no grace: the password may have been known to someone
        // else); the new one still ends with the session, never later.
        const device = await trx
          .selectFrom('login_devices')
          .select('keep_login')
          .where('id', '=', actor.deviceId)
          .executeTakeFirstOrThrow();
        return { token: await app.tokens.issue(trx, actor.deviceId, device.keep_login === 1, { retire: 'at-once' }) };
      });
    },
  );

  app.put(
    '/api/admin/account/email',
    {
      schema: {
        tags,
        description: "Changes the signed-in admin's e-mail (its sign-in name) after verify-identity; 409 when another admin has it.",
        body: changeEmailBody,
        response: { 200: profileSchema },
      },
      config: { roles: [], errors: [403, 409] },
    },
    async (req) => {
      const actor = req.actor;
      const email = req.body.email.toLowerCase();
      await req.inTransaction(async ({ trx, audit }) => {
        await requireIdentityProof(trx, actor.deviceId);
        const row = await trx.selectFrom('admins').select('email').where('id', '=', actor.id).executeTakeFirstOrThrow();
        if (row.email === email) return;
        const taken = await trx.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
        if (taken) throw conflict({ email: ['validate.error.unique'] });
        await trx.updateTable('admins').set({ email, updated_at: now() }).where('id', '=', actor.id).execute();
        await audit({ action: 'change_email', target_type: 'admin', target_id: actor.id, before: { email: row.email }, after: { email } });
      });
      const p = await loadProfile(actor.id, actor.organizationId, actor.subAccountRoles, actor.impersonatorId);
      return { ...p, roles: actor.adminRoles };
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
      const rows = actor.isSuperAdmin
        ? await app.db
            .selectFrom('organizations as o')
            .leftJoin('organization_members as m', (j) => j.onRef('m.organization_id', '=', 'o.id').on('m.admin_id', '=', actor.id))
            .select(['o.id', 'o.uid', 'o.name', 'o.company_id', 'o.status', 'm.sub_account_roles'])
            .orderBy('o.id')
            .execute()
        : await app.db
            .selectFrom('organizations as o')
            .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
            .select(['o.id', 'o.uid', 'o.name', 'o.company_id', 'o.status', 'm.sub_account_roles'])
            .where('m.admin_id', '=', actor.id)
            .where('o.status', '=', 'active')
            .orderBy('o.id')
            .execute();
      return { organizations: rows.map((r) => ({ ...r, sub_account_roles: parseRoles(r.sub_account_roles) })) };
    },
  );
}
