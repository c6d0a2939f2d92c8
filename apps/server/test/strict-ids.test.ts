import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from './helpers.ts';
import { ADMIN_ROLES } from '@bo/shared/roles';
import type { CollectedRoute } from './route-collector.ts';
import { rawRequest } from '../src/modules/file/media.testkit.ts';

const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '100000' });
  const org = await buildOrganization(t.db);
  // Every role and every feature on, so that only the id itself can be refused.
  const superAdmin = await buildAdmin(t.db, { roles: [...ADMIN_ROLES], memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
  token = await login(t.app, superAdmin, { organizationId: org.id });
  expect((await api(t.app, token).put('/api/admin/app-config/app/update', { adminGroup: true })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const ID_PARAM = /:([A-Za-z_]*(?:id|Id))\b/g;
const isPublic = (r: CollectedRoute) => (r.config as { roles?: unknown } | undefined)?.roles === 'public';
const methods = (r: CollectedRoute) => [r.method].flat().filter((m) => m !== 'HEAD');
const bodyShape = (r: CollectedRoute) => (r.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape;

describe('ids are strict', () => {
  it('answers 400 to a path id that is not plain digits, on every route with an id parameter', async () => {
    // Routes that parse their parameters (the audit log's refused update and delete parse none: 405).
    const withIds = routes.filter((r) => !isPublic(r) && r.schema?.params && r.url.match(ID_PARAM));
    expect(withIds.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of withIds) {
      for (const bad of ['0x1', '1e0', '1.0', '+1', '-1', '0', '%201', '1%20', '0b1', 'Infinity', '99999999999']) {
        const path = route.url
          .replace(ID_PARAM, bad)
          .replace(/:[A-Za-z_]+/g, 'x')
          .replace(/\*/g, 'x');
        for (const method of methods(route)) {
          const res = await rawRequest(t.app, method, path, { token, ...(method === 'GET' ? {} : { body: {} }) });
          if (res.statusCode !== 400) wrong.push(`${method} ${path}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 to JSON ids that are not positive integers, on every route taking ids or id in its body', async () => {
    const takingIds = routes.filter((r) => !isPublic(r) && (bodyShape(r)?.ids || bodyShape(r)?.id));
    expect(takingIds.map((r) => r.url)).toContain('/api/admin/admin/batch');
    expect(takingIds.length).toBeGreaterThan(8);
    const wrong: string[] = [];
    for (const route of takingIds) {
      const key = bodyShape(route)?.ids ? 'ids' : 'id';
      const path = route.url.replace(/:[A-Za-z_]+/g, '1');
      for (const bad of [true, '1', [1], '0x1', 1.5, 0, -1, null]) {
        for (const method of methods(route)) {
          const body = { [key]: key === 'ids' ? [bad] : bad };
          const res = await api(t.app, token)[method.toLowerCase() as 'post'](path, body);
          if (res.statusCode !== 400) wrong.push(`${method} ${path} ${JSON.stringify(body)}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no longer names admin 1 by /admin/0x1', async () => {
    const a = api(t.app, token);
    expect((await a.get('/api/admin/admin/1')).statusCode).toBe(200);
    expect((await a.get('/api/admin/admin/0x1')).statusCode).toBe(400);
    expect((await a.delete('/api/admin/admin/batch', { ids: [[1]] })).statusCode).toBe(400);
  });
});
