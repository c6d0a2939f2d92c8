import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startFakeProviders, type FakeProviders } from '../../test/fake-providers.ts';
import { siteBrowser } from './site.testkit.ts';

// Login CSRF on the website (docs/identity.md "Provider flows are bound to their browser"): the
// provider's return, opened in any browser but the one that started the flow, signs nobody in.
let t: TestApp;
let providers: FakeProviders;
beforeAll(async () => {
  providers = await startFakeProviders();
  t = await createTestApp({ ...providers.env, SITE_URL: 'https://www.example.test' });
});
afterAll(async () => {
  await t?.close();
  await providers?.close();
});

const cookie = (res: { headers: Record<string, unknown> }, name: string) =>
  [res.headers['set-cookie'] ?? []].flat().find((c) => String(c).startsWith(`${name}=`)) as string | undefined;

/** A browser that starts signing in with LINE and does the provider step: the return's query and the browser. */
async function startedFlow() {
  const browser = siteBrowser(t.app);
  await browser.get('/site/member/sign-in');
  const start = await browser.post('/site/member/oauth/line', {});
  expect(start.statusCode, start.body).toBe(303);
  const atProvider = await fetch(start.headers.location!, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  return { browser, start, returnPath: `/site/member/oauth-return/line${back.search}` };
}

describe('website provider sign-in is bound to the browser that started it', () => {
  it('sets an HttpOnly, SameSite=Lax binding cookie for the flow; the flow keeps only its digest', async () => {
    providers.setIdentity('line', { sub: 'site-binding-cookie', name: 'Cookie' });
    const { browser, start } = await startedFlow();
    const set = cookie(start, 'site_oauth');
    expect(set).toMatch(/^site_oauth=[\w-]{40,}; Path=\/site; HttpOnly; SameSite=Lax; Secure; Max-Age=600$/);
    const value = browser.jar.get('site_oauth')!;
    expect(JSON.stringify(await t.db.selectFrom('oauth_flows').selectAll().execute())).not.toContain(value);
  });

  it("refuses the attacker's return in a victim's browser without cookies, or with its own, and signs nobody in", async () => {
    providers.setIdentity('line', { sub: 'site-attacker', name: 'Attacker' });
    const attacker = await startedFlow();

    const noCookies = siteBrowser(t.app);
    const lured = await noCookies.get(attacker.returnPath);
    expect(lured.statusCode, lured.body).toBe(400);
    expect(lured.body).toContain('這個登入連結是在另一個瀏覽器開始的');
    expect(cookie(lured, 'site_member')).toBeUndefined();
    expect(noCookies.jar.has('site_member')).toBe(false);

    // A victim who has been on the site and started a flow of its own: its cookies are not the attacker's.
    providers.setIdentity('line', { sub: 'site-victim', name: 'Victim' });
    const victim = await startedFlow();
    const luredAgain = await victim.browser.get(attacker.returnPath);
    expect(luredAgain.statusCode).toBe(400);
    expect(victim.browser.jar.has('site_member')).toBe(false);

    // The same fingerprint (the attacker's CSRF cookie) without the binding cookie is not enough either.
    const copy = siteBrowser(t.app);
    copy.jar.set('site_csrf', attacker.browser.jar.get('site_csrf')!);
    expect((await copy.get(attacker.returnPath)).statusCode).toBe(400);
    expect(copy.jar.has('site_member')).toBe(false);

    // None of that used the flow up: the browser that started it signs in, and clears its binding cookie.
    const own = await attacker.browser.get(attacker.returnPath);
    expect(own.statusCode, own.body).toBe(303);
    expect(own.headers.location).toBe('/site/member/profile');
    expect(attacker.browser.jar.has('site_member')).toBe(true);
    expect(attacker.browser.jar.has('site_oauth')).toBe(false);
    expect((await attacker.browser.get('/site/member/profile')).body).toContain('Attacker');
  });

  it('refuses a member API return from another X-Fingerprint, or without the binding the flow started with', async () => {
    providers.setIdentity('line', { sub: 'api-binding', name: 'API' });
    const A = '/api/member/account';
    const binding = 'b'.repeat(43);
    const call = (url: string, body: unknown, fingerprint: string) =>
      t.app.inject({ method: 'POST', url, payload: body as object, headers: { 'x-fingerprint': fingerprint } });
    const start = await call(`${A}/oauth-url/line`, { browser_binding: binding }, 'member-browser-a');
    expect(start.statusCode, start.body).toBe(200);
    const atProvider = await fetch(start.json().url, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    for (const [body, fingerprint] of [
      [{ code, state, browser_binding: binding }, 'member-browser-b'],
      [{ code, state }, 'member-browser-a'],
      [{ code, state, browser_binding: 'c'.repeat(43) }, 'member-browser-a'],
    ] as const) {
      const refused = await call(`${A}/oauth-login/line`, body, fingerprint);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual({ state: ['validate.error.oauth_other_browser'] });
    }
    const own = await call(`${A}/oauth-login/line`, { code, state, browser_binding: binding }, 'member-browser-a');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().member.name).toBe('API');
  });
});
