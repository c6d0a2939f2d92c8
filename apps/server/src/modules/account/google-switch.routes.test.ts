import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startFakeProviders, type FakeProviders } from '../../../test/fake-providers.ts';

/** Issue 26: adminGoogleLogin is the server's switch, not only the sign-in button's. */
let t: TestApp;
let providers: FakeProviders;
beforeAll(async () => {
  providers = await startFakeProviders();
  t = await createTestApp({ ...providers.env, PUBLIC_URL: 'https://office.example.com' });
});
afterAll(async () => {
  await t?.close();
  await providers?.close();
});

async function authorize(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}
const setSwitch = async (token: string, on: boolean) =>
  expect((await api(t.app, token).put('/api/admin/app-config/app/update', { adminGoogleLogin: on })).statusCode).toBe(200);

describe('adminGoogleLogin', () => {
  it('off: admins cannot start, finish or link a Google sign-in, and /api/settings leaves Google out for admins only', async () => {
    const superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
    const admin = await buildAdmin(t.db);
    providers.setIdentity('google', { sub: `g-${admin.id}`, email: admin.email, email_verified: true });

    // A flow started while the switch was on, finished after it went off.
    const started = await api(t.app).post('/api/admin/account/oauth-url/google', {});
    expect(started.statusCode).toBe(200);
    const grant = await authorize(started.json().url);
    await setSwitch(superToken, false);

    const settings = (await api(t.app).get('/api/settings')).json();
    expect(settings.config.adminGoogleLogin).toBe(false);
    expect(settings.admin_oauth_providers).toEqual(['facebook', 'line']);
    expect(settings.oauth_providers).toEqual(['google', 'facebook', 'line']);

    expect((await api(t.app).post('/api/admin/account/oauth-url/google', {})).statusCode).toBe(404);
    const finished = await api(t.app).post('/api/admin/account/oauth-login/google', grant);
    expect(finished.statusCode).toBe(404);
    expect(await t.db.selectFrom('admin_identities').select('id').where('admin_id', '=', admin.id).execute()).toHaveLength(0);
    const token = await login(t.app, admin);
    expect((await api(t.app, token).post('/api/admin/account/oauth-link-url/google', {})).statusCode).toBe(404);
    // Other providers, and the website's members, are not the switch's.
    expect((await api(t.app).post('/api/admin/account/oauth-url/line', {})).statusCode).toBe(200);
    expect((await api(t.app).post('/api/member/account/oauth-url/google', {})).statusCode).toBe(200);

    await setSwitch(superToken, true);
    expect((await api(t.app).get('/api/settings')).json().admin_oauth_providers).toEqual(['google', 'facebook', 'line']);
    const again = await api(t.app).post('/api/admin/account/oauth-url/google', {});
    const signedIn = await api(t.app).post('/api/admin/account/oauth-login/google', await authorize(again.json().url));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('modules has no admin switch any more: an update naming it is refused, nothing stored', async () => {
    const superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
    const before = (await api(t.app, superToken).get('/api/admin/app-config/app')).json();
    const res = await api(t.app, superToken).put('/api/admin/app-config/app/update', { modules: { admin: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'modules.admin': ['validate.error.not_allowed'] });
    expect((await api(t.app, superToken).get('/api/admin/app-config/app')).json()).toEqual(before);
    expect(before.config.modules).not.toHaveProperty('admin');
  });
});
