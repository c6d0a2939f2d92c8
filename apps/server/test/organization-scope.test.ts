import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const STAFF = '/api/admin/organization/staff/index';
const READ = ['SUB_ACCOUNT_ROLE_STAFF_READ'];

describe('organization scope of a request', () => {
  it("acts in the device's organization, and no longer once the membership is withdrawn", async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildAdmin(t.db, { memberships: { [org.id]: READ } });
    const token = await login(t.app, admin, { organizationId: org.id });
    expect((await api(t.app, token).get(STAFF)).statusCode).toBe(200);
    await t.db.deleteFrom('organization_members').where('admin_id', '=', admin.id).execute();
    expect((await api(t.app, token).get(STAFF)).statusCode).toBe(403);
    expect((await api(t.app, token).get(`${STAFF}?organization_id=${org.id}`)).statusCode).toBe(403);
  });

  it('refuses a member of a disabled organization, not a super admin', async () => {
    const org = await buildOrganization(t.db);
    const member = await buildAdmin(t.db, { memberships: { [org.id]: READ } });
    const memberToken = await login(t.app, member, { organizationId: org.id });
    const superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE', 'ROLE_STAFF'] }));
    await t.db.updateTable('organizations').set({ status: 'disabled' }).where('id', '=', org.id).execute();
    expect((await api(t.app, memberToken).get(STAFF)).statusCode).toBe(403);
    expect((await api(t.app, superToken).get(`${STAFF}?organization_id=${org.id}`)).statusCode).toBe(200);
  });

  it('refuses organization_id naming another organization, an unknown one or not an id', async () => {
    const mine = await buildOrganization(t.db);
    const other = await buildOrganization(t.db);
    const admin = await buildAdmin(t.db, { memberships: { [mine.id]: READ } });
    const as = api(t.app, await login(t.app, admin, { organizationId: mine.id }));
    expect((await as.get(`${STAFF}?organization_id=${mine.id}`)).statusCode).toBe(200);
    for (const q of [String(other.id), '999999', 'abc', '-1', '1.5']) {
      const res = await as.get(`${STAFF}?organization_id=${q}`);
      expect(res.statusCode, q).toBe(403);
      expect(res.json().message).toBe('User permission denied');
    }
  });

  it('takes the sub-account roles of the organization named, not of the device one', async () => {
    const a = await buildOrganization(t.db);
    const b = await buildOrganization(t.db);
    const admin = await buildAdmin(t.db, { memberships: { [a.id]: READ, [b.id]: [] } });
    const as = api(t.app, await login(t.app, admin, { organizationId: a.id }));
    expect((await as.get(STAFF)).statusCode).toBe(200);
    expect((await as.get(`${STAFF}?organization_id=${b.id}`)).statusCode).toBe(403);
  });

  it('needs an organization on an organization-scoped route', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_STAFF'] });
    const res = await api(t.app, await login(t.app, admin)).get(STAFF);
    expect(res.statusCode).toBe(403);
  });
});
