import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from './helpers.ts';

/** Directives of a Content-Security-Policy header, by name. */
function directives(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectEverywhereHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  const permissions = String(res.headers['permissions-policy']);
  for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture']) {
    expect(permissions, `${what}: ${feature}`).toContain(`${feature}=()`);
  }
  // The gate screen reads badges with the camera: the app's own pages only, never a frame of another origin.
  expect(permissions, `${what}: camera`).toContain('camera=(self)');
  expect(permissions, `${what}: camera`).not.toContain('camera=()');
  expect(directives(res)['frame-ancestors'], what).toEqual(["'none'"]);
}

// A built web app with Vite's nonce placeholder, as apps/web/dist holds it.
const web = mkdtempSync(join(tmpdir(), 'bo-web-csp-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><meta property="csp-nonce" nonce="__BO_CSP_NONCE__"><div id="root"></div>');

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: web });
  token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('API answers', () => {
  it('carry a policy that loads nothing, refuse framing and powerful features, and are never stored', async () => {
    for (const url of ['/api/admin/account/profile', '/api/admin/admin/index', '/api/settings']) {
      const res = await api(t.app, token).get(url);
      expect(res.statusCode, url).toBe(200);
      expectEverywhereHeaders(res, url);
      expect(directives(res)['default-src'], url).toEqual(["'none'"]);
      expect(directives(res)['form-action'], url).toEqual(["'none'"]);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('do the same for refusals: no token, no fingerprint, no such path, a wrong method', async () => {
    const refusals = [
      await api(t.app).get('/api/admin/account/profile'),
      await t.app.inject({ method: 'GET', url: '/api/admin/account/profile', headers: { authorization: `Bearer ${token}` } }),
      await api(t.app, token).get('/api/admin/no-such-thing'),
      await api(t.app, token).post('/api/admin/audit-log'),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([401, 400, 404, 405]);
    for (const res of refusals) {
      expectEverywhereHeaders(res, res.body);
      expect(res.headers['cache-control'], res.body).toBe('no-store');
      expect(directives(res)['default-src'], res.body).toEqual(["'none'"]);
    }
  });

  it('send no Strict-Transport-Security while the public address is http', async () => {
    const res = await api(t.app, token).get('/api/admin/account/profile');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://office.example.com', WEB_DIST: web });
    try {
      for (const url of ['/api/settings', '/', '/api/no-such-thing']) {
        const res = await https.app.inject({ method: 'GET', url, headers: { 'x-fingerprint': 'f' } });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await https.close();
    }
  });
});

describe('files the API streams', () => {
  it('keep their own caching and their sandboxing policy, with the common headers on top', async () => {
    const a = api(t.app, token);
    const created = await a.post('/api/admin/file/create-via-data', { name: 'notes.txt', content: 'hello\n' });
    expect(created.statusCode).toBe(200);
    const path = new URL(created.json().url, 'http://x').pathname;
    const pub = await t.app.inject({ method: 'GET', url: path });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(pub.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(pub.headers['x-frame-options']).toBe('DENY');
    const download = await a.post('/api/admin/file/download', { id: created.json().id });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('private, no-store');
  });
});

describe('web app policy', () => {
  it('allows its own origin only, nonce-d styles, images from data: and blob:, the YouTube embed in frames, and no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expectEverywhereHeaders(res, '/');
    const d = directives(res);
    const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(d['style-src'][1])?.[1];
    expect(res.body).toContain(`nonce="${nonce}"`);
    expect(d).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      'style-src': ["'self'", `'nonce-${nonce}'`],
      'img-src': ["'self'", 'data:', 'blob:'],
      // Issue 11: videos play in YouTube's privacy-enhanced embed, and only there.
      'frame-src': ["'self'", 'https://www.youtube-nocookie.com'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    // No 'unsafe-inline' or 'unsafe-eval': only WebAssembly may be compiled (the gate's QR reader).
    expect(String(res.headers['content-security-policy']).replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe|google|gstatic|\*/);
  });

  it('adds the reCAPTCHA script and frame origins only when a site key is configured', async () => {
    const withKey = await createTestApp({ WEB_DIST: web, RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'secret' });
    try {
      const d = directives(await withKey.app.inject({ method: 'GET', url: '/' }));
      expect(d['script-src']).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
      ]);
      expect(d['frame-src']).toEqual([
        "'self'",
        'https://www.youtube-nocookie.com',
        'https://www.google.com/recaptcha/',
        'https://recaptcha.google.com/recaptcha/',
      ]);
      expect(d['object-src']).toEqual(["'none'"]);
      expect(d['frame-ancestors']).toEqual(["'none'"]);
    } finally {
      await withKey.close();
    }
  });
});

describe('API reference', () => {
  it('is served under its own policy: same-origin scripts, no inline script, never framed', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectEverywhereHeaders(page, '/api/docs');
    const d = directives(page);
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toBeUndefined();
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe');
    // Every script the page names is one it may load.
    for (const [, src] of page.body.matchAll(/<script src="([^"]+)"/g)) {
      expect(src.startsWith('./') || src.startsWith('/api/docs/')).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname })).statusCode, src).toBe(200);
    }
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\./);
  });
});
