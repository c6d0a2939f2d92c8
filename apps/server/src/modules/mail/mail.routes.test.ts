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
      'email_change_code',
      'email_change_notice',
      'review_notice',
      'audit_anchor',
      'audit_chain_broken',
      'compliance_due',
      'compliance_due_contractor',
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
    // Issue 34: only URL variables in a link, however the attribute is written.
    for (const html of ['<a href="{{name}}">x</a>', "<a href='https://x.test/?n={{ name }}'>x</a>", '<a href={{appName}}>x</a>']) {
      const inLink = await as().put('/api/admin/mail/templates/password_reset/en-US', { subject: 'Reset', html });
      expect(inLink.statusCode, html).toBe(400);
      expect(inLink.json().errors, html).toEqual({ html: ['validate.error.link_variable_only'] });
    }

    const saved = await as().put('/api/admin/mail/templates/sign_in_code/en-US', {
      subject: 'Your {{appName}} code',
      html: '<p>Hi {{name}}, code: {{code}}</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().locales['en-US']).toMatchObject({ customised: true, subject: 'Your {{appName}} code' });
    await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.config, {
        to: 'edited@example.com',
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { name: 'Ann', code: '777111' },
      }),
    );
    t.app.mailer.kick();
    const mail = await catcher.next('edited@example.com');
    expect(mail.subject).toBe('Your 營造後台 code');
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
    const id = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.config, {
        to: 'bounce@example.com',
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { code: '424242' },
      }),
    );
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
    const id = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, t.config, {
        to: 'queued@example.com',
        template: 'sign_in_code',
        locale: 'en-US',
        variables: { code: '1' },
      }),
    );
    expect((await as().post(`/api/admin/mail/outbox/${id}/resend`, {})).statusCode).toBe(409);
    const base = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    expect((await api(t.app, base).get('/api/admin/mail/templates')).statusCode).toBe(403);
    expect((await api(t.app, base).get(`/api/admin/mail/outbox/${id}`)).statusCode).toBe(403);
  });
});

describe('mail template allow-list and samples', () => {
  it('stores a template without script, on*= handlers or javascript: links; inline styles and placeholders keep working', async () => {
    const html =
      '<p style="color:#1677ff;font-weight:bold" onclick="steal()">Hi {{name}}</p><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">bad</a><a href="{{link}}" style="background:url(javascript:alert(1));color:#fff" onmouseover="x()">Reset</a>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example/"></iframe><p style="expression(alert(1))">end</p>';
    const saved = await as().put('/api/admin/mail/templates/password_reset/en-US', { subject: 'Reset', html });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await t.db
      .selectFrom('mail_templates')
      .select('html')
      .where('template', '=', 'password_reset')
      .where('locale', '=', 'en-US')
      .executeTakeFirstOrThrow();
    for (const bad of ['<script', 'onclick', 'onmouseover', 'onerror', 'javascript:', 'url(', 'expression', '<iframe', 'evil.example'])
      expect(stored.html).not.toContain(bad);
    expect(stored.html).toContain('<p style="color:#1677ff;font-weight:bold">Hi {{name}}</p>');
    expect(stored.html).toContain('<a href="{{link}}" style="color:#fff">Reset</a>');

    const sent = await as().post('/api/admin/mail/templates/password_reset/send-test', { to: 'allow@example.com', locale: 'en-US' });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await catcher.next('allow@example.com');
    expect(mail.html).toContain(`<a href="${t.config.publicUrl}/send-reset-password-email?token=`);
    expect(mail.html).toContain('Hi Alex Chen');

    const empty = await as().put('/api/admin/mail/templates/password_reset/en-US', { subject: 'Reset', html: '<script>x</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ html: ['validate.error.required'] });
    const deep = await as().put('/api/admin/mail/templates/password_reset/en-US', { subject: 'Reset', html: '<div>'.repeat(65) });
    expect(deep.json().errors).toEqual({ html: ['validate.error.markup_too_deep'] });
    const preview = await as().post('/api/admin/mail/templates/password_reset/preview', {
      locale: 'en-US',
      draft: { subject: 'Reset', html: '<div>'.repeat(65) },
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().errors).toEqual({ 'draft.html': ['validate.error.markup_too_deep'] });
    const cleanPreview = await as().post('/api/admin/mail/templates/password_reset/preview', {
      locale: 'en-US',
      draft: { subject: 'Reset', html: '<p onclick="x()">Hi {{name}}</p><script>alert(1)</script>' },
    });
    expect(cleanPreview.json().html).toContain('<p>Hi Alex Chen</p>');
    expect(cleanPreview.json().html).not.toContain('script');
    await as().delete('/api/admin/mail/templates/password_reset/en-US');
  });

  it("links a test mail to PUBLIC_URL (and the site's URL), never example.com", async () => {
    await as().post('/api/admin/mail/templates/member_confirmation/send-test', { to: 'sample@example.com', locale: 'en-US' });
    const member = await catcher.next('sample@example.com');
    expect(member.text).toContain(`${t.config.site.url}/member/confirm?token=`);
    await as().post('/api/admin/mail/templates/contact_received/send-test', { to: 'sample@example.com', locale: 'zh-TW' });
    const contact = await catcher.next('sample@example.com');
    expect(contact.text).toContain(`${t.config.publicUrl}/admin/contact?entry=1`);
    for (const m of [member, contact]) expect(m.html).not.toContain('https://example.com');
    const listed = (await as().get('/api/admin/mail/templates')).json().data;
    const reset = listed.find((x: { name: string }) => x.name === 'password_reset');
    expect(reset.variables.find((v: { name: string }) => v.name === 'link').sample).toBe(
      `${t.config.publicUrl}/send-reset-password-email?token=…`,
    );
  });
});
