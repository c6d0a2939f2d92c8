import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { enqueueMail } from './outbox.ts';

/**
 * The SMTP setting's failures (docs/identity.md "Delivery"): TLS is required unless SMTP_ALLOW_PLAIN,
 * and a refused sign-in or missing TLS keeps the mail waiting with its reason until the setting is
 * fixed, shown to the super admin; a restart with the fixed setting sends it.
 */
const USER = 'mailer';
const PASS = 'right-password';
let server: SmtpCatcher;
const apps: TestApp[] = [];

beforeAll(async () => {
  server = await startSmtpCatcher({ auth: { user: USER, pass: PASS } });
});
afterEach(async () => {
  // Newest first: the second app of a test uses the first one's database.
  for (const a of apps.splice(0).reverse()) await a.close();
});
afterAll(async () => {
  await server?.close();
});

const port = () => new URL(server.url).port;
const start = async (env: Record<string, string>) => {
  const t = await createTestApp({ MAIL_POLL_MS: '100', ...env });
  apps.push(t);
  return t;
};
const row = (t: TestApp, id: number) => t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const until = async (check: () => Promise<boolean>, ms = 25_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const queue = (t: TestApp, to: string) =>
  t.db
    .transaction()
    .execute((trx) =>
      enqueueMail(trx, t.config, { to, template: 'sign_in_code', locale: 'en-US', variables: { name: 'A', code: '314159' } }),
    );
const status = async (t: TestApp) => {
  const token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
  const res = await api(t.app, token).get('/api/admin/mail/status');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

// Two apps, argon2 sign-ins and real SMTP round trips: a loaded 2-core machine needs more than the default.
describe('SMTP transport security', { timeout: 90_000 }, () => {
  it('sends nothing in clear to a smtp:// server without STARTTLS: no password, no mail; the outbox says why', async () => {
    const t = await start({ SMTP_URL: `smtp://${USER}:${PASS}@127.0.0.1:${port()}`, SMTP_ALLOW_PLAIN: 'false', MAIL_MAX_ATTEMPTS: '1' });
    const id = await queue(t, 'stripped@example.com');
    t.app.mailer.kick();
    await until(async () => (await row(t, id)).attempts >= 1);
    const mail = await row(t, id);
    expect(mail).toMatchObject({ status: 'pending', last_error: expect.stringContaining('STARTTLS') });
    expect(mail.last_error).toContain('SMTP_ALLOW_PLAIN');
    expect(server.logins).toEqual([]);
    expect(server.mails).toEqual([]);
    const s = await status(t);
    expect(s).toMatchObject({ smtp_configured: true, failing: true, reason: expect.stringContaining('STARTTLS') });
    expect(JSON.stringify(s)).not.toContain(PASS);
  });

  it('retries a refused sign-in (535) without failing the mail; the overview says mail is failing; a restart with the fixed password sends it', async () => {
    const wrong = await start({
      SMTP_URL: `smtp://${USER}:wrong-password@127.0.0.1:${port()}`,
      SMTP_ALLOW_PLAIN: 'true',
      MAIL_MAX_ATTEMPTS: '1',
      MAIL_RETRY_BASE_MS: '100',
    });
    const id = await queue(wrong, 'waiting@example.com');
    wrong.app.mailer.kick();
    // Past MAIL_MAX_ATTEMPTS, still waiting: the setting failed, not the mail.
    await until(async () => (await row(wrong, id)).attempts >= 2);
    expect(await row(wrong, id)).toMatchObject({ status: 'pending', last_error: expect.stringContaining('535') });
    const s = await status(wrong);
    expect(s).toMatchObject({ failing: true, waiting: 1, reason: expect.stringContaining('535') });
    expect(s.reason).toContain('user and password');
    expect(JSON.stringify(s)).not.toContain('wrong-password');
    await wrong.app.mailer.stop();
    // A long back-off now: the restart must not wait for it.
    await wrong.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() })
      .execute();

    const fixed = await start({
      SMTP_URL: `smtp://${USER}:${PASS}@127.0.0.1:${port()}`,
      SMTP_ALLOW_PLAIN: 'true',
      JWT_SECRET: wrong.config.jwtSecret,
      DATABASE_URL: wrong.config.databaseUrl,
    });
    const mail = await server.next('waiting@example.com');
    expect(mail.text).toContain('314159');
    await until(async () => (await row(fixed, id)).status === 'sent');
    expect(await status(fixed)).toMatchObject({ failing: false, waiting: 0, reason: null });
  });

  it('takes no TLS option from SMTP_URL: SMTP_ALLOW_PLAIN is the one switch', () => {
    for (const q of ['ignoreTLS=true', 'requireTLS=false', 'opportunisticTLS=true'])
      expect(
        () => loadConfig({ DATA_DIR: join(tmpdir(), 'bo-refused-config'), SMTP_URL: `smtp://u:p@mail.example.com:587/?${q}` }),
        q,
      ).toThrow(ConfigError);
  });
});
