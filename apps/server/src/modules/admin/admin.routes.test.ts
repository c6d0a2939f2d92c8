import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { openBody } from '../../lib/mail/outbox.ts';

let t: TestApp;
let superToken: string;
let superId: number;
let superPassword: string;
beforeAll(async () => {
  t = await createTestApp();
  const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
  superId = sa.id;
  superPassword = sa.password;
  superToken = await login(t.app, sa);
});
afterAll(async () => {
  await t?.close();
});

const as = (token?: string) => api(t.app, token);
/** The set-password link's token in the last mail queued for `email` (no SMTP here: read from the outbox). */
async function linkTokenFor(email: string): Promise<{ template: string; token: string }> {
  const row = await t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const body = openBody(t.config, row.body)!;
  return { template: row.template, token: decodeURIComponent(/[?&]token=([^"&\s]+)/.exec(body.text)![1]!) };
}
async function orgAdmin(orgId: number, roles = ['SUB_ACCOUNT_ROLE_ADMIN']) {
  const a = await buildAdmin(t.db, { roles: ['ROLE_BASE'], memberships: { [orgId]: roles } });
  return { ...a, token: await login(t.app, a, { organizationId: orgId }) };
}
const auditOf = (targetId: number, action: string) =>
  t.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('target_type', '=', 'admin')
    .where('target_id', '=', String(targetId))
    .where('action', '=', action)
    .execute();

describe('role lists', () => {
  it('lists admin and sub-account roles with both labels and what the caller may grant', async () => {
    const roles = (await as(superToken).get('/api/admin/admin/roles')).json().data;
    expect(roles.find((r: any) => r.name === 'ROLE_SUPER_ADMIN')).toEqual({
      name: 'ROLE_SUPER_ADMIN',
      label: { 'zh-TW': '超級管理員', 'en-US': 'Super admin' },
      grantable: true,
    });
    expect(roles.find((r: any) => r.name === 'ROLE_MAINTAINER').grantable).toBe(false);
    const sub = (await as(superToken).get('/api/admin/admin/sub-account-roles')).json().data;
    expect(sub.map((r: any) => r.name)).toEqual([
      'SUB_ACCOUNT_ROLE_ADMIN',
      'SUB_ACCOUNT_ROLE_STAFF_READ',
      'SUB_ACCOUNT_ROLE_STAFF_WRITE',
      'SUB_ACCOUNT_ROLE_PERSONAL_DATA',
      // Issue 39: the site gate's keeper and the site director who may let a refused worker in.
      'SUB_ACCOUNT_ROLE_GATE',
      'SUB_ACCOUNT_ROLE_SITE_DIRECTOR',
    ]);
    // Issue 37: the company-wide 個資檢視 is a super admin's to grant, like the other ROLE_ roles.
    expect(roles.find((r: any) => r.name === 'ROLE_PERSONAL_DATA')).toMatchObject({
      label: { 'zh-TW': '個資檢視（全公司）', 'en-US': 'Personal data viewer (company-wide)' },
      grantable: true,
    });
    expect(sub.every((r: any) => r.grantable)).toBe(true);
  });

  it('tells an organization admin it may grant no admin role', async () => {
    const org = await buildOrganization(t.db);
    const oa = await orgAdmin(org.id);
    const roles = (await as(oa.token).get('/api/admin/admin/roles')).json().data;
    expect(roles.filter((r: any) => r.grantable)).toEqual([]);
  });
});

describe('create and list', () => {
  it('creates an admin in an organization without a password and mails an invitation to set one, audited', async () => {
    const org = await buildOrganization(t.db, { company_id: 'C-1' });
    const res = await as(superToken).post('/api/admin/admin', {
      email: 'New.Person@Example.com',
      name: 'New Person',
      roles: ['ROLE_BASE'],
      memberships: [{ organization_id: org.id, sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.email).toBe('new.person@example.com');
    expect(body.password).toBeUndefined();
    // Issue 26: no SMTP here, so the super admin also gets the invitation's link to hand over.
    expect(body.invitation).toMatchObject({
      sent_to: 'new.person@example.com',
      delivery: 'outbox',
      handover: { link: expect.any(String) },
    });
    expect(body.memberships).toEqual([
      { organization_id: org.id, name: org.name, company_id: 'C-1', sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] },
    ]);
    // No password works until the invitation's link sets one.
    expect((await as().post('/api/admin/account/login', { email: body.email, password: '' })).statusCode).toBe(400);
    expect((await as().post('/api/admin/account/login', { email: body.email, password: 'anything' })).statusCode).toBe(401);
    const { template, token } = await linkTokenFor(body.email);
    expect(template).toBe('admin_invitation');
    const link = (await as().post('/api/admin/account/password-link', { token })).json();
    expect(link).toMatchObject({ email: body.email, name: 'New Person', purpose: 'invite' });
    expect((await as().post('/api/admin/account/reset-password-by-mail', { token, password: 'Chosen-Passw0rd' })).statusCode).toBe(200);
    const logged = await as().post('/api/admin/account/login', { email: body.email, password: 'Chosen-Passw0rd' });
    expect(logged.statusCode).toBe(200);
    expect((decodeJwt(logged.json().token) as any).data.has_change_default_password).toBe(true);
    const [entry] = await auditOf(body.id, 'create');
    expect(entry.actor_id).toBe(superId);
    expect(await auditOf(body.id, 'invite')).toHaveLength(1);
    expect(JSON.stringify(await t.db.selectFrom('audit_logs').selectAll().execute())).not.toContain(token);
  });

  it('refuses a taken email with a field error', async () => {
    const existing = await buildAdmin(t.db);
    const res = await as(superToken).post('/api/admin/admin', { email: existing.email, name: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ email: ['validate.error.unique'] });
  });

  it('refuses bad input with translation keys', async () => {
    const res = await as(superToken).post('/api/admin/admin', { email: 'nope', name: ' ', roles: ['ROLE_GOD'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['validate.error.email_incorrect']);
    expect(res.json().errors.name).toEqual(['validate.error.required']);
  });

  it('lists with keyword, role, organization, status and created range, sorted and paged', async () => {
    const org = await buildOrganization(t.db);
    const a = await buildAdmin(t.db, { name: 'Zed Listed', roles: ['ROLE_PHOTO'], memberships: { [org.id]: [] } });
    await buildAdmin(t.db, { name: 'Zed Other', status: 'disabled' });
    const q = (s: string) =>
      as(superToken)
        .get(`/api/admin/admin/index?${s}`)
        .then((r) => r.json());
    expect((await q('keyword=zed&sort=name&order=asc')).data.map((x: any) => x.name)).toEqual(['Zed Listed', 'Zed Other']);
    expect((await q('keyword=zed&role=ROLE_PHOTO')).data.map((x: any) => x.id)).toEqual([a.id]);
    expect((await q(`organization_id=${org.id}`)).data.map((x: any) => x.id)).toEqual([a.id]);
    expect((await q('keyword=zed&status=disabled')).data.map((x: any) => x.name)).toEqual(['Zed Other']);
    expect((await q('keyword=zed&created_from=2000-01-01&created_to=2000-12-31')).meta.total).toBe(0);
    const page = await q('per_page=1&page=2&sort=id&order=asc');
    expect(page.meta).toMatchObject({ page: 2, per_page: 1 });
    expect(page.data).toHaveLength(1);
    expect((await as(superToken).get('/api/admin/admin/index?sort=password_hash')).statusCode).toBe(400);
  });
});

describe('update, patch and their refusals', () => {
  it('updates with PUT and audits before and after', async () => {
    const a = await buildAdmin(t.db, { name: 'Before' });
    const res = await as(superToken).put(`/api/admin/admin/${a.id}`, { email: a.email, name: 'After', roles: ['ROLE_STAFF'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'After', roles: ['ROLE_STAFF'] });
    const [entry] = await auditOf(a.id, 'update');
    expect(JSON.parse(entry.before!).name).toBe('Before');
    expect(JSON.parse(entry.after!).name).toBe('After');
  });

  it('patches an allow-listed field and refuses one outside the list (400)', async () => {
    const a = await buildAdmin(t.db);
    expect((await as(superToken).patch(`/api/admin/admin/${a.id}`, { field: 'name', value: 'Patched' })).json().name).toBe('Patched');
    for (const field of ['email', 'password_hash', 'has_change_default_password', 'id']) {
      const res = await as(superToken).patch(`/api/admin/admin/${a.id}`, { field, value: 'x' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors).toEqual({ field: ['validate.error.not_allowed'] });
    }
    expect((await as(superToken).patch(`/api/admin/admin/${a.id}`, { field: 'status', value: 'gone' })).statusCode).toBe(400);
  });

  it("answers 404 for another organization's admin to an organization admin", async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const oa = await orgAdmin(orgA.id);
    const inB = await buildAdmin(t.db, { memberships: { [orgB.id]: [] } });
    expect((await as(oa.token).get(`/api/admin/admin/${inB.id}`)).statusCode).toBe(404);
    expect((await as(oa.token).patch(`/api/admin/admin/${inB.id}`, { field: 'name', value: 'x' })).statusCode).toBe(404);
    expect((await as(oa.token).put(`/api/admin/admin/${inB.id}`, { email: inB.email, name: 'x' })).statusCode).toBe(404);
  });

  it('lets an organization admin update its members and grant its sub-account roles, seeing only its organization', async () => {
    const orgA = await buildOrganization(t.db);
    const oa = await orgAdmin(orgA.id);
    const member = await buildAdmin(t.db, { memberships: { [orgA.id]: [] } });
    const read = await as(oa.token).get(`/api/admin/admin/${member.id}`);
    expect(read.statusCode).toBe(200);
    const res = await as(oa.token).patch(`/api/admin/admin/${member.id}`, {
      field: 'sub_account_roles',
      value: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().memberships[0].sub_account_roles).toEqual(['SUB_ACCOUNT_ROLE_STAFF_WRITE']);
    const put = await as(oa.token).put(`/api/admin/admin/${member.id}`, {
      email: member.email,
      name: 'Renamed',
      memberships: [{ organization_id: orgA.id, sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Renamed',
      memberships: [{ organization_id: orgA.id, sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }],
    });
  });

  it('refuses an organization admin granting ROLE_SUPER_ADMIN (403) and changes nothing', async () => {
    const orgA = await buildOrganization(t.db);
    const oa = await orgAdmin(orgA.id);
    const member = await buildAdmin(t.db, { memberships: { [orgA.id]: [] } });
    const res = await as(oa.token).patch(`/api/admin/admin/${member.id}`, { field: 'roles', value: ['ROLE_SUPER_ADMIN'] });
    expect(res.statusCode).toBe(403);
    const put = await as(oa.token).put(`/api/admin/admin/${member.id}`, { email: member.email, name: 'x', roles: ['ROLE_SUPER_ADMIN'] });
    expect(put.statusCode).toBe(403);
    expect((await as(superToken).get(`/api/admin/admin/${member.id}`)).json().roles).toEqual([]);
  });

  it("refuses an organization admin changing the account of a member holding ROLE_ roles it does not hold, but not that member's sub-account roles", async () => {
    const orgA = await buildOrganization(t.db);
    const oa = await orgAdmin(orgA.id);
    const maintainer = await buildAdmin(t.db, { roles: ['ROLE_BASE', 'ROLE_MAINTAINER'], memberships: { [orgA.id]: [] } });
    const photo = await buildAdmin(t.db, { roles: ['ROLE_BASE', 'ROLE_PHOTO', 'ROLE_STAFF'], memberships: { [orgA.id]: [] } });
    expect((await as(oa.token).patch(`/api/admin/admin/${maintainer.id}`, { field: 'status', value: 'disabled' })).statusCode).toBe(403);
    expect((await as(oa.token).put(`/api/admin/admin/${photo.id}`, { email: 'attacker@evil.test', name: photo.email })).statusCode).toBe(
      403,
    );
    expect((await as(oa.token).patch('/api/admin/admin/batch', { ids: [photo.id], field: 'name', value: 'x' })).statusCode).toBe(403);
    expect((await as(oa.token).patch(`/api/admin/admin/${photo.id}/reset-password`)).statusCode).toBe(403);
    expect((await as(oa.token).delete(`/api/admin/admin/${maintainer.id}`)).statusCode).toBe(403);
    const rows = await t.db
      .selectFrom('admins')
      .select(['id', 'email', 'status'])
      .where('id', 'in', [maintainer.id, photo.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: maintainer.id, email: maintainer.email, status: 'active' },
      { id: photo.id, email: photo.email, status: 'active' },
    ]);
    const subRoles = await as(oa.token).patch(`/api/admin/admin/${photo.id}`, {
      field: 'sub_account_roles',
      value: ['SUB_ACCOUNT_ROLE_STAFF_READ'],
    });
    expect(subRoles.statusCode).toBe(200);
    const plain = await buildAdmin(t.db, { roles: ['ROLE_BASE'], memberships: { [orgA.id]: [] } });
    expect((await as(oa.token).patch(`/api/admin/admin/${plain.id}`, { field: 'status', value: 'disabled' })).statusCode).toBe(200);
  });

  it('leaves roles and memberships alone when a PUT leaves them out', async () => {
    const orgA = await buildOrganization(t.db);
    const oa = await orgAdmin(orgA.id);
    const member = await buildAdmin(t.db, { roles: ['ROLE_BASE'], memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    const res = await as(oa.token).put(`/api/admin/admin/${member.id}`, { email: member.email, name: 'Only the name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Only the name',
      roles: ['ROLE_BASE'],
      memberships: [{ organization_id: orgA.id, sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }],
    });
  });

  it('refuses an organization admin changing account fields of an admin shared with another organization', async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const oa = await orgAdmin(orgA.id);
    const shared = await buildAdmin(t.db, { memberships: { [orgA.id]: [], [orgB.id]: [] } });
    expect((await as(oa.token).patch(`/api/admin/admin/${shared.id}`, { field: 'status', value: 'disabled' })).statusCode).toBe(403);
    // Its own organization's roles remain its to give.
    expect(
      (await as(oa.token).patch(`/api/admin/admin/${shared.id}`, { field: 'sub_account_roles', value: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a staff reader and a base admin', async () => {
    const org = await buildOrganization(t.db);
    const reader = await orgAdmin(org.id, ['SUB_ACCOUNT_ROLE_STAFF_READ']);
    const member = await buildAdmin(t.db, { memberships: { [org.id]: [] } });
    expect((await as(reader.token).get(`/api/admin/admin/${member.id}`)).statusCode).toBe(403);
    const base = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    expect((await as(await login(t.app, base)).get('/api/admin/admin/index')).statusCode).toBe(403);
  });

  it('refuses a maintainer granting ROLE_SUPER_ADMIN or touching a super admin', async () => {
    const m = await buildAdmin(t.db, { roles: ['ROLE_MAINTAINER'] });
    const token = await login(t.app, m);
    const a = await buildAdmin(t.db);
    expect((await as(token).patch(`/api/admin/admin/${a.id}`, { field: 'roles', value: ['ROLE_SUPER_ADMIN'] })).statusCode).toBe(403);
    expect((await as(token).patch(`/api/admin/admin/${superId}`, { field: 'name', value: 'x' })).statusCode).toBe(403);
    expect((await as(token).patch(`/api/admin/admin/${a.id}`, { field: 'roles', value: ['ROLE_MAINTAINER'] })).statusCode).toBe(200);
  });
});

describe('batches are all or nothing', () => {
  it('patches every id of a batch', async () => {
    const a = await buildAdmin(t.db);
    const b = await buildAdmin(t.db);
    const res = await as(superToken).patch('/api/admin/admin/batch', { ids: [a.id, b.id], field: 'status', value: 'disabled' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: any) => x.status)).toEqual(['disabled', 'disabled']);
  });

  it('refuses a batch holding one foreign id and changes nothing', async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const oa = await orgAdmin(orgA.id);
    const mine = await buildAdmin(t.db, { name: 'mine', memberships: { [orgA.id]: [] } });
    const foreign = await buildAdmin(t.db, { name: 'foreign', memberships: { [orgB.id]: [] } });
    const res = await as(oa.token).patch('/api/admin/admin/batch', { ids: [mine.id, foreign.id], field: 'name', value: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    const names = await t.db.selectFrom('admins').select('name').where('id', 'in', [mine.id, foreign.id]).orderBy('id').execute();
    expect(names.map((n) => n.name)).toEqual(['mine', 'foreign']);
  });

  it('refuses a batch delete holding the caller and deletes nothing', async () => {
    const a = await buildAdmin(t.db);
    const res = await as(superToken).delete('/api/admin/admin/batch', { ids: [a.id, superId] });
    expect(res.statusCode).toBe(409);
    expect(await t.db.selectFrom('admins').select('id').where('id', '=', a.id).executeTakeFirst()).toBeTruthy();
  });

  it('deletes a batch', async () => {
    const a = await buildAdmin(t.db);
    const b = await buildAdmin(t.db);
    expect((await as(superToken).delete('/api/admin/admin/batch', { ids: [a.id, b.id] })).statusCode).toBe(200);
    expect(await t.db.selectFrom('admins').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });
});

describe('self and the last super admin', () => {
  it('never deletes or disables yourself', async () => {
    expect((await as(superToken).delete(`/api/admin/admin/${superId}`)).statusCode).toBe(409);
    expect((await as(superToken).patch(`/api/admin/admin/${superId}`, { field: 'status', value: 'disabled' })).statusCode).toBe(409);
  });

  it('never removes the last active super admin (409)', async () => {
    const own = await createTestApp();
    try {
      const a = await buildAdmin(own.db, { roles: ['ROLE_SUPER_ADMIN'] });
      const b = await buildAdmin(own.db, { roles: ['ROLE_SUPER_ADMIN'] });
      const tokenA = await login(own.app, a);
      expect((await api(own.app, tokenA).delete(`/api/admin/admin/${b.id}`)).statusCode).toBe(200);
      // a is now the last one: taking its role away (by itself) is refused.
      const res = await api(own.app, tokenA).patch(`/api/admin/admin/${a.id}`, { field: 'roles', value: ['ROLE_BASE'] });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ _: ['validate.error.last_super_admin'] });
      // Deleting or disabling the last one (only it may, and it is itself) is refused too, by 409.
      expect((await api(own.app, tokenA).delete(`/api/admin/admin/${a.id}`)).statusCode).toBe(409);
      expect((await api(own.app, tokenA).delete('/api/admin/admin/batch', { ids: [a.id] })).statusCode).toBe(409);
      expect(
        (await api(own.app, tokenA).patch('/api/admin/admin/batch', { ids: [a.id], field: 'status', value: 'disabled' })).statusCode,
      ).toBe(409);
      const row = await own.db.selectFrom('admins').select(['roles', 'status']).where('id', '=', a.id).executeTakeFirstOrThrow();
      expect(JSON.parse(row.roles)).toEqual(['ROLE_SUPER_ADMIN']);
      expect(row.status).toBe('active');
    } finally {
      await own.close();
    }
  });

  it('deleting the last super admin is refused even for a maintainer (403 before 409)', async () => {
    const own = await createTestApp();
    try {
      const sa = await buildAdmin(own.db, { roles: ['ROLE_SUPER_ADMIN'] });
      const m = await buildAdmin(own.db, { roles: ['ROLE_MAINTAINER', 'ROLE_SUPER_ADMIN'] });
      const token = await login(own.app, m);
      expect((await api(own.app, token).delete(`/api/admin/admin/${sa.id}`)).statusCode).toBe(200);
      await own.db.updateTable('admins').set({ roles: '["ROLE_MAINTAINER"]' }).where('id', '=', m.id).execute();
      const other = await buildAdmin(own.db, { roles: ['ROLE_SUPER_ADMIN'] });
      const res = await api(own.app, token).delete(`/api/admin/admin/${other.id}`);
      expect(res.statusCode).toBe(403);
    } finally {
      await own.close();
    }
  });
});

describe('operator password reset', () => {
  it('needs verify-identity; then clears the password, revokes the devices and mails a reset link', async () => {
    const a = await buildAdmin(t.db);
    const token = await login(t.app, a);
    const refused = await as(superToken).patch(`/api/admin/admin/${a.id}/reset-password`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Identity verification required');
    expect((await as(token).get('/api/admin/account/profile')).statusCode).toBe(200);

    expect((await as(superToken).post('/api/admin/account/verify-identity', { password: superPassword })).statusCode).toBe(200);
    const res = await as(superToken).patch(`/api/admin/admin/${a.id}/reset-password`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sent_to: a.email, delivery: 'outbox', handover: { link: expect.any(String) } });
    expect((await as(token).get('/api/admin/account/profile')).statusCode).toBe(401);
    expect((await as().post('/api/admin/account/login', { email: a.email, password: a.password })).statusCode).toBe(401);
    const link = await linkTokenFor(a.email);
    expect(link.template).toBe('password_reset');
    expect(
      (await as().post('/api/admin/account/reset-password-by-mail', { token: link.token, password: 'Fresh-Passw0rd' })).statusCode,
    ).toBe(200);
    expect((await as().post('/api/admin/account/login', { email: a.email, password: 'Fresh-Passw0rd' })).statusCode).toBe(200);
    expect(await auditOf(a.id, 'reset_password')).toHaveLength(1);
  });
});

describe("a maintainer's account against a super admin without ROLE_MAINTAINER (issue 34)", () => {
  it('refuses editing its e-mail, resetting its password, disabling and deleting it; a maintainer may, and ordinary admins stay reachable', async () => {
    const maintainer = await buildAdmin(t.db, { roles: ['ROLE_BASE', 'ROLE_MAINTAINER'] });
    const put = await as(superToken).put(`/api/admin/admin/${maintainer.id}`, { email: 'attacker@evil.test', name: maintainer.email });
    expect(put.statusCode, put.body).toBe(403);
    expect((await as(superToken).patch(`/api/admin/admin/${maintainer.id}/reset-password`)).statusCode).toBe(403);
    expect((await as(superToken).patch(`/api/admin/admin/${maintainer.id}`, { field: 'status', value: 'disabled' })).statusCode).toBe(403);
    expect((await as(superToken).delete(`/api/admin/admin/${maintainer.id}`)).statusCode).toBe(403);
    const row = await t.db.selectFrom('admins').select(['email', 'status']).where('id', '=', maintainer.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: maintainer.email, status: 'active' });

    const other = await buildAdmin(t.db, { roles: ['ROLE_BASE', 'ROLE_MAINTAINER'] });
    const otherToken = await login(t.app, other);
    const byMaintainer = await as(otherToken).put(`/api/admin/admin/${maintainer.id}`, { email: maintainer.email, name: 'Renamed' });
    expect(byMaintainer.statusCode, byMaintainer.body).toBe(200);
    const plain = await buildAdmin(t.db, { roles: ['ROLE_BASE', 'ROLE_PHOTO'] });
    expect((await as(superToken).patch(`/api/admin/admin/${plain.id}/reset-password`)).statusCode).toBe(200);
  });
});
