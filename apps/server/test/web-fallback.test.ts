import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from './helpers.ts';

// With a built web app present the server serves it, and still answers unknown API paths in JSON.
const web = mkdtempSync(join(tmpdir(), 'bo-web-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>BuildOffice</title><div id="root"></div>');
writeFileSync(join(web, 'manifest.webmanifest'), '{"name":"BuildOffice"}');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('built web app', () => {
  it('answers any non-API page with index.html so the web router can show it', async () => {
    for (const url of ['/', '/admin/audit-log', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves the web app files themselves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    // The built manifest, named with the configured title (plugins/web-manifest.ts).
    expect(JSON.parse(res.body)).toMatchObject({ name: '營造後台' });
  });

  it('answers an unknown API path with a JSON 404, never the page', async () => {
    const res = await api(t.app).get('/api/admin/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });
});
