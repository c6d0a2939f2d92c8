import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { oneTimeCodes } from '../../lib/identity/one-time-codes.ts';

let t: TestApp;
let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '100' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const verify = (token: string, body: Record<string, unknown>) => api(t.app, token).post('/api/admin/account/verify-identity', body);
const changeEmail = (token: string, email: string) => api(t.app, token).put('/api/admin/account/email', { email });

describe('verify identity', () => {
  it('by password: a proof for five minutes on this device only, audited', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    const other = await api(t.app).post(
      '/api/admin/account/login',
      { email: admin.email, password: admin.password },
      { 'x-fingerprint': 'other-browser' },
    );
    const otherToken = other.json().token as string;

    expect((await changeEmail(token, `moved-${admin.email}`)).statusCode).toBe(403);
    const wrong = await verify(token, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: ['validate.error.password_incorrect'] });
    const ok = await verify(token, { password: admin.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Date.parse(ok.json().verified_until) - Date.now()).toBeGreaterThan(4 * 60_000);

    // Another device of the same admin holds no proof.
    const fromOther = await api(t.app, otherToken).put(
      '/api/admin/account/email',
      { email: `moved-${admin.email}` },
      { 'x-fingerprint': 'other-browser' },
    );
    expect(fromOther.statusCode).toBe(403);
    // Issue 26: the change now waits for the code mailed to the new address (email-change.routes.test.ts).
    const moved = await changeEmail(token, `Moved-${admin.email}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().pending_email.email).toBe(`moved-${admin.email}`.toLowerCase());
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'admin')
      .where('target_id', '=', String(admin.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['verify_identity', 'request_email_change']));

    // Five minutes later (the proof's end moved back rather than the clock forward, which would end the token too).
    await t.db
      .updateTable('login_devices')
      .set({ identity_verified_until: new Date(Date.now() - 1000).toISOString() })
      .where('admin_id', '=', admin.id)
      .execute();
    expect((await changeEmail(token, `again-${admin.email}`)).statusCode).toBe(403);
  });

  it('by a mailed code, for an admin without a password, who can then set one without a current password', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    await t.db.updateTable('admins').set({ password_hash: '' }).where('id', '=', admin.id).execute();
    expect((await api(t.app, token).put('/api/admin/account/reset-password', { password: 'Brand-New-1' })).statusCode).toBe(403);

    const sent = await api(t.app, token).post('/api/admin/account/verify-identity/send-code', { locale: 'en-US' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await api(t.app, token).post('/api/admin/account/verify-identity/send-code', {})).statusCode).toBe(429);
    const mail = await catcher.next(admin.email);
    expect(mail.subject).toContain('verification code');
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await verify(token, { code: wrong })).json().errors).toEqual({ code: ['validate.error.code_incorrect'] });
    expect((await verify(token, { code })).statusCode).toBe(200);
    expect((await verify(token, { code })).statusCode).toBe(400);

    const set = await api(t.app, token).put('/api/admin/account/reset-password', { password: 'Brand-New-1' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await api(t.app).post('/api/admin/account/login', { email: admin.email, password: 'Brand-New-1' })).statusCode).toBe(200);
  });

  it('by a mailed code: a wrong one counts a try of it, the right one is used up with the proof and its entry', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    const code = await t.db.transaction().execute((trx) =>
      oneTimeCodes(t.app.config.jwtSecret).issue(trx, {
        email: admin.email,
        adminId: admin.id,
        purpose: 'verify_identity',
        ip: null,
      }),
    );
    const stored = () =>
      t.db
        .selectFrom('one_time_codes')
        .select(['tries', 'used_at'])
        .where('admin_id', '=', admin.id)
        .where('purpose', '=', 'verify_identity')
        .executeTakeFirstOrThrow();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await verify(token, { code: wrong })).statusCode).toBe(400);
    expect(await stored()).toEqual({ tries: 1, used_at: null });
    expect((await verify(token, { code })).statusCode).toBe(200);
    expect((await stored()).used_at).not.toBeNull();
    const entries = await t.db
      .selectFrom('audit_logs')
      .select('after')
      .where('action', '=', 'verify_identity')
      .where('target_id', '=', String(admin.id))
      .execute();
    expect(entries.map((e) => JSON.parse(e.after!))).toEqual([{ method: 'code' }]);
  });

  it('refuses a body with neither or both of password and code, and a taken e-mail with 409', async () => {
    const admin = await buildAdmin(t.db);
    const taken = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    expect((await verify(token, {})).statusCode).toBe(400);
    expect((await verify(token, { password: admin.password, code: '123456' })).statusCode).toBe(400);
    await verify(token, { password: admin.password });
    const res = await changeEmail(token, taken.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ email: ['validate.error.unique'] });
  });
});

describe('sign out all other devices', () => {
  it('needs the proof, then ends every other device at once and keeps this one', async () => {
    const admin = await buildAdmin(t.db);
    const here = await login(t.app, admin);
    const other = await api(t.app).post(
      '/api/admin/account/login',
      { email: admin.email, password: admin.password },
      { 'x-fingerprint': 'phone' },
    );
    const phone = other.json().token as string;
    expect((await api(t.app, here).delete('/api/admin/account/other-devices')).statusCode).toBe(403);
    await verify(here, { password: admin.password });
    const res = await api(t.app, here).delete('/api/admin/account/other-devices');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OK', count: 1 });
    expect((await api(t.app, phone).get('/api/admin/account/profile', { 'x-fingerprint': 'phone' })).statusCode).toBe(401);
    expect((await api(t.app, here).get('/api/admin/account/profile')).statusCode).toBe(200);
    const audit = await t.db.selectFrom('audit_logs').select('action').where('actor_id', '=', admin.id).execute();
    expect(audit.map((a) => a.action)).toContain('logout_other_devices');
  });
});
