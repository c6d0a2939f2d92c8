import { withCurrentVersions } from './auto-versions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords.ts';
import { ACCESS_MATRIX, ACTORS, type ActorName, type Expect, type Fixtures } from './access-matrix.ts';
import { FINGERPRINT, createTestApp, type TestApp } from './helpers.ts';

/**
 * Runs every cell of the hand-written access matrix (access-matrix.ts; how to add a row is
 * explained there) and fails when a registered /api route has no row.
 */
let t: TestApp;
let f: Fixtures;
const sessions = new Map<ActorName, string | undefined>();
const actorIds = new Map<ActorName, { id: number; organizationId: number | null }>();
let passwordHash: string;
let seq = 0;
const now = () => new Date().toISOString();

async function insertAdmin(roles: string[], memberships: Record<number, string[]> = {}) {
  const email = `matrix-${Date.now().toString(36)}-${++seq}@example.com`;
  const { id } = await t.db
    .insertInto('admins')
    .values({
      email,
      name: `Matrix ${seq}`,
      password_hash: passwordHash,
      has_change_default_password: 1,
      roles: JSON.stringify(roles),
      group_id: null,
      status: 'active',
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [org, r] of Object.entries(memberships)) {
    await t.db
      .insertInto('organization_members')
      .values({ admin_id: id, organization_id: Number(org), sub_account_roles: JSON.stringify(r), created_at: now() })
      .execute();
  }
  return { id, email };
}

async function insertOrganization(name: string) {
  return (
    await t.db
      .insertInto('organizations')
      .values({ uid: `matrix-${++seq}-${Date.now()}`, name, company_id: null, status: 'active', created_at: now(), updated_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A session as the login route makes one (device row + token), without the login rate limit. */
async function newSession(actor: ActorName): Promise<string | undefined> {
  const who = actorIds.get(actor);
  if (!who) return undefined;
  const { id } = await t.db
    .insertInto('login_devices')
    .values({
      admin_id: who.id,
      impersonator_id: null,
      fingerprint: FINGERPRINT,
      user_agent: 'matrix',
      ip: '127.0.0.1',
      organization_id: who.organizationId,
      keep_login: 0,
      created_at: now(),
      last_seen_at: now(),
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return t.db.transaction().execute((trx) => t.app.tokens.issue(trx, id, false));
}

const matches = (status: number, want: Expect) => (want === 'OK' ? status < 500 && status !== 401 && status !== 403 : status === want);

function registeredApiRoutes(): string[] {
  // The OpenAPI document lists every registered route, with or without a schema; only a route
  // registered with `schema: { hide: true }` would escape it, and none of ours is.
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of Object.keys(ops)) if (method !== 'head') out.push(`${method.toUpperCase()} ${path}`);
  }
  return out.sort();
}

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword('Matrix#1234');
  await t.db
    .insertInto('app_configs')
    .values({ name: 'app', value: JSON.stringify({ adminGroup: true, adminSubAccount: true }), updated_at: now() })
    .execute();
  const orgA = await insertOrganization('Organization A');
  const orgB = await insertOrganization('Organization B');
  const define = async (name: ActorName, roles: string[], memberships: Record<number, string[]>, organizationId: number | null) => {
    actorIds.set(name, { id: (await insertAdmin(roles, memberships)).id, organizationId });
  };
  await define('super', ['ROLE_SUPER_ADMIN', 'ROLE_BASE'], {}, orgA);
  await define('base', ['ROLE_BASE'], {}, null);
  await define('orgAAdmin', [], { [orgA]: ['SUB_ACCOUNT_ROLE_ADMIN'] }, orgA);
  await define('orgAReader', [], { [orgA]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }, orgA);
  await define('orgBAdmin', [], { [orgB]: ['SUB_ACCOUNT_ROLE_ADMIN'] }, orgB);
  await define('maintainer', ['ROLE_MAINTAINER'], {}, null);
  for (const a of ACTORS) sessions.set(a, await newSession(a));
  // Another super admin, so no row ever meets the "last super admin" rule.
  await insertAdmin(['ROLE_SUPER_ADMIN']);

  const insertRow = async (table: string, values: Record<string, unknown>) =>
    (
      (await t.db
        .insertInto(table as never)
        .values({ ...values, created_at: now(), updated_at: now() } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow()) as { id: number }
    ).id;
  const insertStaff = async () =>
    (
      (await t.db
        .insertInto('staff' as never)
        .values({ organization_id: orgA, name: 'Matrix Staff', status: 'active', created_at: now(), updated_at: now() } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow()) as { id: number }
    ).id;
  const adminInA = (await insertAdmin([], { [orgA]: [] })).id;
  await t.db
    .insertInto('audit_logs')
    .values({
      actor_kind: 'admin',
      actor_id: adminInA,
      impersonator_id: null,
      organization_id: orgA,
      action: 'matrix',
      target_type: 'matrix',
      target_id: null,
      before: null,
      after: null,
      ip: null,
      user_agent: null,
      created_at: now(),
    })
    .execute();
  const audit = await t.db.selectFrom('audit_logs').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  f = {
    orgA,
    orgB,
    adminInA,
    staffInA: await insertStaff(),
    auditId: audit.id,
    uniqueEmail: () => `matrix-new-${Date.now().toString(36)}-${++seq}@example.com`,
    freshAdminInA: () => insertAdmin([], { [orgA]: [] }),
    freshOrganization: () => insertOrganization('Matrix fresh'),
    freshGroup: async () =>
      (
        await t.db
          .insertInto('admin_groups')
          .values({ name: 'Matrix group', roles: '[]', created_at: now(), updated_at: now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    freshStaffInA: insertStaff,
    freshSiteInA: () => insertRow('sites', { organization_id: orgA, name: 'Matrix Site', status: 'active' }),
    freshContractorInA: () => insertRow('contractors', { organization_id: orgA, name: `Matrix Contractor ${++seq}` }),
    freshRosterRowInA: async () => {
      const site_id = await insertRow('sites', { organization_id: orgA, name: 'Matrix Site', status: 'active' });
      const staff_id = await insertStaff();
      return {
        siteId: site_id,
        rowId: await insertRow('site_roster', { organization_id: orgA, site_id, staff_id, site_role: 'worker', starts_on: '2026-01-01' }),
      };
    },
  };
});
afterAll(async () => {
  await t?.close();
});

describe('access matrix', () => {
  it('has a row for every registered /api route, and no row for a route that is gone', () => {
    const registered = registeredApiRoutes();
    const inMatrix = ACCESS_MATRIX.map((r) => r.route);
    expect(
      registered.filter((r) => !inMatrix.includes(r)),
      'routes missing from apps/server/test/access-matrix.ts',
    ).toEqual([]);
    expect(
      inMatrix.filter((r) => !registered.includes(r)),
      'rows for routes that are not registered',
    ).toEqual([]);
    expect(
      inMatrix.filter((r, i) => inMatrix.indexOf(r) !== i),
      'duplicate rows',
    ).toEqual([]);
  });

  it.each(ACCESS_MATRIX.map((r) => [r.route, r] as const))('%s', async (_name, r) => {
    const [method, path] = r.route.split(' ');
    const wrong: string[] = [];
    for (const [i, actor] of ACTORS.entries()) {
      const { url, body, remoteAddress } = await r.request(f);
      const token = r.freshSession ? await newSession(actor) : sessions.get(actor);
      // Issue 36: each write carries the record's current version, as a client that read it would.
      const sent = await withCurrentVersions(t.app, token, method!, url, body, {});
      const res = await t.app.inject({
        method: method as never,
        url,
        headers: { 'x-fingerprint': FINGERPRINT, ...(token ? { authorization: `Bearer ${token}` } : {}), ...sent.headers },
        ...(sent.payload === undefined ? {} : { payload: sent.payload as object }),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      if (!matches(res.statusCode, r.expect[i]))
        wrong.push(`${actor}: expected ${r.expect[i]}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong, `${r.route} (${path})`).toEqual([]);
  });
});
