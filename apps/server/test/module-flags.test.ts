import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_CONFIG } from '@bo/shared/app-config';
import type { ServerModule } from '../src/lib/kit/server-module.ts';
import { MODULES } from '../src/modules/index.ts';
import { api, buildAdmin, createTestApp, FINGERPRINT, login, type TestApp } from './helpers.ts';
import type { CollectedRoute } from './route-collector.ts';

const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));

/**
 * A module declaring a feature flag (defineModule `flag`) does not exist while the flag is off: every
 * route it registers answers 404 before its handler runs, whoever calls. The routes are the app's
 * registered ones (each tagged with its module by registerModule), not a list written here.
 */
let t: TestApp;
let adminToken: string;
let memberToken: string;

const flatten = (ms: readonly ServerModule[]): ServerModule[] => ms.flatMap((m) => [m, ...flatten(m.modules ?? [])]);
const flagged = flatten(MODULES).filter((m) => m.flag);
/** The app-config update switching every declared flag to `on`. */
const switchAll = (on: boolean) => {
  const patch: Record<string, unknown> & { modules: Record<string, boolean> } = { modules: {} };
  for (const m of flagged) {
    const flag = m.flag!;
    if (flag.startsWith('modules.')) patch.modules[flag.slice('modules.'.length)] = on;
    else patch[flag] = on;
  }
  return patch;
};

async function signInMember(): Promise<string> {
  const now = new Date().toISOString();
  const email = 'flag-member@example.com';
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
  const row = await t.db.selectFrom('members').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  // The code is mailed; here it is issued directly to know it (the route stores only its digest).
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
  return res.json().token;
}

const setFlags = async (patch: Record<string, unknown>) => {
  const res = await api(t.app, adminToken).put('/api/admin/app-config/app/update', patch);
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '100000' });
  adminToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_MAINTAINER', 'ROLE_SUPER_ADMIN'] }));
  await setFlags(switchAll(true));
  memberToken = await signInMember();
});
afterAll(async () => {
  await t?.close();
});

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
const callsOf = (m: ServerModule) =>
  routes
    .filter((r) => (r.config as { module?: string } | undefined)?.module === m.name)
    .flatMap((r) =>
      [r.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ route: r, method: method as 'GET', url: concrete(r.url) })),
    );
const send = (call: ReturnType<typeof callsOf>[number]) => {
  const roles = (call.route.config as { roles?: unknown }).roles;
  const token = roles === 'public' ? null : roles === 'member' ? memberToken : adminToken;
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers: { 'x-fingerprint': FINGERPRINT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(call.method === 'GET' ? {} : { payload: {} }),
  });
};

describe('module feature flags', () => {
  it('has flagged modules with routes to walk: the content modules, admin groups and sub-accounts', () => {
    // modules.admin switches nothing on the server (no module declares it).
    const contentFlags = Object.keys(DEFAULT_APP_CONFIG.modules)
      .filter((c) => c !== 'admin')
      .map((c) => `modules.${c}`);
    expect(flagged.map((m) => m.flag).sort()).toEqual(['adminGroup', 'adminSubAccount', ...contentFlags].sort());
    for (const m of flagged) expect(callsOf(m).length, m.name).toBeGreaterThan(0);
    const urls = flagged.flatMap(callsOf).map((c) => `${c.method} ${c.route.url}`);
    // The kit's resource routes, a module's own routes, its public reads and the member's own routes alike.
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/page/index',
        'GET /api/admin/page/:id/revisions',
        'GET /api/public/pages/:type/:slug',
        'POST /api/public/contact',
        'GET /api/public/banners',
        'POST /api/member/account/login',
        'GET /api/member/account/profile',
        'DELETE /api/admin/admin-organization/:id',
      ]),
    );
  });

  it('answers 404 on every route of a module whose flag is off, before its handler runs', async () => {
    await setFlags(switchAll(false));
    try {
      for (const m of flagged) {
        for (const call of callsOf(m)) {
          const before = call.route.handlerCalls;
          const res = await send(call);
          expect(res.statusCode, `${m.flag}: ${call.method} ${call.url} ${res.body}`).toBe(404);
          expect(call.route.handlerCalls, `${call.method} ${call.url}`).toBe(before);
        }
      }
    } finally {
      await setFlags(switchAll(true));
    }
  });

  it('opens the same routes again once the flag is on', async () => {
    for (const m of flagged) {
      const answered = await Promise.all(callsOf(m).map(async (call) => (await send(call)).statusCode));
      expect(
        answered.filter((s) => s !== 404),
        m.name,
      ).not.toEqual([]);
    }
  });
});
