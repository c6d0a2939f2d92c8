import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const as = (tk?: string) => api(t.app, tk);

describe('switch account', () => {
  it('lets a super admin act as another admin; the device and every audit entry say who is acting', async () => {
    const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'], name: 'Boss' });
    const org = await buildOrganization(t.db);
    const target = await buildAdmin(t.db, { roles: ['ROLE_BASE'], memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    const original = await login(t.app, sa);
    const res = await as(original).post(`/api/admin/account/${target.id}/switch-account`);
    expect(res.statusCode).toBe(200);
    const token = res.json().token;
    const p = decodeJwt(token) as any;
    expect(Object.keys(p).sort()).toEqual(['data', 'exp', 'expired_at', 'id', 'jti', 'type']);
    expect(p.data.id).toBe(target.id);
    expect(p.data.sub_account_roles).toEqual(['SUB_ACCOUNT_ROLE_ADMIN']);
    // The token says who is acting, and keeps saying it when renewed.
    expect(p.data.impersonator).toEqual({ id: sa.id, email: sa.email, name: 'Boss' });
    const renewed = decodeJwt((await as(token).put('/api/admin/account/renew', {})).json().token) as any;
    expect(renewed.data.impersonator).toEqual({ id: sa.id, email: sa.email, name: 'Boss' });
    expect((decodeJwt(original) as any).data).not.toHaveProperty('impersonator');
    const profile = (await as(token).get('/api/admin/account/profile')).json();
    expect(profile.id).toBe(target.id);
    expect(profile.impersonator).toEqual({ id: sa.id, email: sa.email, name: 'Boss' });
    expect((await as(token).put('/api/admin/account/profile', { name: 'Changed while acting' })).statusCode).toBe(200);
    const entry = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'update_profile')
      .where('target_id', '=', String(target.id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: target.id, impersonator_id: sa.id });
    const sw = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'switch_account')
      .where('target_id', '=', String(target.id))
      .executeTakeFirstOrThrow();
    expect(sw.actor_id).toBe(sa.id);
    // The way back: the acting device is logged out, the original token still works.
    expect((await as(token).put('/api/admin/account/logout')).statusCode).toBe(200);
    expect((await as(token).get('/api/admin/account/profile')).statusCode).toBe(401);
    expect((await as(original).get('/api/admin/account/profile')).json().impersonator).toBeNull();
  });

  it('refuses a non-super admin (403), a maintainer (403) and an acting session switching again', async () => {
    const target = await buildAdmin(t.db);
    for (const roles of [['ROLE_BASE'], ['ROLE_MAINTAINER']]) {
      const tk = await login(t.app, await buildAdmin(t.db, { roles }));
      expect((await as(tk).post(`/api/admin/account/${target.id}/switch-account`)).statusCode).toBe(403);
    }
    const org = await buildOrganization(t.db);
    const oa = await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    expect(
      (await as(await login(t.app, oa, { organizationId: org.id })).post(`/api/admin/account/${sa.id}/switch-account`)).statusCode,
    ).toBe(403);
    const other = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const acting = (await as(await login(t.app, sa)).post(`/api/admin/account/${other.id}/switch-account`)).json().token;
    expect((await as(acting).post(`/api/admin/account/${target.id}/switch-account`)).statusCode).toBe(403);
  });

  it('refuses switching into yourself, a disabled admin (409) or nobody (404)', async () => {
    const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const tk = await login(t.app, sa);
    expect((await as(tk).post(`/api/admin/account/${sa.id}/switch-account`)).statusCode).toBe(409);
    const off = await buildAdmin(t.db, { status: 'disabled' });
    expect((await as(tk).post(`/api/admin/account/${off.id}/switch-account`)).statusCode).toBe(409);
    expect((await as(tk).post('/api/admin/account/999999/switch-account')).statusCode).toBe(404);
  });

  it("refuses switching into an account holding a role the super admin lacks (a maintainer's), like granting it", async () => {
    const sa = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const maintainer = await buildAdmin(t.db, { roles: ['ROLE_BASE', 'ROLE_MAINTAINER'] });
    const token = await login(t.app, sa);
    const res = await as(token).post(`/api/admin/account/${maintainer.id}/switch-account`);
    expect(res.statusCode, res.body).toBe(403);
    const devices = await t.db.selectFrom('login_devices').select('id').where('impersonator_id', '=', sa.id).execute();
    expect(devices).toEqual([]);
    // A super admin who is also a maintainer may.
    const both = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_MAINTAINER'] });
    expect((await as(await login(t.app, both)).post(`/api/admin/account/${maintainer.id}/switch-account`)).statusCode).toBe(200);
  });
});
