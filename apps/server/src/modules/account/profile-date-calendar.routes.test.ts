import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('profile date calendar (issue 14.6)', () => {
  it('starts Gregorian, switches to 民國 and back, keeping the name, and audits each change', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_BASE'], name: 'Calendar' });
    const me = api(t.app, await login(t.app, admin));
    expect((await me.get('/api/admin/account/profile')).json().date_calendar).toBe('gregorian');

    const put = await me.put('/api/admin/account/profile', { date_calendar: 'roc' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ date_calendar: 'roc', name: 'Calendar' });
    expect((await me.get('/api/admin/account/profile')).json().date_calendar).toBe('roc');

    // A new browser reads the same preference: it lives with the profile.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/login',
      headers: { 'x-fingerprint': 'other-browser' },
      payload: { email: admin.email, password: admin.password },
    });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/admin/account/profile',
      headers: { 'x-fingerprint': 'other-browser', authorization: `Bearer ${elsewhere.json().token}` },
    });
    expect(other.json().date_calendar).toBe('roc');

    const both = await me.put('/api/admin/account/profile', { name: 'Renamed', date_calendar: 'gregorian' });
    expect(both.json()).toMatchObject({ name: 'Renamed', date_calendar: 'gregorian' });

    const audits = await t.db
      .selectFrom('audit_logs')
      .select(['before', 'after'])
      .where('action', '=', 'update_profile')
      .where('target_id', '=', String(admin.id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [JSON.parse(a.before!), JSON.parse(a.after!)])).toEqual([
      [{ date_calendar: 'gregorian' }, { date_calendar: 'roc' }],
      [
        { name: 'Calendar', date_calendar: 'roc' },
        { name: 'Renamed', date_calendar: 'gregorian' },
      ],
    ]);
  });

  it('refuses an unknown calendar, an empty update and other fields, changing nothing', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    const me = api(t.app, await login(t.app, admin));
    const bad = await me.put('/api/admin/account/profile', { date_calendar: 'julian' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.date_calendar).toEqual(['validate.error.invalid']);
    expect((await me.put('/api/admin/account/profile', {})).statusCode).toBe(400);
    const smuggled = await me.put('/api/admin/account/profile', { date_calendar: 'roc', roles: ['ROLE_SUPER_ADMIN'] });
    expect(smuggled.statusCode).toBe(400);
    expect((await me.get('/api/admin/account/profile')).json()).toMatchObject({ date_calendar: 'gregorian', roles: ['ROLE_BASE'] });
  });
});
