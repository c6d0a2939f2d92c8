import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from './staff.test-helpers.ts';

/** docs/decisions.md "Staff across organizations" (issue 14.2). */
let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let staffA: { id: number };
let staffB: { id: number };
let staffManager: string;
let staffManagerInA: string;
let superToken: string;
let readerA: string;
const S = '/api/admin/organization/staff';

beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  staffA = await buildStaff(t.db, orgA.id, { name: 'Worker A' });
  staffB = await buildStaff(t.db, orgB.id, { name: 'Worker B' });
  staffManager = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_STAFF'] }));
  staffManagerInA = await login(
    t.app,
    await buildAdmin(t.db, { roles: ['ROLE_STAFF'], memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }),
    { organizationId: orgA.id },
  );
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }), { organizationId: orgA.id });
  readerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: orgA.id,
  });
});
afterAll(async () => {
  await t?.close();
});

const names = (res: { json(): { data: { name: string }[] } }) =>
  res
    .json()
    .data.map((s) => s.name)
    .sort();

describe('staff across organizations', () => {
  it("a company-wide staff manager who belongs to no organization reads and filters every organization's staff", async () => {
    const all = await api(t.app, staffManager).get('/api/admin/staff/index?per_page=100');
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(expect.arrayContaining(['Worker A', 'Worker B']));
    const onlyB = await api(t.app, staffManager).get(`/api/admin/staff/index?organization_id=${orgB.id}`);
    expect(onlyB.statusCode).toBe(200);
    expect(names(onlyB)).toEqual(['Worker B']);
    expect(onlyB.json().data[0].organization_id).toBe(orgB.id);
    const one = await api(t.app, staffManager).get(`/api/admin/staff/${staffA.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().name).toBe('Worker A');
    const orgs = await api(t.app, staffManager).get('/api/admin/staff/organizations');
    expect(orgs.statusCode).toBe(200);
    expect(orgs.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ id: orgA.id, name: 'Org A', staff_count: 1 })]));
  });

  it('a super admin reads them too, without being a member', async () => {
    const res = await api(t.app, superToken).get(`/api/admin/staff/index?organization_id=${orgA.id}`);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Worker A']);
  });

  it('ROLE_STAFF cannot write staff in an organization it is not a member of', async () => {
    const create = await api(t.app, staffManager).post(S, { name: 'Intruder', organization_id: orgB.id });
    expect(create.statusCode).toBe(403);
    expect((await api(t.app, staffManager).put(`${S}/${staffB.id}`, { name: 'Renamed', organization_id: orgB.id })).statusCode).toBe(403);
    expect((await api(t.app, staffManager).delete(`${S}/${staffB.id}`, { organization_id: orgB.id })).statusCode).toBe(403);
    // The member of A cannot write in B either, naming it or not.
    expect((await api(t.app, staffManagerInA).put(`${S}/${staffB.id}`, { name: 'Renamed', organization_id: orgB.id })).statusCode).toBe(
      403,
    );
    expect((await api(t.app, staffManagerInA).put(`${S}/${staffB.id}`, { name: 'Renamed' })).statusCode).toBe(404);
    const rows = await t.db.selectFrom('staff').select('name').where('organization_id', '=', orgB.id).execute();
    expect(rows.map((r) => r.name)).toEqual(['Worker B']);
  });

  it('a super admin who is not a member writes no staff', async () => {
    expect((await api(t.app, superToken).post(S, { name: 'By super' })).statusCode).toBe(403);
    expect((await api(t.app, superToken).delete(`${S}/${staffA.id}`)).statusCode).toBe(403);
  });

  it("an organization's own reader sees its organization only, not the cross-organization list", async () => {
    expect((await api(t.app, readerA).get('/api/admin/staff/index')).statusCode).toBe(403);
    expect((await api(t.app, readerA).get(`/api/admin/staff/${staffB.id}`)).statusCode).toBe(403);
    expect((await api(t.app, readerA).get('/api/admin/staff/organizations')).statusCode).toBe(403);
    const own = await api(t.app, readerA).get(`${S}/index`);
    expect(names(own)).toEqual(['Worker A']);
  });

  it('a bad organization filter is a 400, not a switch of organization', async () => {
    expect((await api(t.app, staffManager).get('/api/admin/staff/index?organization_id=abc')).statusCode).toBe(400);
    const gone = await api(t.app, staffManager).get('/api/admin/staff/index?organization_id=999999');
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual([]);
  });
});
