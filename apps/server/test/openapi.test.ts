import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('API reference', () => {
  it('serves an OpenAPI 3 document listing the account routes, without a fingerprint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('v1.0.0');
    expect(doc.paths['/api/admin/account/login'].post).toBeDefined();
    expect(doc.paths['/api/admin/account/renew'].put).toBeDefined();
    expect(doc.paths['/api/admin/account/profile'].get).toBeDefined();
    expect(doc.paths['/api/admin/account/logout'].put).toBeDefined();
    const loginBody = doc.paths['/api/admin/account/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(doc.paths['/api/admin/audit-log/index'].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'sort', 'action']),
    );
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('serves the browsable reference', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400)
      res = await t.app.inject({ method: 'GET', url: new URL(res.headers.location!, 'http://x/api/docs/').pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body.toLowerCase()).toContain('swagger');
  });
});
