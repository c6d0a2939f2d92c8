import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { siteBrowser } from '../../site/site.testkit.ts';

// Issue 42, wall 3: without a mail server nothing promises a mail. The screens learn it from
// /api/settings (the same answer for everybody), the website's pages say so in words that tell
// nothing about accounts, and the outbox hands over the link of every mail that carries one.
const UNAVAILABLE = '本系統尚未設定寄信，請洽管理員。';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const address = () => `mailless-${++n}-${Date.now()}@example.com`;
const outboxFor = async (to: string) => {
  const row = await t.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return (await api(t.app, superToken).get(`/api/admin/mail/outbox/${row.id}`)).json();
};

describe('without a mail server', () => {
  it('tells the screens before sign-in that mail cannot leave', async () => {
    const settings = (await api(t.app).get('/api/settings')).json();
    expect(settings.mail_enabled).toBe(false);
  });

  it("says so on the website's sign-up, reset and resend pages, alike for a known and an unknown address", async () => {
    const browser = siteBrowser(t.app);
    const email = address();
    await browser.get('/site/member/sign-up');
    const signedUp = await browser.post('/site/member/sign-up', { name: '陳大文', email, password: 'Passw0rd!' });
    expect(signedUp.statusCode, signedUp.body).toBe(303);
    const sent = await browser.get(signedUp.headers.location as string);
    expect(sent.body).toContain(UNAVAILABLE);
    expect(sent.body).not.toContain('請到信箱收取確認信');

    const pages: string[] = [];
    for (const who of [email, address()]) {
      await browser.get('/site/member/forgot-password');
      const asked = await browser.post('/site/member/forgot-password', { email: who });
      expect(asked.statusCode, asked.body).toBe(303);
      const page = (await browser.get(asked.headers.location as string)).body;
      expect(page).toContain(UNAVAILABLE);
      expect(page).not.toContain('重設密碼的連結已寄出');
      pages.push(page.replace(/name="_csrf" value="[^"]*"/g, ''));
    }
    expect(pages[0]).toBe(pages[1]);
  });

  it("gives the outbox the link of a member's confirmation mail and of an admin's invitation", async () => {
    const email = address();
    await api(t.app).post('/api/member/account/sign-up', { email, password: 'Passw0rd!', name: 'M' });
    const confirmation = await outboxFor(email);
    expect(confirmation.link).toMatch(/\/site\/member\/confirm\?token=[\w%-]+$/);
    expect(confirmation.text).toContain(confirmation.link);

    const invited = address();
    await api(t.app, superToken).post('/api/admin/admin', { email: invited, name: 'Invited', roles: ['ROLE_BASE'] });
    const invitation = await outboxFor(invited);
    expect(invitation.link).toMatch(/\/send-reset-password-email\?token=[\w%-]+$/);
  });

  it('keeps the mails and their links from admins without the outbox role', async () => {
    const other = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    const row = await t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await api(t.app, await login(t.app, other)).get(`/api/admin/mail/outbox/${row.id}`)).statusCode).toBe(403);
  });
});

describe('with a mail server', () => {
  let mailbox: SmtpCatcher;
  let withMail: TestApp;
  beforeAll(async () => {
    mailbox = await startSmtpCatcher();
    withMail = await createTestApp({ SMTP_URL: mailbox.url, MAIL_POLL_MS: '100' });
  });
  afterAll(async () => {
    await withMail?.close();
    await mailbox?.close();
  });

  it('promises the mail as before', async () => {
    expect((await api(withMail.app).get('/api/settings')).json().mail_enabled).toBe(true);
    const browser = siteBrowser(withMail.app);
    await browser.get('/site/member/sign-up');
    const signedUp = await browser.post('/site/member/sign-up', { name: '陳大文', email: address(), password: 'Passw0rd!' });
    const sent = await browser.get(signedUp.headers.location as string);
    expect(sent.body).toContain('請到信箱收取確認信');
    expect(sent.body).not.toContain(UNAVAILABLE);
  });
});
