import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * A web build laid out as Vite writes it (index.html with the nonce placeholder, hashed assets, the
 * public files, .vite/manifest.json), precompressed by the same script the build runs.
 */
const dist = mkdtempSync(join(tmpdir(), 'bo-web-assets-'));
const P = '__BO_CSP_NONCE__';
const INDEX = `<!doctype html><html><head><style nonce="${P}">#boot-splash{height:5px}</style><meta property="csp-nonce" nonce="${P}">
<script type="module" crossorigin src="/assets/index-AbC123.js" nonce="${P}"></script>
${Array.from({ length: 12 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}-Q1w2E3.js" nonce="${P}">`).join('\n')}
<link rel="stylesheet" crossorigin href="/assets/index-XyZ789.css" nonce="${P}"></head><body><div id="root"></div></body></html>`;
const JS = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}`, state: i % 3 ? 'valid' : 'expired' })))};\n`;
const CSS = `${Array.from({ length: 80 }, (_, i) => `.bo-cell-${i}{padding:${i}px;color:#1677ff}`).join('\n')}\n`;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b1f6e40000000049454e44ae426082',
  'hex',
);

function write(file: string, body: string | Buffer) {
  mkdirSync(join(dist, file, '..'), { recursive: true });
  writeFileSync(join(dist, file), body);
}

const decode = (res: LightMyRequestResponse): Buffer => {
  if (res.headers['content-encoding'] === 'br') return brotliDecompressSync(res.rawPayload);
  if (res.headers['content-encoding'] === 'gzip') return gunzipSync(res.rawPayload);
  return res.rawPayload;
};
const nonceOf = (res: LightMyRequestResponse) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];

let t: TestApp;
// No X-Fingerprint and no token: the web files are declared public routes, opened outside the API client.
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  write('index.html', INDEX);
  write('assets/index-AbC123.js', JS);
  write('assets/index-XyZ789.css', CSS);
  write('shell-outage.js', `window.addEventListener('error', () => {}, true); // ${'shell '.repeat(40)}\n`);
  write('first-screen.js', `document.getElementById('first-screen-files'); // ${'first screen '.repeat(20)}\n`);
  write('sw.js', `self.addEventListener('fetch', () => {}); // ${'service worker '.repeat(20)}\n`);
  write(
    'manifest.webmanifest',
    JSON.stringify({ name: 'BuildOffice', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] }, null, 2),
  );
  write('robots.txt', 'User-agent: *\nDisallow: /\n');
  write('icon.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#1677ff"/></svg>');
  write('icon-192.png', PNG);
  write('.vite/manifest.json', '{"secret":"build internals"}');
  await precompressDir(dist);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('precompression at build time', () => {
  it('writes brotli and gzip siblings of the text files, smaller than each, and leaves the rest alone', () => {
    for (const file of ['assets/index-AbC123.js', 'assets/index-XyZ789.css', 'sw.js', 'manifest.webmanifest']) {
      const raw = readFileSync(join(dist, file));
      const br = readFileSync(join(dist, `${file}.br`));
      const gz = readFileSync(join(dist, `${file}.gz`));
      expect(br.length, file).toBeLessThan(raw.length);
      expect(brotliDecompressSync(br).equals(raw), file).toBe(true);
      expect(gunzipSync(gz).equals(raw), file).toBe(true);
    }
    // index.html changes with each response's nonce; PNG is compressed already; .vite is not served.
    for (const file of ['index.html', 'icon-192.png', '.vite/manifest.json']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
    // A file too short to gain keeps no sibling that would be larger than itself (gzip's header alone is 18 bytes).
    expect(readFileSync(join(dist, 'robots.txt')).length).toBeLessThan(40);
    expect(existsSync(join(dist, 'robots.txt.gz'))).toBe(false);
  });
});

describe('index.html', () => {
  it('is the answer to /, /index.html and any screen of the app, each with a fresh nonce in its tags and its policy', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/index.html', '/admin/staff/12', '/no/such/page?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      const nonce = nonceOf(res)!;
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(res.body, url).not.toContain(P);
      expect(res.body.split(`nonce="${nonce}"`).length - 1, url).toBe(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(4);
  });

  it('is revalidated on every use and never served from a validator (an old copy would hold an old nonce)', async () => {
    const res = await get('/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('is compressed on the fly for clients that accept it', async () => {
    const br = await get('/admin', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const html = decode(br).toString('utf8');
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonceOf(br)}">`);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).toString('utf8')).toContain('<div id="root">');
  });
});

describe('built files', () => {
  it('go out precompressed by Accept-Encoding, decoding to the built bytes, cached a year as their names are hashed', async () => {
    for (const [file, type] of [
      ['assets/index-AbC123.js', /^text\/javascript|^application\/javascript/],
      ['assets/index-XyZ789.css', /^text\/css/],
    ] as const) {
      const built = readFileSync(join(dist, file));
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['', undefined],
      ] as const) {
        const res = await get(`/${file}`, accept ? { 'accept-encoding': accept } : {});
        expect(res.statusCode, `${file} ${accept}`).toBe(200);
        expect(res.headers['content-type'], file).toMatch(type);
        expect(res.headers['content-encoding'], `${file} ${accept}`).toBe(encoding);
        expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary, file).toMatch(/accept-encoding/i);
        expect(res.headers['x-content-type-options'], file).toBe('nosniff');
        // A script or style sheet is never a document: no document headers on each of them.
        expect(res.headers['content-security-policy'], file).toBeUndefined();
        expect(Number(res.headers['content-length']), file).toBe(res.rawPayload.length);
        expect(decode(res).equals(built), `${file} ${accept}`).toBe(true);
      }
    }
  });

  it('answer a conditional request with 304 and a HEAD without a body', async () => {
    const first = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });

  it('names the installed app with the configured title, not the built one (issue 42, item 12)', async () => {
    const before = JSON.parse(decode(await get('/manifest.webmanifest')).toString('utf8'));
    expect(before).toMatchObject({ name: '營造後台', short_name: '營造後台', icons: [{ src: '/icon-192.png' }] });
    await t.db
      .insertInto('app_configs')
      .values({ name: 'app', value: JSON.stringify({ title: '大明營造', primaryColor: '#aa3300' }), updated_at: new Date().toISOString() })
      .execute();
    try {
      const after = JSON.parse(decode(await get('/manifest.webmanifest', { 'accept-encoding': 'br, gzip' })).toString('utf8'));
      expect(after).toMatchObject({ name: '大明營造', short_name: '大明營造', theme_color: '#aa3300', icons: [{ src: '/icon-192.png' }] });
    } finally {
      await t.db.deleteFrom('app_configs').where('name', '=', 'app').execute();
    }
  });

  it('revalidate the service worker and the manifest on every use, keep icons and robots.txt a day', async () => {
    // [url, Cache-Control, type, a document (or worker) of its own that carries the document headers]
    const cases: Array<[string, string, RegExp, boolean]> = [
      ['/sw.js', 'no-cache', /javascript/, true],
      ['/shell-outage.js', 'no-cache', /javascript/, false],
      ['/first-screen.js', 'no-cache', /javascript/, false],
      ['/manifest.webmanifest', 'no-cache', /^application\/manifest\+json/, false],
      ['/icon.svg', 'public, max-age=86400', /^image\/svg\+xml/, true],
      ['/icon-192.png', 'public, max-age=86400', /^image\/png/, false],
      ['/robots.txt', 'public, max-age=86400', /^text\/plain/, false],
    ];
    for (const [url, cache, type, document] of cases) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(cache);
      expect(res.headers['content-type'], url).toMatch(type);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      if (document) {
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      } else {
        expect(res.headers['x-frame-options'], url).toBeUndefined();
        expect(res.headers['content-security-policy'], url).toBeUndefined();
        expect(res.headers['permissions-policy'], url).toBeUndefined();
      }
    }
    // The server's robots.txt (site/robots.ts), not the build's copy: the website is served under /site here.
    expect((await get('/robots.txt')).body).toContain('Disallow: /admin\n');
    expect((await get('/icon-192.png')).rawPayload.equals(PNG)).toBe(true);
  });

  it('keep a missing hashed file a 404, so a stale page reloads rather than running HTML as a script', async () => {
    for (const url of ['/assets/index-Gone42.js', '/assets/index-AbC123.js.br', '/ASSETS/nothing.css', '/%61ssets/x.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not Found' });
    }
  });

  it('keep unknown API paths JSON, however they are spelled', async () => {
    for (const url of ['/api/nothing', '/%61pi/nothing', '/API/nothing']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-fingerprint': 'f' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it("never serve the build's own bookkeeping", async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.body).not.toContain('build internals');
  });
});
