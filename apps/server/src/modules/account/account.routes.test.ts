import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { api, buildAdmin, buildOrganization, createTestApp, login, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Signs in from another browser (its own X-Fingerprint): a device of its own. */
async function loginFrom(fingerprint: string, admin: BuiltAdmin): Promise<string> {
  const res = await api(t.app).post(
    '/api/admin/account/login',
    { email: admin.email, password: admin.password },
    { 'x-fingerprint': fingerprint },
  );
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

describe('sign-in', () => {
  it('answers a token whose payload is exactly spec section 3', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    const token = await login(t.app, admin);
    const p = decodeJwt(token) as any;
    // Spec section 3 plus `jti`, the token's own id (docs/decisions.md, "Session lifetime").
    expect(Object.keys(p).sort()).toEqual(['data', 'exp', 'expired_at', 'id', 'jti', 'type']);
    expect(Object.keys(p.data).sort()).toEqual([
      'created_at',
      'email',
      'has_change_default_password',
      'id',
      'name',
      'roles',
      'sub_account_roles',
      'updated_at',
    ]);
    expect(p.type).toBe('admin');
    expect(p.data.email).toBe(admin.email);
    expect(new Date(p.expired_at).getTime()).toBe(p.exp * 1000);
  });

  it('refuses a wrong password and an unknown email with the same body', async () => {
    const admin = await buildAdmin(t.db);
    const wrong = await api(t.app).post('/api/admin/account/login', { email: admin.email, password: 'nope' });
    const unknown = await api(t.app).post('/api/admin/account/login', { email: 'nobody@example.com', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Login fail' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a disabled admin', async () => {
    const admin = await buildAdmin(t.db, { status: 'disabled' });
    const res = await api(t.app).post('/api/admin/account/login', { email: admin.email, password: admin.password });
    expect(res.statusCode).toBe(401);
  });

  it('answers bad input with the spec translation keys', async () => {
    const res = await api(t.app).post('/api/admin/account/login', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['validate.error.email_incorrect'], password: ['validate.error.required'] });
  });
});

describe('token refusals', () => {
  it('needs the fingerprint header on every API call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Fingerprint is required' });
  });

  it('refuses a tampered signature, alg none, an expired token and no token', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), data: { ...(decodeJwt(token) as any).data, roles: ['ROLE_SUPER_ADMIN'] } })).toString('base64url')}.${s}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const expired = await new SignJWT({ ...(decodeJwt(token) as any), exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    for (const bad of [tampered, none, expired, 'garbage']) {
      const res = await api(t.app, bad).get('/api/admin/account/profile');
      expect(res.statusCode, bad).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid token' });
    }
    expect((await api(t.app).get('/api/admin/account/profile')).statusCode).toBe(401);
  });

  it('kills the token of an admin disabled since sign-in', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    expect((await api(t.app, token).get('/api/admin/account/profile')).statusCode).toBe(200);
    await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', admin.id).execute();
    const res = await api(t.app, token).get('/api/admin/account/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid token' });
  });

  it("refuses a well-signed token naming another admin's device, an unknown device or another token type", async () => {
    const me = await buildAdmin(t.db);
    const other = await buildAdmin(t.db);
    const mine = decodeJwt(await login(t.app, me)) as any;
    const theirs = decodeJwt(await login(t.app, other)) as any;
    const sign = (payload: any) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(t.config.jwtSecret));
    const forged = [
      await sign({ ...mine, id: theirs.id }),
      await sign({ ...mine, id: 999_999 }),
      await sign({ ...mine, type: 'member' }),
      await sign({ ...mine, id: String(mine.id) }),
    ];
    for (const bad of forged) {
      const res = await api(t.app, bad).get('/api/admin/account/profile');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid token' });
    }
    expect((await api(t.app, await sign(mine)).get('/api/admin/account/profile')).statusCode).toBe(200);
  });

  it('refuses the token from another browser: the X-Fingerprint must be the one it was issued to', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    const elsewhere = await api(t.app, token).get('/api/admin/account/profile', { 'x-fingerprint': 'another-browser' });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toEqual({ message: 'Invalid token' });
    expect((await api(t.app, token).get('/api/admin/account/profile')).statusCode).toBe(200);
  });

  it('kills the token of a logged-out device on the very next request', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    expect((await api(t.app, token).get('/api/admin/account/profile')).statusCode).toBe(200);
    expect((await api(t.app, token).put('/api/admin/account/logout')).statusCode).toBe(200);
    expect((await api(t.app, token).get('/api/admin/account/profile')).statusCode).toBe(401);
  });

  it('kills a device logged out from another device', async () => {
    const admin = await buildAdmin(t.db);
    const a = await login(t.app, admin);
    const b = await loginFrom('laptop-browser', admin);
    const devices = (await api(t.app, a).get('/api/admin/account/login-device')).json().data;
    const other = devices.find((d: any) => !d.current);
    expect((await api(t.app, a).delete(`/api/admin/account/logout-device/${other.id}`)).statusCode).toBe(200);
    expect((await api(t.app, b).get('/api/admin/account/profile', { 'x-fingerprint': 'laptop-browser' })).statusCode).toBe(401);
    expect((await api(t.app, a).get('/api/admin/account/profile')).statusCode).toBe(200);
  });

  it("refuses to log out another admin's device through the self-service call", async () => {
    const me = await buildAdmin(t.db);
    const other = await buildAdmin(t.db);
    const mine = await login(t.app, me);
    const theirs = await login(t.app, other);
    const theirDevice = (decodeJwt(theirs) as any).id;
    expect((await api(t.app, mine).delete(`/api/admin/account/logout-device/${theirDevice}`)).statusCode).toBe(404);
    expect((await api(t.app, theirs).get('/api/admin/account/profile')).statusCode).toBe(200);
  });
});

describe('renew and organizations', () => {
  it('switches into an organization the admin belongs to, with that organization roles', async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    const token = await login(t.app, admin, { keepLogin: true });
    const res = await api(t.app, token).put('/api/admin/account/renew', { organization_id: org.id, keep_login: true });
    expect(res.statusCode).toBe(200);
    const p = decodeJwt(res.json().token) as any;
    expect(p.data.sub_account_roles).toEqual(['SUB_ACCOUNT_ROLE_STAFF_READ']);
    expect(p.exp - Date.now() / 1000).toBeGreaterThan(29 * 86400);
  });

  it('refuses to renew into an organization the admin is not in', async () => {
    const mine = await buildOrganization(t.db);
    const foreign = await buildOrganization(t.db);
    const admin = await buildAdmin(t.db, { memberships: { [mine.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    const token = await login(t.app, admin);
    const res = await api(t.app, token).put('/api/admin/account/renew', { organization_id: foreign.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('User permission denied');
  });

  it('lists only my organizations, and all of them for a super admin', async () => {
    const a = await buildOrganization(t.db);
    await buildOrganization(t.db);
    const member = await buildAdmin(t.db, { memberships: { [a.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    const lonely = await buildAdmin(t.db);
    const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const mine = (await api(t.app, await login(t.app, member)).get('/api/admin/account/organizations')).json().organizations;
    expect(mine.map((o: any) => o.id)).toEqual([a.id]);
    expect(mine[0].sub_account_roles).toEqual(['SUB_ACCOUNT_ROLE_ADMIN']);
    expect((await api(t.app, await login(t.app, lonely)).get('/api/admin/account/organizations')).json().organizations).toEqual([]);
    const all = (await api(t.app, await login(t.app, sa)).get('/api/admin/account/organizations')).json().organizations;
    expect(all.length).toBeGreaterThanOrEqual(2);
  });
});

describe('profile and password', () => {
  it('refuses roles smuggled through the profile and keeps the roles', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    const token = await login(t.app, admin);
    const res = await api(t.app, token).put('/api/admin/account/profile', { name: 'Mallory', roles: ['ROLE_SUPER_ADMIN'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.roles).toEqual(['validate.error.not_allowed']);
    const p = (await api(t.app, token).get('/api/admin/account/profile')).json();
    expect(p.roles).toEqual(['ROLE_BASE']);
    expect(p.name).not.toBe('Mallory');
  });

  it('changes the password with the current one and revokes the other devices', async () => {
    const admin = await buildAdmin(t.db);
    const here = await login(t.app, admin);
    const there = await loginFrom('phone-browser', admin);
    const bad = await api(t.app, here).put('/api/admin/account/reset-password', { current_password: 'wrong', password: 'NewPass1!' });
    expect(bad.statusCode).toBe(400);
    const ok = await api(t.app, here).put('/api/admin/account/reset-password', { current_password: admin.password, password: 'NewPass1!' });
    expect(ok.statusCode).toBe(200);
    expect((await api(t.app, there).get('/api/admin/account/profile', { 'x-fingerprint': 'phone-browser' })).statusCode).toBe(401);
    expect((await api(t.app, ok.json().token).get('/api/admin/account/profile')).statusCode).toBe(200);
    expect((await api(t.app).post('/api/admin/account/login', { email: admin.email, password: 'NewPass1!' })).statusCode).toBe(200);
  });
});

describe('initial password', () => {
  it('lets an admin with an initial password only change it (and sign out, renew, read its profile) until it does', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_BASE'], changedPassword: false });
    const token = await login(t.app, admin);
    const refused = await api(t.app, token).get('/api/admin/file/index');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'User permission denied',
      errors: { password: ['validate.error.password_change_required'] },
    });
    expect((await api(t.app, token).get('/api/admin/account/profile')).statusCode).toBe(200);
    expect((await api(t.app, token).get('/api/admin/account/organizations')).statusCode).toBe(200);
    expect((await api(t.app, token).put('/api/admin/account/profile', { name: 'Not yet' })).statusCode).toBe(403);
    const changed = await api(t.app, token).put('/api/admin/account/reset-password', {
      current_password: admin.password,
      password: 'My-own-pass-7',
    });
    expect(changed.statusCode).toBe(200);
    expect((await api(t.app, changed.json().token).get('/api/admin/file/index')).statusCode).toBe(200);
  });

  it('does not hold a super admin acting as that admin', async () => {
    const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
    const fresh = await buildAdmin(t.db, { roles: ['ROLE_BASE'], changedPassword: false });
    const switched = await api(t.app, await login(t.app, sa)).post(`/api/admin/account/${fresh.id}/switch-account`);
    expect(switched.statusCode).toBe(200);
    expect((await api(t.app, switched.json().token).get('/api/admin/file/index')).statusCode).toBe(200);
  });
});

describe('password change guesses', () => {
  it('limits wrong current passwords like sign-in attempts (429 with Retry-After), and a right one resets the count', async () => {
    // The same limiter as sign-in (rate-limit.test.ts): the wait is the window, read from a fake clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const admin = await buildAdmin(t.db);
      const token = await login(t.app, admin);
      const change = (current: string) =>
        api(t.app, token).put('/api/admin/account/reset-password', { current_password: current, password: 'Another-Pass-42' });
      const limit = t.config.loginRateLimit.perAccount;
      for (let i = 0; i < limit; i++) expect((await change('wrong')).statusCode).toBe(400);
      const refused = await change(admin.password);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      vi.setSystemTime(Date.now() + retryAfter * 1000);
      expect((await change(admin.password)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('audit of sign-in', () => {
  it('records login, failed login (no actor, the account as target) and logout', async () => {
    const admin = await buildAdmin(t.db);
    await api(t.app).post('/api/admin/account/login', { email: admin.email, password: 'bad' });
    const token = await login(t.app, admin);
    await api(t.app, token).put('/api/admin/account/logout');
    const failed = await t.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'after'])
      .where('action', '=', 'login_failed')
      .where('target_type', '=', 'admin')
      .where('target_id', '=', String(admin.id))
      .execute();
    expect(failed).toHaveLength(1);
    expect(failed[0].actor_id).toBeNull();
    expect(failed[0].after).not.toContain('bad');
    const rows = await t.db.selectFrom('audit_logs').select(['action']).where('actor_id', '=', admin.id).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['login', 'logout']);
  });
});
