import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let token: string;
const setFlag = (on: boolean) =>
  t.db
    .insertInto('app_configs')
    .values({ name: 'app', value: JSON.stringify({ adminGroup: on }), updated_at: new Date().toISOString() })
    .onConflict((c) => c.column('name').doUpdateSet({ value: JSON.stringify({ adminGroup: on }) }))
    .execute();
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
});
const as = (tk?: string) => api(t.app, tk);
const base = '/api/admin/admin-group';

describe('admin groups', () => {
  it('answers 404 to every signed-in admin while the adminGroup flag is off (the default), 401 without a token', async () => {
    expect((await as(token).get(`${base}/index`)).statusCode).toBe(404);
    expect((await as(token).post(base, { name: 'g' })).statusCode).toBe(404);
    const base_ = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    expect((await as(base_).get(`${base}/index`)).statusCode).toBe(404);
    expect((await as().get(`${base}/index`)).statusCode).toBe(401);
  });

  it('creates, reads, lists, updates and deletes with the flag on; members get the roles in their next token', async () => {
    await setFlag(true);
    try {
      const created = await as(token).post(base, { name: 'Photographers', roles: ['ROLE_PHOTO'] });
      expect(created.statusCode).toBe(200);
      const g = created.json();
      expect(g).toMatchObject({ name: 'Photographers', roles: ['ROLE_PHOTO'], admin_count: 0 });
      const member = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
      const set = await as(token).patch(`/api/admin/admin/${member.id}`, { field: 'name', value: 'Member' });
      expect(set.statusCode).toBe(200);
      const put = await as(token).put(`/api/admin/admin/${member.id}`, {
        email: member.email,
        name: 'Member',
        roles: ['ROLE_BASE'],
        group_id: g.id,
      });
      expect(put.json().group).toEqual({ id: g.id, name: 'Photographers', roles: ['ROLE_PHOTO'] });
      const p = decodeJwt(await login(t.app, member)) as any;
      expect(p.data.roles.sort()).toEqual(['ROLE_BASE', 'ROLE_PHOTO']);
      expect((await as(token).get(`${base}/${g.id}`)).json().admin_count).toBe(1);
      expect((await as(token).get(`${base}/index?keyword=photo`)).json().data.map((x: any) => x.id)).toEqual([g.id]);
      const upd = await as(token).put(`${base}/${g.id}`, { name: 'Staff', roles: ['ROLE_STAFF'] });
      expect(upd.json()).toMatchObject({ name: 'Staff', roles: ['ROLE_STAFF'] });
      expect((await as(token).put(`${base}/${g.id}`, { name: 'x', roles: ['ROLE_GOD'] })).statusCode).toBe(400);
      const other = (await as(token).post(base, { name: 'Other' })).json();
      expect((await as(token).delete(`${base}/batch`, { ids: [other.id, 999999] })).statusCode).toBe(404);
      expect((await as(token).delete(`${base}/batch`, { ids: [other.id] })).statusCode).toBe(200);
      expect((await as(token).delete(`${base}/${g.id}`)).statusCode).toBe(200);
      const row = await t.db.selectFrom('admins').select('group_id').where('id', '=', member.id).executeTakeFirstOrThrow();
      expect(row.group_id).toBeNull();
      const actions = await t.db.selectFrom('audit_logs').select('action').where('target_type', '=', 'admin_group').execute();
      expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'create', 'delete', 'delete']);
    } finally {
      await setFlag(false);
    }
  });

  it("applies a group's roles to a member's live token on each request, only while the flag is on", async () => {
    await setFlag(true);
    try {
      const g = (await as(token).post(base, { name: 'Auditors', roles: ['ROLE_SUPER_ADMIN'] })).json();
      const member = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
      const memberToken = await login(t.app, member);
      expect((await as(memberToken).get('/api/admin/audit-log/index')).statusCode).toBe(403);
      await t.db.updateTable('admins').set({ group_id: g.id }).where('id', '=', member.id).execute();
      expect((await as(memberToken).get('/api/admin/audit-log/index')).statusCode).toBe(200);
      await setFlag(false);
      expect((await as(memberToken).get('/api/admin/audit-log/index')).statusCode).toBe(403);
      await setFlag(true);
      await t.db.updateTable('admins').set({ group_id: null }).where('id', '=', member.id).execute();
      expect((await as(memberToken).get('/api/admin/audit-log/index')).statusCode).toBe(403);
      await as(token).delete(`${base}/${g.id}`);
    } finally {
      await setFlag(false);
    }
  });

  it('refuses a maintainer creating a group with ROLE_SUPER_ADMIN', async () => {
    await setFlag(true);
    try {
      const m = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_MAINTAINER'] }));
      expect((await as(m).post(base, { name: 'Escalate', roles: ['ROLE_SUPER_ADMIN'] })).statusCode).toBe(403);
    } finally {
      await setFlag(false);
    }
  });
});
