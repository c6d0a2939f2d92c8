import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';

let t: TestApp;
let catcher: SmtpCatcher;
let maintainer: string;
let superAdmin: string;
let today: string;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  // The log is on (info) and goes to the test's sink and, as in production, to DATA_DIR/logs.
  t = await createTestApp(
    { SMTP_URL: catcher.url, MAIL_POLL_MS: '100', LOG_LEVEL: 'info', PUBLIC_URL: 'https://office.example.com' },
    { logStream: { write: () => undefined } },
  );
  maintainer = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_MAINTAINER'] }));
  superAdmin = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
  today = (await api(t.app, maintainer).get('/api/admin/debug/logs')).json().data[0].name;
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const logText = () =>
  readdirSync(join(t.dataDir, 'logs'))
    .map((f) => readFileSync(join(t.dataDir, 'logs', f), 'utf8'))
    .join('');

describe('the log files', () => {
  it('hold no password, token, code or link secret after a sign-in, a reset by mail and an e-mail code sign-in', async () => {
    const admin = await buildAdmin(t.db, { password: 'Very-Secret-Passw0rd!' });
    expect((await api(t.app).post('/api/admin/account/login', { email: admin.email, password: admin.password })).statusCode).toBe(200);
    const bearer = await login(t.app, admin);

    await api(t.app).post('/api/admin/account/send-reset-password-mail', { email: admin.email });
    const mail = await catcher.next(admin.email);
    const token = decodeURIComponent(/send-reset-password-email\?token=([\w%-]+)/.exec(mail.text ?? '')![1]!);
    // The browser opens the link (a web route), then sets the password.
    await api(t.app).get(`/send-reset-password-email?token=${encodeURIComponent(token)}`);
    await api(t.app).post('/api/admin/account/password-link', { token });
    const reset = await api(t.app).post('/api/admin/account/reset-password-by-mail', { token, password: 'Another-Secret-9!' });
    expect(reset.statusCode, reset.body).toBe(200);

    await api(t.app).post('/api/admin/account/login-via-email-otp', { email: admin.email });
    const codeMail = await catcher.next(admin.email);
    const code = /\b(\d{6})\b/.exec(codeMail.text ?? '')![1]!;
    expect((await api(t.app).post('/api/admin/account/login-via-email-otp', { email: admin.email, code })).statusCode).toBe(200);

    const text = logText();
    expect(text).toContain('/api/admin/account/login-via-email-otp');
    expect(text).toContain('token=[redacted]');
    for (const secret of ['Very-Secret-Passw0rd!', 'Another-Secret-9!', token, encodeURIComponent(token), `"${code}"`, bearer]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('the log viewer API', () => {
  it('lists the files and reads entries newest first, with search, a level filter, paging and follow', async () => {
    const files = (await api(t.app, maintainer).get('/api/admin/debug/logs')).json().data;
    expect(files[0]).toMatchObject({ name: expect.stringMatching(/^server-\d{4}-\d{2}-\d{2}\.log$/), size: expect.any(Number) });
    const url = `/api/admin/debug/logs/entries?file=${today}`;
    const first = (await api(t.app, maintainer).get(`${url}&limit=3`)).json();
    expect(first.data).toHaveLength(3);
    expect(first.data[0].offset).toBeGreaterThan(first.data[1].offset);
    const older = (await api(t.app, maintainer).get(`${url}&limit=3&before=${first.next_before}`)).json();
    expect(older.data[0].offset).toBeLessThan(first.data[2].offset);

    t.app.log.warn({ marker: 'log-viewer-test' }, 'a warning to find');
    const follow = (await api(t.app, maintainer).get(`${url}&after=${first.next_after}`)).json();
    expect(follow.data.map((e: { msg: string }) => e.msg)).toContain('a warning to find');
    const warnings = (await api(t.app, maintainer).get(`${url}&level=warn&q=LOG-VIEWER-TEST`)).json();
    expect(warnings.data).toHaveLength(1);
    expect(warnings.data[0]).toMatchObject({ level: 40, msg: 'a warning to find', data: { marker: 'log-viewer-test' } });

    const download = await api(t.app, maintainer).get(`/api/admin/debug/logs/download?file=${today}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(today);
    expect(download.body).toContain('a warning to find');
  });

  it('refuses other roles, a file name that is not a log file (no path reaches outside), and a missing file', async () => {
    expect((await api(t.app, superAdmin).get('/api/admin/debug/logs')).statusCode).toBe(403);
    expect((await api(t.app).get('/api/admin/debug/logs')).statusCode).toBe(401);
    for (const file of ['../app.sqlite', '..%2Fjwt-secret', 'server-2026-01-01.log/../../jwt-secret', 'jwt-secret']) {
      const res = await api(t.app, maintainer).get(`/api/admin/debug/logs/download?file=${file}`);
      expect(res.statusCode, file).toBe(400);
      expect(res.json().errors).toEqual({ file: ['validate.error.invalid'] });
    }
    expect((await api(t.app, maintainer).get('/api/admin/debug/logs/entries?file=server-1999-01-01.log')).statusCode).toBe(404);
    expect((await api(t.app, maintainer).get(`/api/admin/debug/logs/entries?file=${today}&level=loud`)).statusCode).toBe(400);
  });
});
