import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
});
const as = (tk?: string) => api(t.app, tk);
const base = '/api/admin/admin-organization';

describe('admin organizations', () => {
  it('creates with a generated uid and members with their sub-account roles, and audits it', async () => {
    const m = await buildAdmin(t.db);
    const res = await as(token).post(base, {
      name: 'North Site',
      company_id: '12345678',
      members: [{ admin_id: m.id, sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }],
    });
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.uid).toMatch(/^org_[0-9a-f]{16}$/);
    expect(o).toMatchObject({ name: 'North Site', company_id: '12345678', status: 'active', member_count: 1 });
    expect(o.members).toEqual([
      { admin_id: m.id, email: m.email, name: expect.any(String), sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] },
    ]);
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'organization')
      .where('target_id', '=', String(o.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('lists with keyword on name, company id and status, paged', async () => {
    await buildOrganization(t.db, { name: 'Kw Alpha', company_id: 'KW-9' });
    await buildOrganization(t.db, { name: 'Kw Beta', status: 'disabled' });
    const q = (s: string) =>
      as(token)
        .get(`${base}/index?${s}`)
        .then((r) => r.json());
    expect((await q('keyword=kw&sort=name&order=asc')).data.map((o: any) => o.name)).toEqual(['Kw Alpha', 'Kw Beta']);
    expect((await q('keyword=kw-9')).data.map((o: any) => o.name)).toEqual(['Kw Alpha']);
    expect((await q('keyword=kw&status=disabled')).data.map((o: any) => o.name)).toEqual(['Kw Beta']);
    expect((await q('keyword=100%25')).meta.total).toBe(0);
  });

  it('reads, updates with PUT and replaces members', async () => {
    const o = await buildOrganization(t.db);
    const a = await buildAdmin(t.db, { memberships: { [o.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    const b = await buildAdmin(t.db);
    const res = await as(token).put(`${base}/${o.id}`, {
      name: 'Renamed',
      company_id: '',
      members: [{ admin_id: b.id, sub_account_roles: [] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', company_id: null, members: [{ admin_id: b.id }] });
    expect((await as(token).get(`${base}/${o.id}`)).json().members.map((m: any) => m.admin_id)).toEqual([b.id]);
    expect(a).toBeTruthy();
    expect((await as(token).put(`${base}/${o.id}`, { name: 'x', members: [{ admin_id: 999999, sub_account_roles: [] }] })).statusCode).toBe(
      400,
    );
  });

  it('keeps a disabled organization disabled when a PUT leaves status out', async () => {
    const o = await buildOrganization(t.db, { status: 'disabled' });
    const res = await as(token).put(`${base}/${o.id}`, { name: 'Still closed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Still closed', status: 'disabled' });
    expect((await as(token).post(base, { name: 'Fresh' })).json().status).toBe('active');
  });

  it('patches and batch-patches allow-listed fields, all or nothing', async () => {
    const a = await buildOrganization(t.db);
    const b = await buildOrganization(t.db);
    expect((await as(token).patch(`${base}/${a.id}`, { field: 'status', value: 'disabled' })).json().status).toBe('disabled');
    expect((await as(token).patch(`${base}/${a.id}`, { field: 'uid', value: 'mine' })).statusCode).toBe(400);
    const bad = await as(token).patch(`${base}/batch`, { ids: [a.id, b.id, 999999], field: 'name', value: 'Same' });
    expect(bad.statusCode).toBe(404);
    expect((await as(token).get(`${base}/${b.id}`)).json().name).not.toBe('Same');
    const good = await as(token).patch(`${base}/batch`, { ids: [a.id, b.id], field: 'name', value: 'Same' });
    expect(good.json().data.map((o: any) => o.name)).toEqual(['Same', 'Same']);
  });

  it('says what goes with an organization and deletes only with confirmation', async () => {
    const o = await buildOrganization(t.db);
    await buildAdmin(t.db, { memberships: { [o.id]: [] } });
    await buildAdmin(t.db, { memberships: { [o.id]: [] } });
    expect((await as(token).get(`${base}/${o.id}`)).json().dependents).toMatchObject({ members: 2, staff: 0 });
    const first = await as(token).delete(`${base}/${o.id}`);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ message: 'Conflict', dependents: { members: 2 } });
    expect((await as(token).get(`${base}/${o.id}`)).statusCode).toBe(200);
    expect((await as(token).delete(`${base}/${o.id}?confirm=true`)).statusCode).toBe(200);
    expect((await as(token).get(`${base}/${o.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('organization_members').select('admin_id').where('organization_id', '=', o.id).execute()).toEqual([]);
  });

  it('deletes an empty organization at once, and batches with a confirm flag', async () => {
    const empty = await buildOrganization(t.db);
    expect((await as(token).delete(`${base}/${empty.id}`)).statusCode).toBe(200);
    const a = await buildOrganization(t.db);
    const b = await buildOrganization(t.db);
    await buildAdmin(t.db, { memberships: { [b.id]: [] } });
    const refused = await as(token).delete(`${base}/batch`, { ids: [a.id, b.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().dependents.members).toBe(1);
    expect((await as(token).get(`${base}/${a.id}`)).statusCode).toBe(200);
    expect((await as(token).delete(`${base}/batch`, { ids: [a.id, b.id], confirm: true })).statusCode).toBe(200);
  });

  it('refuses everyone but super admins', async () => {
    const o = await buildOrganization(t.db);
    const oa = await buildAdmin(t.db, { roles: ['ROLE_BASE'], memberships: { [o.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    const tk = await login(t.app, oa, { organizationId: o.id });
    expect((await as(tk).get(`${base}/index`)).statusCode).toBe(403);
    expect((await as(tk).patch(`${base}/${o.id}`, { field: 'name', value: 'x' })).statusCode).toBe(403);
    expect((await as().get(`${base}/index`)).statusCode).toBe(401);
  });

  it('answers 404 with the adminSubAccount flag off', async () => {
    await t.db
      .insertInto('app_configs')
      .values({ name: 'app', value: JSON.stringify({ adminSubAccount: false }), updated_at: new Date().toISOString() })
      .onConflict((c) => c.column('name').doUpdateSet({ value: JSON.stringify({ adminSubAccount: false }) }))
      .execute();
    try {
      expect((await as(token).get(`${base}/index`)).statusCode).toBe(404);
    } finally {
      await t.db.deleteFrom('app_configs').where('name', '=', 'app').execute();
    }
  });
});

describe('own organization and sub-accounts', () => {
  it('reads and updates the active organization for its organization admin, audited', async () => {
    const o = await buildOrganization(t.db);
    const oa = await buildAdmin(t.db, { memberships: { [o.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    const tk = await login(t.app, oa, { organizationId: o.id });
    const read = await as(tk).get(`/api/admin/account/organization/${o.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().members.map((m: any) => m.admin_id)).toEqual([oa.id]);
    const res = await as(tk).put(`/api/admin/account/organization/${o.id}`, {
      name: 'Ours',
      company_id: '87654321',
      organization_id: o.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ours', company_id: '87654321' });
    expect((await as(tk).put(`/api/admin/account/organization/${o.id}`, { name: 'Ours', status: 'disabled' })).statusCode).toBe(400);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['actor_id', 'organization_id'])
      .where('target_type', '=', 'organization')
      .where('target_id', '=', String(o.id))
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_id: oa.id, organization_id: o.id });
  });

  it('answers 404 for any organization but the active one and 403 to a staff reader', async () => {
    const a = await buildOrganization(t.db);
    const b = await buildOrganization(t.db);
    const oa = await buildAdmin(t.db, { memberships: { [a.id]: ['SUB_ACCOUNT_ROLE_ADMIN'], [b.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    const tk = await login(t.app, oa, { organizationId: a.id });
    expect((await as(tk).get(`/api/admin/account/organization/${b.id}`)).statusCode).toBe(404);
    // Selecting organization b as the active one leaves only the staff reader role: refused.
    expect((await as(tk).get(`/api/admin/account/organization/${b.id}?organization_id=${b.id}`)).statusCode).toBe(403);
  });

  it('lists the organizations the caller belongs to, with its roles in each', async () => {
    const a = await buildOrganization(t.db, { name: 'Sub A' });
    const b = await buildOrganization(t.db, { name: 'Sub B' });
    await buildOrganization(t.db, { name: 'Sub C' });
    const me = await buildAdmin(t.db, { memberships: { [a.id]: ['SUB_ACCOUNT_ROLE_ADMIN'], [b.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    const res = await as(await login(t.app, me)).get('/api/admin/account/sub-account/index?sort=name&order=asc');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((o: any) => [o.name, o.sub_account_roles])).toEqual([
      ['Sub A', ['SUB_ACCOUNT_ROLE_ADMIN']],
      ['Sub B', ['SUB_ACCOUNT_ROLE_STAFF_READ']],
    ]);
    expect(res.json().meta.total).toBe(2);
  });
});
