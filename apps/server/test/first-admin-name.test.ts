import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin, START_UP_JOB } from '../src/lib/bootstrap.ts';
import { systemContextsWithoutServer } from '../src/lib/context/request-context.ts';
import { api, createTestApp, login, type TestApp } from './helpers.ts';

/** Issue 42, item 12: the first admin is no 「Super Admin」; it gives its name at the forced password change. */
let t: TestApp;
let password: string;
const EMAIL = 'owner@example.com';
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: EMAIL });
  password = (await ensureFirstAdmin(systemContextsWithoutServer(t.db, t.config, START_UP_JOB), t.config))!.generatedPassword!;
});
afterAll(async () => {
  await t?.close();
});
const row = () =>
  t.db.selectFrom('admins').select(['id', 'name', 'has_change_default_password']).where('email', '=', EMAIL).executeTakeFirstOrThrow();
const RESET = '/api/admin/account/reset-password';

describe('the first admin’s name', () => {
  it('starts empty and must be given with the forced password change, which changes nothing without it', async () => {
    expect(await row()).toMatchObject({ name: '', has_change_default_password: 0 });
    const token = await login(t.app, { id: (await row()).id, email: EMAIL, password });
    const without = await api(t.app, token).put(RESET, { current_password: password, password: 'New-owner-pw-2026' });
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({ name: ['validate.error.required'] });
    const blank = await api(t.app, token).put(RESET, { current_password: password, password: 'New-owner-pw-2026', name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(await row()).toMatchObject({ name: '', has_change_default_password: 0 });

    const named = await api(t.app, token).put(RESET, { current_password: password, password: 'New-owner-pw-2026', name: ' 王大明 ' });
    expect(named.statusCode, named.body).toBe(200);
    expect(await row()).toMatchObject({ name: '王大明', has_change_default_password: 1 });
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'update_profile')
      .where('target_id', '=', String((await row()).id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after as string)).toEqual({ name: '王大明' });
  });

  it('is kept when a named admin changes its password without giving one', async () => {
    const token = await login(t.app, { id: (await row()).id, email: EMAIL, password: 'New-owner-pw-2026' });
    const res = await api(t.app, token).put(RESET, { current_password: 'New-owner-pw-2026', password: 'Third-owner-pw-2026' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row()).name).toBe('王大明');
  });
});
