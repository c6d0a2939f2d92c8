import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from './helpers.ts';
import type { CollectedRoute } from './route-collector.ts';
import { doorOf, type DoorKind } from '../src/lib/context/doors.ts';
import { defineModule } from '../src/lib/kit/server-module.ts';

// Every route the app registers, collected by an onRoute hook added the moment Fastify is created.
const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));

/** Probe routes: each answers who acts behind the door it asks for, or asks for the wrong one. */
const probeModule = defineModule({
  name: 'door-probe',
  routes: [
    async (app) => {
      const who = (ctx: { principal: { kind: string }; organizationId: number | null }) => ({
        kind: ctx.principal.kind,
        organizationId: ctx.organizationId,
      });
      app.get('/api/door-probe/visitor', { config: { roles: 'public' } }, async (req) => who(req.read('visitor')));
      app.post('/api/door-probe/visitor', { config: { roles: 'public' } }, async (req) => req.write('visitor', async (ctx) => who(ctx)));
      app.get('/api/admin/door-probe/admin', { config: { roles: [] } }, async (req) => who(req.read('admin')));
      app.post('/api/admin/door-probe/organization', { config: { roles: [], organization: true } }, async (req) =>
        req.write('organization', async (ctx) => who(ctx)),
      );
      // Wrong doors on purpose, spelled through a variable so the source walk below does not see them.
      const wrong = (kind: DoorKind) => kind;
      app.get('/api/door-probe/wrong', { config: { roles: 'public' } }, async (req) => who(req.read(wrong('admin'))));
      app.get('/api/admin/door-probe/wrong', { config: { roles: [] } }, async (req) =>
        req.write(wrong('organization'), async (ctx) => who(ctx)),
      );
    },
  ],
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { extraModules: [probeModule] });
});
afterAll(async () => {
  await t?.close();
});

const label = (r: CollectedRoute) => `${[r.method].flat().join(',')} ${r.url}`;
/** The doors a handler's own source asks for: `req.read('admin')`, `req.write('organization', …)`. */
const doorsAsked = (source: string) => [...source.matchAll(/\.(?:read|write)\(\s*['"](\w+)['"]/g)].map((m) => m[1]);

describe('doors', () => {
  it('gives every route that declares roles exactly one door', () => {
    const declared = routes.filter((r) => (r.config as { roles?: unknown } | undefined)?.roles !== undefined);
    expect(declared.length).toBeGreaterThan(100);
    expect(declared.filter((r) => doorOf(r.config as never) === null).map(label)).toEqual([]);
  });

  it("has every handler ask only for its route's door", () => {
    const mismatches = routes
      .filter((r) => (r.config as { roles?: unknown } | undefined)?.roles !== undefined)
      .flatMap((r) => {
        const door = doorOf(r.config as never);
        return doorsAsked(String(r.declaredHandler))
          .filter((asked) => asked !== door)
          .map((asked) => `${label(r)}: declares ${door}, asks ${asked}`);
      });
    expect(mismatches).toEqual([]);
    // The walk sees the doors: a handler that asks for one is found.
    const probe = routes.find((r) => r.url === '/api/admin/door-probe/organization');
    expect(doorsAsked(String(probe?.declaredHandler))).toEqual(['organization']);
  });

  it('acts as the visitor on a public route, the admin (in its active organization) on an admin route, in the named organization on an organization route', async () => {
    expect((await api(t.app).get('/api/door-probe/visitor')).json()).toEqual({ kind: 'visitor', organizationId: null });
    expect((await api(t.app).post('/api/door-probe/visitor', {})).json()).toEqual({ kind: 'visitor', organizationId: null });
    const org = await buildOrganization(t.db);
    const admin = await buildAdmin(t.db, { memberships: { [org.id]: [] } });
    const token = await login(t.app, admin);
    expect((await api(t.app, token).get('/api/admin/door-probe/admin')).json()).toEqual({ kind: 'admin', organizationId: org.id });
    const inOrg = await api(t.app, token).post('/api/admin/door-probe/organization', { organization_id: org.id });
    expect(inOrg.statusCode, inOrg.body).toBe(200);
    expect(inOrg.json()).toEqual({ kind: 'admin', organizationId: org.id });
  });

  it('refuses a door the route does not declare as a programming error (500), before any read or write', async () => {
    const token = await login(t.app, await buildAdmin(t.db));
    const before = await t.db
      .selectFrom('audit_logs')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect((await api(t.app).get('/api/door-probe/wrong')).statusCode).toBe(500);
    expect((await api(t.app, token).get('/api/admin/door-probe/wrong')).statusCode).toBe(500);
    const after = await t.db
      .selectFrom('audit_logs')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
