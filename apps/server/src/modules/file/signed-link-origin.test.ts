import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { upload } from './media.testkit.ts';

// Signed links are absolute; their origin comes from PUBLIC_URL (or the start-up address), never from the request.
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

let unset: TestApp;
let configured: TestApp;
beforeAll(async () => {
  unset = await createTestApp({ PORT: '3000' });
  // TRUST_PROXY=true: even forwarded headers the server would believe for client addresses do not pick the link's origin.
  configured = await createTestApp({ PUBLIC_URL: 'https://backoffice.example.com/', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await unset?.close();
  await configured?.close();
});

async function signedLink(t: TestApp, headers: Record<string, string>) {
  const token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
  const file = (
    await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'plan.txt', data: Buffer.from('the plan') })
  ).json();
  const res = await api(t.app, token).post('/api/admin/file/signed-url', { path: file.path, ttl: 600 }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().url);
}

describe('signed-link origin', () => {
  it('builds the link on PUBLIC_URL whatever Host or X-Forwarded-Host the request forges', async () => {
    const url = await signedLink(configured, FORGED);
    expect(url.origin).toBe('https://backoffice.example.com');
    expect(url.pathname).toMatch(/^\/api\/files\/signed\/[A-Za-z0-9_-]+\/plan\.txt$/);
    const opened = await configured.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('the plan');
  });

  it("builds the link on the start-up address when PUBLIC_URL is not set, not on the request's host", async () => {
    const url = await signedLink(unset, FORGED);
    expect(url.origin).toBe('http://localhost:3000');
    expect((await signedLink(unset, {})).origin).toBe('http://localhost:3000');
  });

  it('takes the default from HOST and PORT as printed at start-up', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-public-url-'));
    try {
      const publicUrl = (env: Record<string, string>) => {
        const c = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });
        return [c.publicUrl, c.publicUrlConfigured];
      };
      expect(publicUrl({})).toEqual(['http://localhost:3000', false]);
      expect(publicUrl({ HOST: '0.0.0.0', PORT: '8080' })).toEqual(['http://localhost:8080', false]);
      expect(publicUrl({ HOST: '::', PORT: '8080' })).toEqual(['http://localhost:8080', false]);
      expect(publicUrl({ HOST: '10.1.2.3', PORT: '8080' })).toEqual(['http://10.1.2.3:8080', false]);
      expect(publicUrl({ HOST: '::1', PORT: '8080' })).toEqual(['http://[::1]:8080', false]);
      expect(publicUrl({ PUBLIC_URL: 'https://bo.example.com/office/' })).toEqual(['https://bo.example.com/office', true]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
