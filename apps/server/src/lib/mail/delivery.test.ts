import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { enqueueMail, senderOf } from './outbox.ts';

let catcher: SmtpCatcher;
let t: TestApp;
const refused = new Map<string, { code: number; message: string; times: number }>();

beforeAll(async () => {
  catcher = await startSmtpCatcher({
    refuse: (to) => {
      const r = refused.get(to);
      if (!r || r.times === 0) return null;
      r.times--;
      return r;
    },
  });
  t = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '50', MAIL_MAX_ATTEMPTS: '3' });
});
afterEach(() => refused.clear());
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const outboxRow = (id: number) => t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('mail delivery', () => {
  it('sends a queued mail over SMTP: subject, html and text in the locale, from MAIL_FROM; the outbox row holds no plain code', async () => {
    const admin = await buildAdmin(t.db, { name: 'Alex <b>Chen</b>' });
    const id = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.app.config, {
        to: admin.email,
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { name: 'Alex <b>Chen</b>', code: '482913', expiresInMinutes: 10 },
        adminId: admin.id,
      }),
    );
    const row = await outboxRow(id);
    expect(JSON.stringify(row)).not.toContain('482913');
    t.app.mailer.kick();
    const mail = await catcher.next(admin.email);
    expect(mail.subject).toBe('Your 營造後台 sign-in code');
    // No MAIL_FROM: the app name (營造後台 by default) at no-reply@localhost.
    expect(mail.from?.value).toEqual([{ name: '營造後台', address: 'no-reply@localhost' }]);
    expect(mail.html).toContain('482913');
    expect(mail.html).toContain('Alex &lt;b&gt;Chen&lt;/b&gt;');
    expect(mail.text).toContain('482913');
    await until(async () => (await outboxRow(id)).status === 'sent');
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it("signs the back office's mails with the app name set in 系統設定 when MAIL_FROM is unset", async () => {
    const superAdmin = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
    const res = await api(t.app, await login(t.app, superAdmin)).put('/api/admin/app-config/app/update', { appName: '大成營造後台' });
    expect(res.statusCode, res.body).toBe(200);
    const to = 'named@example.com';
    await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.app.config, {
        to,
        template: 'password_reset',
        locale: 'zh-TW',
        variables: { name: '王', link: 'http://x/r', expiresInMinutes: 30 },
      }),
    );
    t.app.mailer.kick();
    expect((await catcher.next(to)).from?.value).toEqual([{ name: '大成營造後台', address: 'no-reply@localhost' }]);
    await api(t.app, await login(t.app, superAdmin)).put('/api/admin/app-config/app/update', { appName: '營造後台' });
  });

  it("takes MAIL_FROM as written when set, and gives a member's mail the company's name at its address", () => {
    expect(senderOf('Office <mail@company.example>', { appName: '營造後台' })).toBe('Office <mail@company.example>');
    expect(senderOf(null, {})).toEqual({ name: '營造後台', address: 'no-reply@localhost' });
    expect(senderOf('Office <mail@company.example>', { fromName: '北辰營造' })).toEqual({
      name: '北辰營造',
      address: 'mail@company.example',
    });
    expect(senderOf(null, { fromName: '北辰營造' })).toEqual({ name: '北辰營造', address: 'no-reply@localhost' });
  });

  it('writes zh-TW mails in zh-TW', async () => {
    const to = 'zh@example.com';
    await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.app.config, {
        to,
        template: 'password_reset',
        locale: 'zh-TW',
        variables: { name: '王小明', link: 'http://x/r?token=abc', expiresInMinutes: 30 },
      }),
    );
    t.app.mailer.kick();
    const mail = await catcher.next(to);
    expect(mail.subject).toContain('重設密碼');
    expect(mail.text).toContain('http://x/r?token=abc');
  });

  it('retries a transient refusal with back-off, then delivers', async () => {
    const to = 'busy@example.com';
    refused.set(to, { code: 451, message: 'Try again later', times: 1 });
    const id = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.app.config, {
        to,
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { name: 'B', code: '1', expiresInMinutes: 10 },
      }),
    );
    t.app.mailer.kick();
    await until(async () => (await outboxRow(id)).attempts === 1);
    // Waiting for its retry: pending, or already claimed again (`sending`) when the back-off is shorter than this poll.
    const waiting = await outboxRow(id);
    expect(waiting.last_error).toContain('451');
    expect(['pending', 'sending']).toContain(waiting.status);
    await catcher.next(to);
    await until(async () => (await outboxRow(id)).status === 'sent');
    expect((await outboxRow(id)).attempts).toBe(2);
  });

  it('marks a permanent refusal failed at once, and gives up after MAIL_MAX_ATTEMPTS transient ones', async () => {
    refused.set('nobody@example.com', { code: 550, message: 'No such user', times: 99 });
    refused.set('down@example.com', { code: 421, message: 'Service not available', times: 99 });
    const permanent = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.app.config, {
        to: 'nobody@example.com',
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { code: '1' },
      }),
    );
    const transient = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.app.config, {
        to: 'down@example.com',
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { code: '1' },
      }),
    );
    t.app.mailer.kick();
    await until(async () => (await outboxRow(permanent)).status === 'failed');
    expect(await outboxRow(permanent)).toMatchObject({ attempts: 1, last_error: expect.stringContaining('550') });
    await until(async () => (await outboxRow(transient)).status === 'failed');
    expect((await outboxRow(transient)).attempts).toBe(3);
  });

  it('picks up mails queued while no worker ran, and mails a dead worker held past its lease (a restart)', async () => {
    const pending = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.app.config, {
        to: 'later@example.com',
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { code: '1' },
      }),
    );
    const held = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.app.config, {
        to: 'held@example.com',
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { code: '2' },
      }),
    );
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', held)
      .execute();
    const second = await createTestApp({
      SMTP_URL: catcher.url,
      JWT_SECRET: t.config.jwtSecret,
      DATABASE_URL: t.config.databaseUrl,
      MAIL_POLL_MS: '100',
    });
    try {
      await second.app.mailer.drain();
      await catcher.next('later@example.com');
      await catcher.next('held@example.com');
      await until(async () => (await outboxRow(pending)).status === 'sent' && (await outboxRow(held)).status === 'sent');
    } finally {
      await second.close();
    }
  });
});
