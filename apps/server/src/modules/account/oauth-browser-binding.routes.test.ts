import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';
import { startFakeProviders, type FakeProviders } from '../../../test/fake-providers.ts';

// Login CSRF (docs/identity.md "Provider flows are bound to their browser"): an attacker starts a flow,
// does the provider step with the attacker's own account and hands the return (code and state) to a
// victim's browser. Only the browser that started the flow (its X-Fingerprint) may finish it.
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

const A = { 'x-fingerprint': 'attacker-browser-0001' };
const B = { 'x-fingerprint': 'victim-browser-00002' };
const OTHER_BROWSER = { state: ['validate.error.oauth_other_browser'] };

/** The provider step, as the browser that opened `url` would do it: the code and state it is sent back with. */
async function authorize(url: string): Promise<{ code: string; state: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}
async function loginOn(admin: BuiltAdmin, headers: Record<string, string>): Promise<string> {
  const res = await api(t.app).post('/api/admin/account/login', { email: admin.email, password: admin.password }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}
async function linkedTo(adminId: number, subject: string) {
  await t.db
    .insertInto('admin_identities')
    .values({
      admin_id: adminId,
      provider: 'line',
      subject,
      email: null,
      name: null,
      created_at: new Date().toISOString(),
      last_used_at: null,
    })
    .execute();
}

describe('admin provider flows are bound to the browser that started them', () => {
  it('refuses a sign-in return in another browser (nobody signed in, no device), and leaves the flow to its own browser', async () => {
    const attacker = await buildAdmin(t.db);
    await linkedTo(attacker.id, `csrf-attacker-${attacker.id}`);
    providers.setIdentity('line', { sub: `csrf-attacker-${attacker.id}` });
    const start = await api(t.app).post('/api/admin/account/oauth-url/line', {}, A);
    expect(start.statusCode, start.body).toBe(200);
    const { code, state } = await authorize(start.json().url);

    const lured = await api(t.app).post('/api/admin/account/oauth-login/line', { code, state }, B);
    expect(lured.statusCode, lured.body).toBe(400);
    expect(lured.json().errors).toEqual(OTHER_BROWSER);
    expect(lured.json()).not.toHaveProperty('token');
    const devices = await t.db.selectFrom('login_devices').select('fingerprint').where('admin_id', '=', attacker.id).execute();
    expect(devices).toEqual([]);
    // The provider's code was not spent on the wrong browser either.
    expect(providers.redeemed).not.toContain(code);

    // A refused return does not use the flow up: its own browser still finishes it, once.
    const own = await api(t.app).post('/api/admin/account/oauth-login/line', { code, state }, A);
    expect(own.statusCode, own.body).toBe(200);
    expect((await api(t.app).post('/api/admin/account/oauth-login/line', { code, state }, A)).statusCode).toBe(401);
    expect((await api(t.app).post('/api/admin/account/oauth-login/line', { code, state }, B)).statusCode).toBe(401);
  });

  it('refuses a link return in another browser of the same admin: nothing is linked', async () => {
    const admin = await buildAdmin(t.db);
    const onA = await loginOn(admin, A);
    const onB = await loginOn(admin, B);
    for (const [token, headers] of [
      [onA, A],
      [onB, B],
    ] as const) {
      const proof = await api(t.app, token).post('/api/admin/account/verify-identity', { password: admin.password }, headers);
      expect(proof.statusCode, proof.body).toBe(200);
    }
    providers.setIdentity('line', { sub: `csrf-link-${admin.id}`, name: 'Linked elsewhere' });
    const start = await api(t.app, onA).post('/api/admin/account/oauth-link-url/line', {}, A);
    expect(start.statusCode, start.body).toBe(200);
    const { code, state } = await authorize(start.json().url);

    const lured = await api(t.app, onB).post('/api/admin/account/oauth-link/line', { code, state }, B);
    expect(lured.statusCode, lured.body).toBe(400);
    expect(lured.json().errors).toEqual(OTHER_BROWSER);
    expect(await t.db.selectFrom('admin_identities').select('id').where('admin_id', '=', admin.id).execute()).toEqual([]);

    const own = await api(t.app, onA).post('/api/admin/account/oauth-link/line', { code, state }, A);
    expect(own.statusCode, own.body).toBe(200);
    expect(await t.db.selectFrom('admin_identities').select('subject').where('admin_id', '=', admin.id).execute()).toEqual([
      { subject: `csrf-link-${admin.id}` },
    ]);
  });

  it('keeps only a digest of the binding with the flow', async () => {
    await login(t.app, await buildAdmin(t.db));
    const start = await api(t.app).post('/api/admin/account/oauth-url/google', {}, { 'x-fingerprint': 'plain-fingerprint-to-find' });
    expect(start.statusCode).toBe(200);
    const flows = JSON.stringify(await t.db.selectFrom('oauth_flows').selectAll().execute());
    expect(flows).not.toContain('plain-fingerprint-to-find');
  });
});
