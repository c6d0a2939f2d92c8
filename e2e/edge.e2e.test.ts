import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openPage, shot, signIn, startFlow, startServer, takePolicyViolations, type TestServer } from './harness.ts';

/**
 * The production build as a browser receives it: the policy, the nonce, precompressed assets and their
 * cache lifetimes, robots.txt, the manifest's icons, and the API reference under its own policy.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET with exactly these headers; the body as it came over the wire (fetch would decode it). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (r: RawResponse) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

describe('sign-in page under the Content-Security-Policy', () => {
  it('gives each index.html response its own nonce, in the policy and in every tag that needs it', async () => {
    const [a, b] = [await rawGet('/', { 'accept-encoding': 'br' }), await rawGet('/')];
    const nonceOf = (r: RawResponse) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1];
    expect(nonceOf(a)).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    const html = decoded(a).toString('utf8');
    expect(a.headers['content-encoding']).toBe('br');
    expect(html).not.toContain('__BO_CSP_NONCE__');
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonceOf(a)}">`);
    for (const tag of html.match(/<(?:script|style|link rel="(?:modulepreload|stylesheet)")[^>]*>/g) ?? [])
      expect(tag).toContain(`nonce="${nonceOf(a)}"`);
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain('unsafe-inline');
    expect(a.headers['x-frame-options']).toBe('DENY');
    expect(a.headers['cache-control']).toBe('no-cache');
    expect(a.headers.etag).toBeUndefined();
  });

  it('renders the sign-in page with Ant Design styled, on a desktop and on a phone, with no violation', async () => {
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ]) {
      const { context, page, errors } = await openPage(browser, { width, height, context: { isMobile: width < 500 } });
      await page.goto(`${server.url}/`);
      const submit = page.getByTestId('sign-in-submit');
      await submit.waitFor();
      // Ant Design's run-time styles applied: the primary button has the theme's primary colour (its
      // CSS variable, resolved), not the browser's grey; polled past the button's colour transition.
      const colours = () =>
        submit.evaluate((el) => {
          const probe = document.createElement('span');
          probe.style.color = getComputedStyle(el).getPropertyValue('--ant-color-primary');
          document.body.append(probe);
          const primary = getComputedStyle(probe).color;
          probe.remove();
          return { background: getComputedStyle(el).backgroundColor, primary };
        });
      await expect
        .poll(
          async () => {
            const c = await colours();
            return c.background === c.primary;
          },
          { timeout: 5000 },
        )
        .toBe(true);
      expect((await colours()).background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
      expect((await colours()).background).not.toBe('rgb(239, 239, 239)');
      expect(await page.locator('style[nonce]').count()).toBeGreaterThan(0);
      await shot(page, `sign-in-csp-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('reports a style the policy refuses, so the flows would notice one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByTestId('sign-in-submit').waitFor();
    // Markup injected into the page (not created by its scripts) gets no nonce.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<style>body{color:red}</style>');
    });
    await expect.poll(() => takePolicyViolations().join('\n'), { timeout: 5000 }).toContain('style-src-elem refused inline');
    await context.close();
  });

  it('admits the reCAPTCHA script when a site key is configured (Google answered by the test, nothing leaves the machine)', async () => {
    const withKey = await startServer({ RECAPTCHA_SITE_KEY: 'e2e-site-key' });
    try {
      expect(String((await rawGet('/')).headers['content-security-policy'])).not.toContain('google');
      const csp = String((await fetch(`${withKey.url}/`)).headers.get('content-security-policy'));
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
      const context = await browser.newContext();
      const asked: string[] = [];
      await context.route('https://www.google.com/recaptcha/**', (route) => {
        asked.push(route.request().url());
        return route.fulfill({
          contentType: 'text/javascript',
          body: 'window.grecaptcha = { ready: (cb) => cb(), execute: async () => "e2e-token" };',
        });
      });
      const page = await context.newPage();
      await signIn(page, withKey.url, withKey.admin.email, withKey.admin.password);
      expect(asked).toEqual(['https://www.google.com/recaptcha/api.js?render=e2e-site-key']);
      await context.close();
    } finally {
      await withKey.stop();
    }
  });
});

describe('built files on the wire', () => {
  it('sends hashed assets precompressed (brotli, else gzip) and cached for a year, and the same bytes decoded', async () => {
    const html = decoded(await rawGet('/')).toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(3);
    for (const path of [assets[0], assets.find((a) => a.endsWith('.css'))!]) {
      const plain = await rawGet(path);
      const br = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await rawGet(path, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      for (const r of [plain, br, gz]) {
        expect(r.status).toBe(200);
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(r.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(r).equals(plain.body)).toBe(true);
      }
      // Brotli halves text of any size worth sending; a file of a few hundred bytes is mostly its own
      // overhead (the sign-in route's stylesheet is about 700 bytes), so it only has to be smaller.
      expect(br.body.length).toBeLessThan(plain.body.length > 2048 ? plain.body.length / 2 : plain.body.length);
    }
  });

  it('revalidates the service worker and the manifest on each use', async () => {
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      const r = await rawGet(path, { 'accept-encoding': 'br' });
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('no-cache');
      expect(r.headers.etag, path).toBeTruthy();
      expect((await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': String(r.headers.etag) })).status, path).toBe(304);
    }
  });

  it('answers robots.txt that keeps crawlers out of the back office and the API, not out of the website at /site', async () => {
    const r = await rawGet('/robots.txt');
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const body = r.body.toString();
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(/^Disallow: \/api\/$/m);
    expect(body).not.toMatch(/^Disallow: \/$/m);
    expect(body).toMatch(/^Sitemap: .*\/site\/sitemap\.xml$/m);
  });

  it('lists PNG icons of 192 and 512 px and a maskable one in the manifest, each served as that image', async () => {
    const manifest = JSON.parse((await rawGet('/manifest.webmanifest')).body.toString());
    expect(manifest.display).toBe('standalone');
    const pngs = manifest.icons.filter((i: { type: string }) => i.type === 'image/png');
    expect(pngs.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const r = await rawGet(icon.src);
      expect(r.headers['content-type']).toBe('image/png');
      expect(r.body.subarray(1, 4).toString()).toBe('PNG');
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(`${r.body.readUInt32BE(16)}x${r.body.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});

describe('API reference', () => {
  it('works in the browser under its own policy', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(`${server.url}/api/docs`);
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // Tags start collapsed (docExpansion 'none'): with every operation expanded, Swagger UI stopped rendering past ~130.
    await page.locator('.opblock-tag').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(12);
    await page.locator('.opblock-tag', { hasText: 'account' }).first().click();
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(15);
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
