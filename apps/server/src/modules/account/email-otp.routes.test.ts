import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, createTestApp, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';

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

const URL = '/api/admin/account/login-via-email-otp';
const askCode = (email: string, extra: Record<string, unknown> = {}) => api(t.app).post(URL, { email, ...extra });
const codeOf = async (admin: BuiltAdmin) => {
  const mail = await catcher.next(admin.email);
  return /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
};
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in with an e-mail code', () => {
  it('mails a code, then signs in with it: a token and a login device like a password sign-in', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    const sent = await askCode(admin.email.toUpperCase(), { locale: 'en-US' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true, resend_after: 60, expires_in: 600 });
    const mail = await catcher.next(admin.email);
    expect(mail.subject).toBe('Your 營造後台 sign-in code');
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;

    const res = await api(t.app).post(URL, { email: admin.email, code, keep_login: true });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token as string;
    expect((await api(t.app, token).get('/api/admin/account/profile')).json().email).toBe(admin.email);
    const devices = await t.db.selectFrom('login_devices').selectAll().where('admin_id', '=', admin.id).execute();
    expect(devices).toHaveLength(1);
    expect(devices[0]!.keep_login).toBe(1);
    const audit = await t.db.selectFrom('audit_logs').select('action').where('actor_id', '=', admin.id).execute();
    expect(audit.map((a) => a.action)).toContain('login');

    // Used: the same code again is refused.
    expect((await api(t.app).post(URL, { email: admin.email, code })).statusCode).toBe(401);
  });

  it('keeps no plain code in the database', async () => {
    const admin = await buildAdmin(t.db);
    await askCode(admin.email);
    const code = await codeOf(admin);
    const codes = await t.db.selectFrom('one_time_codes').selectAll().where('email', '=', admin.email).execute();
    const outbox = await t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', admin.email).execute();
    expect(codes).toHaveLength(1);
    expect(outbox).toHaveLength(1);
    expect(JSON.stringify([codes, outbox])).not.toContain(code);
  });

  it('answers an unknown or disabled e-mail exactly like a known one, and mails nothing', async () => {
    const known = await buildAdmin(t.db);
    const disabled = await buildAdmin(t.db, { status: 'disabled' });
    const a = await askCode(known.email);
    const b = await askCode('nobody-here@example.com');
    const c = await askCode(disabled.email);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(b.body).toBe(a.body);
    expect(c.body).toBe(a.body);
    await catcher.next(known.email);
    await t.app.mailer.drain();
    const to = catcher.mails.flatMap((m) =>
      [m.to]
        .flat()
        .flatMap((x) => x?.value ?? [])
        .map((v) => v.address),
    );
    expect(to).not.toContain('nobody-here@example.com');
    expect(to).not.toContain(disabled.email);
    // Signing in with a made-up code: the same 401 for all three.
    const answers = await Promise.all(
      [known.email, 'nobody-here@example.com', disabled.email].map((email) => api(t.app).post(URL, { email, code: '000000' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });

  it('refuses a second code for the same address within a minute, for unknown addresses too', async () => {
    const admin = await buildAdmin(t.db);
    expect((await askCode(admin.email)).statusCode).toBe(200);
    const again = await askCode(admin.email);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect((await askCode('ghost@example.com')).statusCode).toBe(200);
    expect((await askCode('ghost@example.com')).statusCode).toBe(429);
    await catcher.next(admin.email);
  });

  it('refuses a wrong code, then even the right one after the fifth wrong try', async () => {
    const admin = await buildAdmin(t.db);
    await askCode(admin.email);
    const code = await codeOf(admin);
    for (let i = 0; i < 5; i++) expect((await api(t.app).post(URL, { email: admin.email, code: other(code) })).statusCode).toBe(401);
    const sixth = await api(t.app).post(URL, { email: admin.email, code });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().message).toBe('Login fail');
    const failures = await t.db
      .selectFrom('audit_logs')
      .select('after')
      .where('action', '=', 'login_failed')
      .where('target_id', '=', String(admin.id))
      .execute();
    expect(failures).toHaveLength(6);
    expect(JSON.stringify(failures)).not.toContain(code);
  });

  it("refuses another address's code and an expired code", async () => {
    const a = await buildAdmin(t.db);
    const b = await buildAdmin(t.db);
    await askCode(a.email);
    const code = await codeOf(a);
    expect((await api(t.app).post(URL, { email: b.email, code })).statusCode).toBe(401);
    vi.useFakeTimers({ now: Date.now() + 11 * 60_000, toFake: ['Date'] });
    try {
      expect((await api(t.app).post(URL, { email: a.email, code })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a disabled admin even with a code mailed before it was disabled', async () => {
    const admin = await buildAdmin(t.db);
    await askCode(admin.email);
    const code = await codeOf(admin);
    await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', admin.id).execute();
    expect((await api(t.app).post(URL, { email: admin.email, code })).statusCode).toBe(401);
  });

  it('answers 400 with the translation keys for a bad e-mail or a code that is not six digits', async () => {
    const bad = await api(t.app).post(URL, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('validate.error.email_incorrect');
    expect((await api(t.app).post(URL, { email: 'a@example.com', code: '12ab56' })).statusCode).toBe(400);
  });
});
