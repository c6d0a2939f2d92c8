import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, createTestApp, login, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';
import { startFakeProviders, type FakeProviders } from '../../../test/fake-providers.ts';

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

type P = 'google' | 'facebook' | 'line';
/** What the browser does: opens the provider's URL and follows it back to /oauth-return/{provider}. */
async function authorize(url: string): Promise<{ code: string; state: string; back: URL }> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back };
}
async function signInWith(provider: P) {
  const start = await api(t.app).post(`/api/admin/account/oauth-url/${provider}`, {});
  expect(start.statusCode, start.body).toBe(200);
  const { code, state, back } = await authorize(start.json().url);
  expect(back.origin + back.pathname).toBe(`https://office.example.com/oauth-return/${provider}`);
  return { res: await api(t.app).post(`/api/admin/account/oauth-login/${provider}`, { code, state }), code, state };
}
async function prove(token: string, admin: BuiltAdmin) {
  expect((await api(t.app, token).post('/api/admin/account/verify-identity', { password: admin.password })).statusCode).toBe(200);
}
async function link(token: string, provider: P) {
  const start = await api(t.app, token).post(`/api/admin/account/oauth-link-url/${provider}`, {});
  expect(start.statusCode, start.body).toBe(200);
  const { code, state } = await authorize(start.json().url);
  return api(t.app, token).post(`/api/admin/account/oauth-link/${provider}`, { code, state });
}

describe('social sign-in', () => {
  it.each(['line', 'facebook', 'google'] as const)(
    'signs in with %s once the provider account is linked on the profile',
    async (provider) => {
      const admin = await buildAdmin(t.db);
      const token = await login(t.app, admin);
      providers.setIdentity(provider, { sub: `${provider}-${admin.id}`, email: `other-${admin.email}`, name: 'Provider Name' });
      expect((await signInWith(provider)).res.statusCode).toBe(401);

      expect((await api(t.app, token).post(`/api/admin/account/oauth-link-url/${provider}`, {})).statusCode).toBe(403);
      await prove(token, admin);
      const linked = await link(token, provider);
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toMatchObject({ provider, name: 'Provider Name' });

      const { res } = await signInWith(provider);
      expect(res.statusCode, res.body).toBe(200);
      expect((await api(t.app, res.json().token).get('/api/admin/account/profile')).json().id).toBe(admin.id);
      // Signing in again from the same browser replaced the first session: the new token reads the links.
      const ids = (await api(t.app, res.json().token).get('/api/admin/account/identities')).json().data;
      expect(ids.map((i: { provider: string }) => i.provider)).toEqual([provider]);
    },
  );

  it('links Google by a verified e-mail the first time, never by an unverified one, and LINE never', async () => {
    const admin = await buildAdmin(t.db);
    providers.setIdentity('google', { sub: `g-unverified-${admin.id}`, email: admin.email, email_verified: false });
    expect((await signInWith('google')).res.statusCode).toBe(401);
    providers.setIdentity('line', { sub: `l-${admin.id}`, email: admin.email });
    expect((await signInWith('line')).res.statusCode).toBe(401);
    providers.setIdentity('google', { sub: `g-verified-${admin.id}`, email: admin.email.toUpperCase(), email_verified: true });
    const { res } = await signInWith('google');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.selectFrom('admin_identities').selectAll().where('admin_id', '=', admin.id).execute();
    expect(rows).toMatchObject([{ provider: 'google', subject: `g-verified-${admin.id}` }]);
  });

  it("refuses a replayed code and state, a made-up state, another provider's state and an expired flow", async () => {
    const admin = await buildAdmin(t.db);
    await t.db
      .insertInto('admin_identities')
      .values({
        admin_id: admin.id,
        provider: 'line',
        subject: `replay-${admin.id}`,
        email: null,
        name: null,
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
    providers.setIdentity('line', { sub: `replay-${admin.id}` });
    const first = await signInWith('line');
    expect(first.res.statusCode).toBe(200);
    const replay = await api(t.app).post('/api/admin/account/oauth-login/line', { code: first.code, state: first.state });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Login fail');

    const start = await api(t.app).post('/api/admin/account/oauth-url/line', {});
    const { code, state } = await authorize(start.json().url);
    expect((await api(t.app).post('/api/admin/account/oauth-login/line', { code, state: 'made-up' })).statusCode).toBe(401);
    expect((await api(t.app).post('/api/admin/account/oauth-login/google', { code, state })).statusCode).toBe(401);

    const late = await api(t.app).post('/api/admin/account/oauth-url/line', {});
    const lateGrant = await authorize(late.json().url);
    vi.useFakeTimers({ now: Date.now() + 11 * 60_000, toFake: ['Date'] });
    try {
      expect(
        (await api(t.app).post('/api/admin/account/oauth-login/line', { code: lateGrant.code, state: lateGrant.state })).statusCode,
      ).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a disabled admin, and a provider account linked to another admin (409)', async () => {
    const a = await buildAdmin(t.db);
    const b = await buildAdmin(t.db);
    const aToken = await login(t.app, a);
    const bToken = await login(t.app, b);
    providers.setIdentity('facebook', { sub: `shared-${a.id}` });
    await prove(aToken, a);
    expect((await link(aToken, 'facebook')).statusCode).toBe(200);
    await prove(bToken, b);
    const taken = await link(bToken, 'facebook');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ provider: ['validate.error.identity_taken'] });

    await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', a.id).execute();
    expect((await signInWith('facebook')).res.statusCode).toBe(401);
  });

  it('unlinks behind verify-identity, audited; the database keeps no state or PKCE verifier in plain', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    providers.setIdentity('line', { sub: `unlink-${admin.id}` });
    await prove(token, admin);
    expect((await link(token, 'line')).statusCode).toBe(200);
    await t.db.updateTable('login_devices').set({ identity_verified_until: null }).where('admin_id', '=', admin.id).execute();
    expect((await api(t.app, token).delete('/api/admin/account/identities/line')).statusCode).toBe(403);
    await prove(token, admin);
    expect((await api(t.app, token).delete('/api/admin/account/identities/line')).statusCode).toBe(200);
    expect((await api(t.app, token).delete('/api/admin/account/identities/line')).statusCode).toBe(404);
    expect((await signInWith('line')).res.statusCode).toBe(401);
    const audit = await t.db.selectFrom('audit_logs').select('action').where('target_id', '=', String(admin.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['link_identity', 'unlink_identity']));

    const start = await api(t.app).post('/api/admin/account/oauth-url/google', {});
    const state = new URL(start.json().url).searchParams.get('state')!;
    const flows = JSON.stringify(await t.db.selectFrom('oauth_flows').selectAll().execute());
    expect(flows).not.toContain(state);
  });

  it('answers 404 for a provider that is not configured, and tells the web which are', async () => {
    const bare = await createTestApp();
    try {
      expect((await api(bare.app).post('/api/admin/account/oauth-url/line', {})).statusCode).toBe(404);
      expect((await api(bare.app).get('/api/settings')).json().oauth_providers).toEqual([]);
    } finally {
      await bare.close();
    }
    expect((await api(t.app).get('/api/settings')).json().oauth_providers).toEqual(['google', 'facebook', 'line']);
  });
});
