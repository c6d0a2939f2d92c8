import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import type { CollectedRoute } from './route-collector.ts';
import { rawRequest } from '../src/modules/file/media.testkit.ts';

const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const isPublic = (r: CollectedRoute) => (r.config as { roles?: unknown } | undefined)?.roles === 'public';
const guarded = () => routes.filter((r) => !isPublic(r));
const methodsOf = (r: CollectedRoute) => [r.method].flat();

/** The route's path with its parameters filled in: what a client would send. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
/** Every letter of the route's own (static) segments percent-encoded; parameter values as they are. */
const encodeStatic = (url: string) =>
  url
    .split('/')
    .map((seg) => (seg.startsWith(':') || seg === '*' ? concrete(seg) : seg.replace(/[a-z]/gi, hex)))
    .join('/');
const upperStatic = (url: string) =>
  url
    .split('/')
    .map((seg) => (seg.startsWith(':') || seg === '*' ? concrete(seg) : seg.toUpperCase()))
    .join('/');

/** Spellings the router resolves to the route itself: the access decision must be the route's (401). */
const sameRouteSpellings = (url: string): Record<string, string> => {
  const path = concrete(url);
  return {
    plain: path,
    'first letter encoded': path.replace(/^\/a/, '/%61'),
    'last letter of /api encoded': path.replace(/^\/ap/, '/ap%69').replace('%69i', '%69'),
    'every letter encoded': encodeStatic(url),
    'upper case': upperStatic(url),
    'mixed case': path.replace(/^\/api/, '/aPi'),
    'trailing slash': `${path}/`,
  };
};

/** Spellings that are ambiguous about which path they name: refused (400) before any route runs. */
const ambiguousSpellings = (url: string): Record<string, string> => {
  const path = concrete(url);
  const [, first, ...rest] = path.split('/');
  return {
    'double slash': `//${first}//${rest.join('/')}`,
    'semicolon parameter': `/${first};x=1/${rest.join('/')}`,
    'semicolon at the end': `${path};jsessionid=1`,
    'dot segment': `/${first}/./${rest.join('/')}`,
    'dot-dot segment': `/${first}/zz/../${rest.join('/')}`,
    'encoded dot-dot': `/${first}/zz/%2e%2e/${rest.join('/')}`,
    'encoded slash': `/${first}%2f${rest.join('/')}`,
    backslash: `/${first}\\${rest.join('/')}`,
  };
};

describe('access follows the matched route, however its path is spelled', () => {
  it('collects every route of the app, most of them guarded', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(guarded().length).toBeGreaterThan(80);
  });

  it('answers 401 to every spelling of every guarded route that reaches it without a token, and runs no handler', async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      for (const method of methodsOf(route)) {
        for (const [label, path] of Object.entries(sameRouteSpellings(route.url))) {
          const res = await rawRequest(t.app, method, path, method === 'GET' || method === 'HEAD' ? {} : { body: {} });
          if (res.statusCode !== 401) wrong.push(`${method} ${path} (${label}): ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(
      guarded()
        .filter((r) => r.handlerCalls > 0)
        .map((r) => r.url),
    ).toEqual([]);
  });

  it('refuses ambiguous spellings of every route with 400 before any handler runs', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        for (const [label, path] of Object.entries(ambiguousSpellings(route.url))) {
          const res = await rawRequest(t.app, method, path);
          if (res.statusCode !== 400) wrong.push(`${method} ${path} (${label}): ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(routes.filter((r) => r.handlerCalls > 0).map((r) => r.url)).toEqual([]);
  });

  it('asks for the fingerprint (400) on every spelling of every guarded route called without one', async () => {
    const wrong: string[] = [];
    for (const route of guarded().filter((r) => (r.config as { fingerprint?: boolean } | undefined)?.fingerprint !== false)) {
      for (const [label, path] of Object.entries(sameRouteSpellings(route.url))) {
        for (const method of methodsOf(route)) {
          const res = await rawRequest(t.app, method, path, { fingerprint: false });
          const said = method === 'HEAD' || res.body.includes('Fingerprint is required');
          if (res.statusCode !== 400 || !said) wrong.push(`${method} ${path} (${label}): ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(
      guarded()
        .filter((r) => r.handlerCalls > 0)
        .map((r) => r.url),
    ).toEqual([]);
  });

  it('never decodes a photo posted to an encoded upload path without a token', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const body = multipart({}, { name: 'site.jpg', data: photo, type: 'image/jpeg' });
    for (const path of [
      '/%61pi/admin/photo/upload',
      '/ap%69/admin/photo/upload',
      '/%61%70%69/admin/photo/upload',
      '/API/admin/photo/upload',
    ]) {
      const res = await rawRequest(t.app, 'POST', path, { raw: body });
      expect(res.statusCode, path).toBe(401);
    }
    expect(await t.db.selectFrom('photos').select('id').execute()).toEqual([]);
    expect(routes.find((r) => r.url === '/api/admin/photo/upload')!.handlerCalls).toBe(0);
  });

  it('still serves a signed-in admin on the canonical path (the walk above is not refusing everything)', async () => {
    const { buildAdmin, login } = await import('./helpers.ts');
    const token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
    expect((await rawRequest(t.app, 'GET', '/api/admin/admin/index', { token })).statusCode).toBe(200);
    expect((await rawRequest(t.app, 'GET', '/%61pi/admin/admin/index', { token })).statusCode).toBe(200);
  });
});
