import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, createTestApp, login, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';

let t: TestApp;
let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '100', PUBLIC_URL: 'https://office.example.com' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const forgot = (email: string, extra: Record<string, unknown> = {}) =>
  api(t.app).post('/api/admin/account/send-reset-password-mail', { email, ...extra });
/** Asks for the mail and follows it: the token of its link. */
const tokenFromMail = async (admin: BuiltAdmin) => {
  const mail = await catcher.next(admin.email);
  const link = /https:\/\/office\.example\.com\/send-reset-password-email\?token=([\w%-]+)/.exec(mail.text ?? '');
  expect(link, mail.text).not.toBeNull();
  return decodeURIComponent(link![1]!);
};
const reset = (token: string, password: string) => api(t.app).post('/api/admin/account/reset-password-by-mail', { token, password });
const signIn = (email: string, password: string) => api(t.app).post('/api/admin/account/login', { email, password });

describe('password reset by mail', () => {
  it('mails a link; the link sets a new password once and signs out every device', async () => {
    const admin = await buildAdmin(t.db, { name: 'Reset Me' });
    const before = await login(t.app, admin);
    const res = await forgot(admin.email.toUpperCase(), { locale: 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    const token = await tokenFromMail(admin);

    const info = await api(t.app).post('/api/admin/account/password-link', { token });
    expect(info.json()).toMatchObject({ email: admin.email, name: 'Reset Me', purpose: 'reset' });
    const done = await reset(token, 'N3w-Passw0rd!');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: admin.email });

    expect((await api(t.app, before).get('/api/admin/account/profile')).statusCode).toBe(401);
    expect((await signIn(admin.email, admin.password)).statusCode).toBe(401);
    expect((await signIn(admin.email, 'N3w-Passw0rd!')).statusCode).toBe(200);
    // Single use.
    const again = await reset(token, 'Another-1!');
    expect(again.statusCode).toBe(400);
    expect(JSON.stringify(again.json())).toContain('validate.error.reset_link_invalid');
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'admin')
      .where('target_id', '=', String(admin.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['send_reset_password_mail', 'reset_password_by_mail']));
  });

  it('keeps no plain token in the database', async () => {
    const admin = await buildAdmin(t.db);
    await forgot(admin.email);
    const token = await tokenFromMail(admin);
    const rows = await t.db.selectFrom('password_reset_tokens').selectAll().where('admin_id', '=', admin.id).execute();
    const outbox = await t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', admin.email).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify([rows, outbox])).not.toContain(token);
  });

  it('answers unknown and disabled e-mails exactly like known ones, and mails nothing to them', async () => {
    const known = await buildAdmin(t.db);
    const disabled = await buildAdmin(t.db, { status: 'disabled' });
    const answers = [await forgot(known.email), await forgot('nobody-reset@example.com'), await forgot(disabled.email)];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    await catcher.next(known.email);
    await t.app.mailer.drain();
    const to = catcher.mails.flatMap((m) =>
      [m.to]
        .flat()
        .flatMap((x) => x?.value ?? [])
        .map((v) => v.address),
    );
    expect(to).not.toContain('nobody-reset@example.com');
    expect(to).not.toContain(disabled.email);
  });

  it('paces mails per address, unknown addresses alike', async () => {
    const admin = await buildAdmin(t.db);
    expect((await forgot(admin.email)).statusCode).toBe(200);
    expect((await forgot(admin.email)).statusCode).toBe(429);
    expect((await forgot('ghost-reset@example.com')).statusCode).toBe(200);
    expect((await forgot('ghost-reset@example.com')).statusCode).toBe(429);
    await catcher.next(admin.email);
  });

  it('refuses a link after another password change, an expired link, a replaced link and a made-up one', async () => {
    const admin = await buildAdmin(t.db);
    await forgot(admin.email);
    const token = await tokenFromMail(admin);
    // The admin changes the password while signed in: the link dies.
    const session = await login(t.app, admin);
    const changed = await api(t.app, session).put('/api/admin/account/reset-password', {
      current_password: admin.password,
      password: 'Changed-1!',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await reset(token, 'Other-1!')).statusCode).toBe(400);

    const other = await buildAdmin(t.db);
    await forgot(other.email);
    const first = await tokenFromMail(other);
    vi.useFakeTimers({ now: Date.now() + 31 * 60_000, toFake: ['Date'] });
    try {
      expect((await reset(first, 'Late-1!')).statusCode).toBe(400);
      expect((await api(t.app).post('/api/admin/account/password-link', { token: first })).statusCode).toBe(400);
    } finally {
      vi.useRealTimers();
    }
    expect((await reset('made-up-token', 'Whatever-1!')).statusCode).toBe(400);
  });

  it('refuses a disabled admin and a password under the minimum length', async () => {
    const admin = await buildAdmin(t.db);
    await forgot(admin.email);
    const token = await tokenFromMail(admin);
    const short = await reset(token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('validate.error.text_too_less');
    await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', admin.id).execute();
    expect((await reset(token, 'Fine-Passw0rd')).statusCode).toBe(400);
  });
});
