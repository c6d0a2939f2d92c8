import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { api, buildAdmin, buildOrganization, createTestApp, FINGERPRINT, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';

/**
 * Session lifetime (issue 9, section 4) with the default settings: tokens of 2 hours (30 days with
 * keep-login), sessions of 12 hours (30 days with keep-login) from sign-in, a 30 s grace for a
 * replaced token, renewal without force in the last 15 minutes of a token. The clock is fake
 * (Date only) and moved by hand.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-10T01:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
const claims = (token: string) => decodeJwt(token) as { exp: number; jti: string; id: number; data: { id: number } };
const epoch = (ms: number) => Math.floor(ms / 1000);

async function signIn(admin: BuiltAdmin, opts: { keepLogin?: boolean; fingerprint?: string } = {}): Promise<string> {
  const res = await api(t.app).post(
    '/api/admin/account/login',
    { email: admin.email, password: admin.password, keep_login: opts.keepLogin },
    { 'x-fingerprint': opts.fingerprint ?? FINGERPRINT },
  );
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

const as = (token: string, fingerprint = FINGERPRINT) => ({
  profile: () => api(t.app, token).get('/api/admin/account/profile', { 'x-fingerprint': fingerprint }),
  renew: (body: Record<string, unknown> = {}) => api(t.app, token).put('/api/admin/account/renew', body, { 'x-fingerprint': fingerprint }),
  devices: () => api(t.app, token).get('/api/admin/account/login-device', { 'x-fingerprint': fingerprint }),
  logout: () => api(t.app, token).put('/api/admin/account/logout', undefined, { 'x-fingerprint': fingerprint }),
});

async function renewed(token: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await as(token).renew(body);
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

async function expectDead(token: string, fingerprint = FINGERPRINT) {
  const res = await as(token, fingerprint).profile();
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: 'Invalid token' });
}

const sign = (payload: Record<string, unknown>) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(t.config.jwtSecret));

describe('absolute session lifetime', () => {
  it('ends a keep-login session 30 days after sign-in, however often it is renewed, and refuses it after (401)', async () => {
    const admin = await buildAdmin(t.db);
    const start = Date.now();
    const end = epoch(start + 30 * DAY);
    let token = await signIn(admin, { keepLogin: true });
    expect(claims(token).exp).toBe(end);
    for (let day = 0; day < 3; day++) {
      advance(9 * DAY);
      token = await renewed(token, { force: true, keep_login: true });
      expect(claims(token).exp).toBe(end);
    }
    advance(end * SECOND - Date.now() - MINUTE);
    expect((await as(token).profile()).statusCode).toBe(200);
    token = await renewed(token, { keep_login: true });
    expect(claims(token).exp).toBe(end);
    advance(2 * MINUTE);
    await expectDead(token);
    expect((await as(token).renew({ force: true })).statusCode).toBe(401);
  });

  it('refuses a token past the session end from the device row, even one whose own exp is later', async () => {
    const admin = await buildAdmin(t.db);
    const token = await signIn(admin, { keepLogin: true });
    advance(30 * DAY + SECOND);
    // A token of this device, correctly signed, whose exp is still ahead: the session is over all the same.
    const stretched = await sign({ ...claims(token), exp: epoch(Date.now() + DAY) });
    await expectDead(stretched);
  });

  it('caps a session without keep-login at 12 hours, renewals included, then answers the same token until it ends', async () => {
    const admin = await buildAdmin(t.db);
    const end = epoch(Date.now() + 12 * HOUR);
    let token = await signIn(admin);
    expect(claims(token).exp).toBe(epoch(Date.now() + 2 * HOUR));
    const exps = [claims(token).exp];
    for (let i = 0; i < 8; i++) {
      // As the web does (spec section 9): 5 to 10 minutes before expiry, without force.
      advance(claims(token).exp * SECOND - Date.now() - 7 * MINUTE);
      token = await renewed(token);
      exps.push(claims(token).exp);
    }
    expect(Math.max(...exps)).toBe(end);
    expect(exps.filter((e) => e === end).length).toBeGreaterThan(1);
    advance(end * SECOND - Date.now() + SECOND);
    await expectDead(token);
  });

  it('does not let keep_login on a renewal stretch a session begun without it', async () => {
    const admin = await buildAdmin(t.db);
    const start = Date.now();
    const token = await renewed(await signIn(admin), { keep_login: true, force: true });
    expect(claims(token).exp).toBe(epoch(start + 12 * HOUR));
  });

  it('gives the password change a token that ends with the session too, and kills the old one at once', async () => {
    const admin = await buildAdmin(t.db);
    const end = epoch(Date.now() + 30 * DAY);
    const token = await signIn(admin, { keepLogin: true });
    advance(29 * DAY);
    const res = await api(t.app, token).put('/api/admin/account/reset-password', {
      current_password: admin.password,
      password: 'Fresh-Pass-9',
    });
    expect(res.statusCode).toBe(200);
    const next = res.json().token;
    expect(claims(next).exp).toBe(end);
    expect(claims(next).id).toBe(claims(token).id);
    await expectDead(token);
    expect((await as(next).profile()).statusCode).toBe(200);
  });
});

describe('renew and force', () => {
  it('without force, long before expiry, answers the current token again: same id, same exp, nothing retired', async () => {
    const admin = await buildAdmin(t.db);
    const token = await signIn(admin);
    advance(30 * MINUTE);
    const again = await renewed(token);
    expect(again).toBe(token);
    advance(10 * MINUTE);
    expect((await as(token).profile()).statusCode).toBe(200);
  });

  it('without force, answers fresh data in the current token (same id and exp) when the admin changed', async () => {
    const admin = await buildAdmin(t.db);
    const token = await signIn(admin);
    await t.db.updateTable('admins').set({ name: 'Renamed' }).where('id', '=', admin.id).execute();
    const again = await renewed(token);
    expect(claims(again)).toMatchObject({ jti: claims(token).jti, exp: claims(token).exp, data: { name: 'Renamed' } });
  });

  it('without force, in the last 15 minutes, gives a new token (new id) that ends later', async () => {
    const admin = await buildAdmin(t.db);
    const token = await signIn(admin);
    advance(2 * HOUR - 10 * MINUTE);
    const next = await renewed(token);
    expect(claims(next).jti).not.toBe(claims(token).jti);
    expect(claims(next).exp).toBe(epoch(Date.now() + 2 * HOUR));
  });

  it('with force, gives a new token at any time; the replaced one keeps working 30 s, then answers 401 Invalid token', async () => {
    const admin = await buildAdmin(t.db);
    const token = await signIn(admin);
    advance(5 * MINUTE);
    const next = await renewed(token, { force: true });
    expect(claims(next).jti).not.toBe(claims(token).jti);
    expect(claims(next).exp).toBe(epoch(Date.now() + 2 * HOUR));
    advance(29 * SECOND);
    expect((await as(token).profile()).statusCode).toBe(200);
    advance(2 * SECOND);
    await expectDead(token);
    expect((await as(next).profile()).statusCode).toBe(200);
  });

  it('keeps only the token just replaced in grace: two renewals back is dead at once', async () => {
    const admin = await buildAdmin(t.db);
    const first = await signIn(admin);
    const second = await renewed(first, { force: true });
    const third = await renewed(second, { force: true });
    await expectDead(first);
    expect((await as(second).profile()).statusCode).toBe(200);
    expect((await as(third).profile()).statusCode).toBe(200);
  });

  it('lets two tabs renewing at once both keep a working token (the same one)', async () => {
    const admin = await buildAdmin(t.db);
    let token = await signIn(admin);
    advance(2 * HOUR - 8 * MINUTE);
    for (const body of [{}, { force: true }]) {
      const [a, b] = await Promise.all([as(token).renew(body), as(token).renew(body)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(claims(a.json().token).jti).not.toBe(claims(token).jti);
      expect(claims(a.json().token).jti).toBe(claims(b.json().token).jti);
      advance(MINUTE);
      expect((await as(a.json().token).profile()).statusCode).toBe(200);
      expect((await as(b.json().token).profile()).statusCode).toBe(200);
      token = a.json().token;
    }
  });

  it('answers a renewal made with the replaced token, in its grace period, with the current token rather than a third one', async () => {
    const admin = await buildAdmin(t.db);
    const token = await signIn(admin);
    advance(2 * HOUR - 8 * MINUTE);
    const next = await renewed(token);
    advance(5 * SECOND);
    const late = await renewed(token);
    expect(claims(late).jti).toBe(claims(next).jti);
    advance(MINUTE);
    expect((await as(late).profile()).statusCode).toBe(200);
  });

  it('always gives a new token when the organization changes, with its roles', async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    const token = await signIn(admin);
    const switched = await renewed(token, { organization_id: null });
    const back = await renewed(switched, { organization_id: org.id });
    expect(claims(back).jti).not.toBe(claims(switched).jti);
    expect((decodeJwt(back) as any).data.sub_account_roles).toEqual(['SUB_ACCOUNT_ROLE_STAFF_READ']);
  });

  it('refuses a force that is not a boolean', async () => {
    const admin = await buildAdmin(t.db);
    const res = await as(await signIn(admin)).renew({ force: 'yes' });
    expect(res.statusCode).toBe(400);
  });
});

describe('token checks', () => {
  it('refuses a correctly signed token without exp, without jti, or with a jti the device never had (401)', async () => {
    const admin = await buildAdmin(t.db);
    const token = await signIn(admin);
    const { exp: _exp, ...noExp } = claims(token) as unknown as Record<string, unknown>;
    const { jti: _jti, ...noJti } = claims(token) as unknown as Record<string, unknown>;
    for (const bad of [
      await sign(noExp),
      await sign(noJti),
      await sign({ ...claims(token), jti: 'made-up' }),
      await sign({ ...claims(token), jti: 42 }),
    ]) {
      await expectDead(bad);
    }
    expect((await as(await sign({ ...claims(token) })).profile()).statusCode).toBe(200);
  });
});

describe('one device per browser', () => {
  const deviceRows = (adminId: number) => t.db.selectFrom('login_devices').selectAll().where('admin_id', '=', adminId).execute();

  it('reuses the device row when the same browser signs in again: new sign-in time and token id, the old token dead at once', async () => {
    const admin = await buildAdmin(t.db);
    const first = await signIn(admin);
    const [before] = await deviceRows(admin.id);
    advance(3 * HOUR);
    const second = await signIn(admin, { keepLogin: true });
    const rows = await deviceRows(admin.id);
    expect(rows).toHaveLength(1);
    expect(claims(second).id).toBe(claims(first).id);
    expect(claims(second).jti).not.toBe(claims(first).jti);
    expect(rows[0].created_at).toBe(before.created_at);
    expect(rows[0].signed_in_at).toBe(new Date().toISOString());
    expect(rows[0].session_expires_at).toBe(new Date(Date.now() + 30 * DAY).toISOString());
    await expectDead(first);
    const listed = (await as(second).devices()).json().data;
    expect(listed).toEqual([
      expect.objectContaining({ id: rows[0].id, current: true, signed_in_at: rows[0].signed_in_at, created_at: before.created_at }),
    ]);
  });

  it('brings a browser that signed out back on its own row, no longer revoked; its token from before stays dead', async () => {
    const admin = await buildAdmin(t.db);
    const old = await signIn(admin);
    const out = await as(old).logout();
    expect(out.statusCode).toBe(200);
    expect((await deviceRows(admin.id))[0].revoked_at).not.toBeNull();
    const again = await signIn(admin);
    const rows = await deviceRows(admin.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].revoked_at).toBeNull();
    await expectDead(old);
    expect((await as(again).profile()).statusCode).toBe(200);
    expect((await as(again).devices()).json().data.map((d: any) => d.id)).toEqual([rows[0].id]);
  });

  it('gives another browser, and a super admin acting as the admin, devices of their own', async () => {
    const admin = await buildAdmin(t.db);
    const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const here = await signIn(admin);
    const there = await signIn(admin, { fingerprint: 'other-browser' });
    const acting = await api(t.app, await signIn(sa)).post(`/api/admin/account/${admin.id}/switch-account`);
    expect(acting.statusCode).toBe(200);
    expect(new Set([claims(here).id, claims(there).id, claims(acting.json().token).id]).size).toBe(3);
    expect((await as(here).profile()).statusCode).toBe(200);
    expect((await as(there, 'other-browser').profile()).statusCode).toBe(200);
    expect((await as(here).devices()).json().data).toHaveLength(3);
  });

  it('leaves a device whose session has ended off the device list', async () => {
    const admin = await buildAdmin(t.db);
    const kept = await signIn(admin, { keepLogin: true });
    await signIn(admin, { fingerprint: 'shared-computer' });
    expect((await as(kept).devices()).json().data).toHaveLength(2);
    advance(13 * HOUR);
    expect((await as(kept).devices()).json().data.map((d: any) => d.current)).toEqual([true]);
  });
});

describe('logout', () => {
  it('answers Clear-Site-Data "storage" and revokes the device', async () => {
    const admin = await buildAdmin(t.db);
    const token = await signIn(admin);
    const res = await as(token).logout();
    expect(res.statusCode).toBe(200);
    expect(res.headers['clear-site-data']).toBe('"storage"');
    await expectDead(token);
  });
});
