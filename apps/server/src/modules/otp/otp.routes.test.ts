import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { oneTimeCodes } from '../../lib/identity/one-time-codes.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
});

const issue = (email: string, adminId: number | null, purpose: 'sign_in' | 'verify_identity' = 'sign_in') =>
  t.db.transaction().execute((trx) => oneTimeCodes(t.app.config.jwtSecret).issue(trx, { email, adminId, purpose, ip: '10.0.0.1' }));

describe('OTP records', () => {
  it('lists mailed codes with their state, never the code or its digest', async () => {
    const admin = await buildAdmin(t.db, { name: 'Otp Lister' });
    const used = await issue(admin.email, admin.id);
    await t.db
      .transaction()
      .execute((trx) => oneTimeCodes(t.app.config.jwtSecret).check(trx, { email: admin.email, purpose: 'sign_in', code: used }));
    const open = await issue(admin.email, admin.id, 'verify_identity');
    const res = await api(t.app, token).get(`/api/admin/otp/index?keyword=${encodeURIComponent(admin.email)}&sort=id&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBe(2);
    expect(data.map((r: { purpose: string; state: string }) => [r.purpose, r.state])).toEqual([
      ['sign_in', 'used'],
      ['verify_identity', 'open'],
    ]);
    expect(data[0]).toMatchObject({ email: admin.email, admin: { id: admin.id, name: 'Otp Lister' }, tries: 0, ip: '10.0.0.1' });
    expect(res.body).not.toContain(used);
    expect(res.body).not.toContain(open);
    expect(res.body).not.toContain('code_hash');
  });

  it('filters by purpose and state (a retired code is expired)', async () => {
    const admin = await buildAdmin(t.db);
    await issue(admin.email, admin.id);
    await issue(admin.email, admin.id);
    const q = (extra: string) => api(t.app, token).get(`/api/admin/otp/index?keyword=${encodeURIComponent(admin.email)}&${extra}`);
    expect((await q('state=open')).json().meta.total).toBe(1);
    expect((await q('state=expired')).json().meta.total).toBe(1);
    expect((await q('state=used')).json().meta.total).toBe(0);
    expect((await q('purpose=verify_identity')).json().meta.total).toBe(0);
    expect((await q('state=bogus')).statusCode).toBe(400);
  });

  it('deletes a batch all-or-nothing, audited', async () => {
    const admin = await buildAdmin(t.db);
    await issue(admin.email, admin.id);
    await issue(admin.email, admin.id);
    const ids = (await t.db.selectFrom('one_time_codes').select('id').where('email', '=', admin.email).execute()).map((r) => r.id);
    expect((await api(t.app, token).delete('/api/admin/otp/batch', { ids: [...ids, 999_999] })).statusCode).toBe(404);
    expect(await t.db.selectFrom('one_time_codes').select('id').where('email', '=', admin.email).execute()).toHaveLength(2);
    const res = await api(t.app, token).delete('/api/admin/otp/batch', { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.selectFrom('one_time_codes').select('id').where('email', '=', admin.email).execute()).toHaveLength(0);
    const audit = await t.db.selectFrom('audit_logs').select(['action', 'target_id']).where('target_type', '=', 'one_time_code').execute();
    expect(audit.filter((a) => ids.map(String).includes(a.target_id ?? ''))).toHaveLength(2);
  });

  it('is for super admins only', async () => {
    const base = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    expect((await api(t.app, base).get('/api/admin/otp/index')).statusCode).toBe(403);
    expect((await api(t.app).get('/api/admin/otp/index')).statusCode).toBe(401);
  });
});
