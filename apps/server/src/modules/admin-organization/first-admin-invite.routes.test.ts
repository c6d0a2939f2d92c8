import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 42, item 8: a new organization's form invites its first admin by e-mail. The super admin,
 * no member of the organization it just made, invites through the organization members' flow by
 * naming the organization; an admin of another organization cannot.
 */
let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
});
const invite = (token: string, organization_id: number, email: string) =>
  api(t.app, token).post('/api/admin/organization/member/invite', {
    email,
    name: 'First Admin',
    sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'],
    organization_id,
  });

describe('the first admin of a new organization', () => {
  it('is invited by the super admin into the organization it just created, as its organization admin', async () => {
    const created = await api(t.app, superToken).post('/api/admin/admin-organization', { name: 'Fresh Org', members: [] });
    expect(created.statusCode, created.body).toBe(200);
    const org = created.json();
    const res = await invite(superToken, org.id, 'first-admin@example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member).toMatchObject({ email: 'first-admin@example.com', sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] });
    expect(res.json().invitation).toMatchObject({ sent_to: 'first-admin@example.com' });
    const detail = (await api(t.app, superToken).get(`/api/admin/admin-organization/${org.id}`)).json();
    expect(detail.members).toEqual([
      expect.objectContaining({ email: 'first-admin@example.com', sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }),
    ]);
  });

  it('refuses an address already in use and an admin of another organization, writing nothing', async () => {
    const org = await buildOrganization(t.db, { name: 'Guarded' });
    const taken = await buildAdmin(t.db);
    const dup = await invite(superToken, org.id, taken.email);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.email).toEqual(['validate.error.member_email_taken']);
    const other = await buildOrganization(t.db);
    const outsider = await login(t.app, await buildAdmin(t.db, { memberships: { [other.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
      organizationId: other.id,
    });
    expect((await invite(outsider, org.id, 'sneaky@example.com')).statusCode).toBe(403);
    const members = await t.db.selectFrom('organization_members').select('admin_id').where('organization_id', '=', org.id).execute();
    expect(members).toEqual([]);
    expect(await t.db.selectFrom('admins').select('id').where('email', '=', 'sneaky@example.com').executeTakeFirst()).toBeUndefined();
  });
});
