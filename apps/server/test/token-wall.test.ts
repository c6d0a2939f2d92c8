import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, createTestApp, FINGERPRINT, login, type TestApp } from './helpers.ts';
import type { CollectedRoute } from './route-collector.ts';

const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));

/**
 * Issue 12: a member token opens only the member routes (roles 'member'), an admin token none of them,
 * whatever the route: walked over the whole route list, each refused before its handler runs.
 */
let t: TestApp;
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '100000' });
  adminToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_MAINTAINER', 'ROLE_SUPER_ADMIN'] }));
  const now = new Date().toISOString();
  const email = 'wall-member@example.com';
  await t.db
    .insertInto('members')
    .values({
      email,
      name: '會員',
      password_hash: null,
      status: 'active',
      email_verified_at: now,
      locale: 'zh-TW',
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await api(t.app).post('/api/member/account/login-via-email-otp', { email });
  const row = await t.db.selectFrom('members').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  // The code is mailed; here it is issued again directly to know it (the route stores only its digest).
  const { oneTimeCodes } = await import('../src/lib/identity/one-time-codes.ts');
  const code = await t.db.transaction().execute((trx) =>
    oneTimeCodes(t.app.config.jwtSecret).issue(trx, {
      email,
      adminId: null,
      memberId: row.id,
      purpose: 'member_sign_in',
      ip: null,
    }),
  );
  const res = await api(t.app).post('/api/member/account/login-via-email-otp', { email, code });
  if (res.statusCode !== 200) throw new Error(res.body);
  memberToken = res.json().token;
});
afterAll(async () => {
  await t?.close();
});

const rolesOf = (r: CollectedRoute) => (r.config as { roles?: unknown } | undefined)?.roles;
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
const calls = (pick: (r: CollectedRoute) => boolean) =>
  routes
    .filter((r) => r.url.startsWith('/api') && pick(r))
    .flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((method) => ({ route: r, method: method as 'GET', url: concrete(r.url) })),
    );
const send = (call: { method: 'GET'; url: string }, token: string) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    headers: { 'x-fingerprint': FINGERPRINT, authorization: `Bearer ${token}` },
    ...(call.method === 'GET' ? {} : { payload: {} }),
  });

describe('the member/admin token wall', () => {
  it('has member routes to walk, and the member token opens them', async () => {
    expect(calls((r) => rolesOf(r) === 'member').length).toBeGreaterThanOrEqual(4);
    expect((await api(t.app, memberToken).get('/api/member/account/profile')).statusCode).toBe(200);
    expect((await api(t.app, adminToken).get('/api/admin/account/profile')).statusCode).toBe(200);
  });

  it('refuses a member token on every admin route (401, handler never run)', async () => {
    const admin = calls((r) => rolesOf(r) !== 'public' && rolesOf(r) !== 'member' && !r.url.startsWith('/api/docs'));
    expect(admin.length).toBeGreaterThan(100);
    const let_through: string[] = [];
    for (const call of admin) {
      const before = call.route.handlerCalls;
      const res = await send(call, memberToken);
      if (res.statusCode !== 401 || call.route.handlerCalls !== before) let_through.push(`${call.method} ${call.url} ${res.statusCode}`);
    }
    expect(let_through).toEqual([]);
  });

  it('refuses an admin token, even a maintainer one, on every member route', async () => {
    const member = calls((r) => rolesOf(r) === 'member');
    const let_through: string[] = [];
    for (const call of member) {
      const before = call.route.handlerCalls;
      const res = await send(call, adminToken);
      if (res.statusCode !== 401 || call.route.handlerCalls !== before) let_through.push(`${call.method} ${call.url} ${res.statusCode}`);
    }
    expect(let_through).toEqual([]);
    expect((await api(t.app, memberToken).get('/api/member/account/profile')).statusCode).toBe(200);
  });
});
