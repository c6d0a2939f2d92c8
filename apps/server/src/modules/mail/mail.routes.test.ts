import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';

let t: TestApp;
let catcher: SmtpCatcher;
let token: string;
beforeAll(async () => {
  catcher = await startSmtpCatcher({ refuse: (to) => (to === 'bounce@example.com' ? { code: 550, message: 'No such user' } : null) });
  t = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '100' });
  token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const as = () => api(t.app, token);
const until = async (check: () => Promise<boolean>) => {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('mail templates', () => {
  it('lists the five templates in both locales with their variables', async () => {
    const res = await as().get('/api/admin/mail/templates');
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().data.map((x: { name: string }) => x.name);
    expect(names).toEqual([
      'password_reset',
      'sign_in_code',
      'identity_code',
      'admin_invitation',
      'certificate_expiry',
      'contact_received',
      'member_confirmation',
    ]);
    const code = res.json().data[1];
    expect(code.variables.find((v: { name: string }) => v.name === 'code')).toMatchObject({ secret: true });
    expect(code.locales['zh-TW']).toMatchObject({ customised: false, subject: '{{appName}} 登入驗證碼' });
    expect(code.locales['en-US'].text).toContain('123456');
  });

  it('saves an edit, used by the next mail, audited; refuses unknown variables and a secret in the subject; resets', async () => {
    const bad = await as().put('/api/admin/mail/templates/sign_in_code/en-US', { subject: 'Code {{code}}', html: '<p>{{nope}}</p>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ subject: ['mail.error.secret_in_subject'], html: ['mail.error.unknown_variable'] });

    const saved = await as().put('/api/admin/mail/templates/sign_in_code/en-US', {
      subject: 'Your {{appName}} code',
      html: '<p>Hi {{name}}, code: {{code}}</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().locales['en-US']).toMatchObject({ customised: true, subject: 'Your {{appName}} code' });
    await enqueueMail(t.db, t.config, {
      to: 'edited@example.com',
      template: 'sign_in_code',
      locale: 'en-US',
      variables: { name: 'Ann', code: '777111' },
    });
    t.app.mailer.kick();
    const mail = await catcher.next('edited@example.com');
    expect(mail.subject).toBe('Your BuildOffice code');
    expect(mail.text).toContain('Hi Ann, code: 777111');

    const preview = await as().post('/api/admin/mail/templates/sign_in_code/preview', {
      locale: 'en-US',
      draft: { subject: 'Draft', html: '<p>{{code}}</p>' },
    });
    expect(preview.json()).toMatchObject({ subject: 'Draft', text: '123456' });

    const reset = await as().delete('/api/admin/mail/templates/sign_in_code/en-US');
    expect(reset.json().locales['en-US']).toMatchObject({ customised: false, subject: 'Your {{appName}} sign-in code' });
    const audit = await t.db.selectFrom('audit_logs').select('action').where('target_type', '=', 'mail_template').execute();
    expect(audit.map((a) => a.action)).toEqual(['update', 'reset']);
  });

  it('sends a test mail with sample data through the outbox', async () => {
    const res = await as().post('/api/admin/mail/templates/admin_invitation/send-test', { to: 'Tester@Example.com', locale: 'zh-TW' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await catcher.next('tester@example.com');
    expect(mail.subject).toContain('邀請您加入');
  });
});

describe('outbox', () => {
  it('lists without bodies, reads one with its body, and resends a failed mail', async () => {
    const id = await enqueueMail(t.db, t.config, {
      to: 'bounce@example.com',
      template: 'sign_in_code',
      locale: 'en-US',
      variables: { code: '424242' },
    });
    t.app.mailer.kick();
    await until(
      async () =>
        (await t.db.selectFrom('mail_outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status === 'failed',
    );
    const list = await as().get('/api/admin/mail/outbox?status=failed&keyword=BOUNCE');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect(list.body).not.toContain('424242');
    const one = await as().get(`/api/admin/mail/outbox/${id}`);
    expect(one.json()).toMatchObject({ status: 'failed', last_error: expect.stringContaining('550') });
    expect(one.json().text).toContain('424242');

    const again = await as().post(`/api/admin/mail/outbox/${id}/resend`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await t.db.selectFrom('audit_logs').select('action').where('target_type', '=', 'mail').execute()).map((a) => a.action)).toEqual(
      ['resend'],
    );
  });

  it('refuses a resend while queued (409) and everything to other admins (403)', async () => {
    const id = await enqueueMail(t.db, t.config, {
      to: 'queued@example.com',
      template: 'sign_in_code',
      locale: 'en-US',
      variables: { code: '1' },
    });
    expect((await as().post(`/api/admin/mail/outbox/${id}/resend`, {})).statusCode).toBe(409);
    const base = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    expect((await api(t.app, base).get('/api/admin/mail/templates')).statusCode).toBe(403);
    expect((await api(t.app, base).get(`/api/admin/mail/outbox/${id}`)).statusCode).toBe(403);
  });
});
