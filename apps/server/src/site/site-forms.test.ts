import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startFakeProviders, type FakeProviders } from '../../test/fake-providers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { csrfOf, siteBrowser } from './site.testkit.ts';

// Issue 12: the website's forms work without JavaScript: they post to the site's handlers, which call
// the public contact API and the member API in process; every form carries a CSRF token.
let t: TestApp;
let mailbox: SmtpCatcher;
let providers: FakeProviders;
beforeAll(async () => {
  mailbox = await startSmtpCatcher();
  providers = await startFakeProviders();
  t = await createTestApp({ ...providers.env, SMTP_URL: mailbox.url, MAIL_POLL_MS: '100', SITE_URL: 'https://www.example.test' });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
  await providers?.close();
});

let n = 0;
const address = () => `site-member-${++n}-${Date.now()}@example.com`;
const cookie = (res: { headers: Record<string, unknown> }, name: string) =>
  [res.headers['set-cookie'] ?? []].flat().find((c) => String(c).startsWith(`${name}=`)) as string | undefined;

describe('the contact form', () => {
  it('sends a message through the public contact API and shows it was received', async () => {
    const browser = siteBrowser(t.app);
    const form = await browser.get('/site/contact');
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('private, no-store');
    expect(cookie(form, 'site_csrf')).toMatch(/; Path=\/site; HttpOnly; SameSite=Lax; Secure$/);
    const sent = await browser.post('/site/contact', {
      name: '林小姐',
      email: 'lin@example.com',
      phone: '0912-345-678',
      message: '想詢問透天厝新建工程',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/site/contact?sent=1');
    expect((await browser.get('/site/contact?sent=1')).body).toContain('已收到您的訊息');
    const stored = await t.db
      .selectFrom('contacts')
      .select(['name', 'phone', 'locale', 'status'])
      .where('email', '=', 'lin@example.com')
      .executeTakeFirst();
    expect(stored).toEqual({ name: '林小姐', phone: '0912345678', locale: 'zh-TW', status: 'new' });
  });

  it('shows the API field errors translated in the form, keeping what was typed', async () => {
    const browser = siteBrowser(t.app);
    await browser.get('/site/en/contact');
    const res = await browser.post('/site/en/contact', { name: 'Wang <b>', email: 'not-an-email', phone: '123', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The email address is not valid');
    expect(res.body).toContain('The phone number is not valid');
    expect(res.body).toContain('This field is required');
    expect(res.body).toContain('value="Wang &lt;b&gt;"');
    expect(res.body).toMatch(/id="f-email"[^>]*aria-invalid="true" aria-describedby="f-email-error"/);
  });

  it('refuses a post without the CSRF token of the browser, or with another browser’s', async () => {
    const browser = siteBrowser(t.app);
    await browser.get('/site/contact');
    const fields = { name: '王', email: 'wang@example.com', message: '你好' };
    const missing = await browser.post('/site/contact', fields, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain('表單已過期');
    const stranger = siteBrowser(t.app);
    const theirs = csrfOf((await stranger.get('/site/contact')).body)!;
    expect((await browser.post('/site/contact', fields, { csrf: theirs })).statusCode).toBe(403);
    // Without any cookie (a cross-site post a SameSite=Lax browser would send without them).
    expect((await siteBrowser(t.app).post('/site/contact', fields, { csrf: theirs })).statusCode).toBe(403);
    expect(await t.db.selectFrom('contacts').select('id').where('email', '=', 'wang@example.com').executeTakeFirst()).toBeUndefined();
  });
});

describe('members on the website', () => {
  it('signs up, confirms by the mailed link, sees the profile, renames, signs out and signs in again', async () => {
    const email = address();
    const browser = siteBrowser(t.app);
    await browser.get('/site/member/sign-up');
    const signUp = await browser.post('/site/member/sign-up', { name: '陳大文', email, password: 'Passw0rd!' });
    expect(signUp.statusCode, signUp.body).toBe(303);
    expect((await browser.get(signUp.headers.location!)).body).toContain('請到信箱收取確認信');

    const mail = await mailbox.next(email);
    const link = /https:\/\/www\.example\.test(\/member\/confirm\?token=[\w%-]+)/.exec(mail.text ?? '')![1]!;
    const confirmPage = await browser.get(`/site${link}`);
    expect(confirmPage.statusCode).toBe(200);
    // Opening the link confirms nothing by itself (a mail scanner may open it): the button does.
    const confirmed = await browser.post('/site/member/confirm', { token: decodeURIComponent(link.split('token=')[1]!) });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(confirmed.headers.location).toBe('/site/member/profile');
    const session = cookie(confirmed, 'site_member')!;
    expect(session).toMatch(/; Path=\/site; HttpOnly; SameSite=Lax; Secure$/);
    expect(session).not.toMatch(/Max-Age/);

    const profile = await browser.get('/site/member/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('private, no-store');
    expect(profile.body).toContain(email);
    expect(profile.body).toContain('value="陳大文"');

    const renamed = await browser.post('/site/member/profile', { name: '陳小文' });
    expect(renamed.headers.location).toBe('/site/member/profile?saved=1');
    const after = await browser.get('/site/member/profile?saved=1');
    expect(after.body).toContain('資料已儲存');
    expect(after.body).toContain('value="陳小文"');

    const out = await browser.post('/site/member/sign-out', {});
    expect(out.headers.location).toBe('/site/member/sign-in?out=1');
    expect(browser.jar.has('site_member')).toBe(false);
    expect((await browser.get('/site/member/profile')).headers.location).toBe('/site/member/sign-in');

    await browser.get('/site/member/sign-in');
    const wrong = await browser.post('/site/member/sign-in', { email, password: 'wrong-one' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('電子郵件或密碼錯誤');
    expect(wrong.body).toContain(`value="${email}"`);
    expect(wrong.body).not.toContain('wrong-one');
    const signedIn = await browser.post('/site/member/sign-in', { email, password: 'Passw0rd!', keep_login: '1' });
    expect(signedIn.statusCode, signedIn.body).toBe(303);
    expect(cookie(signedIn, 'site_member')).toMatch(/Max-Age=\d+/);
    expect((await browser.get('/site/member/profile')).body).toContain('陳小文');
  });

  it('renews the token of a member who keeps using the site, keeping the cookie a session one; the token it replaced dies', async () => {
    const email = address();
    const browser = siteBrowser(t.app);
    await browser.get('/site/member/sign-up');
    await browser.post('/site/member/sign-up', { name: '周', email, password: 'Passw0rd!' });
    const token = decodeURIComponent(/\/member\/confirm\?token=([\w%-]+)/.exec((await mailbox.next(email)).text ?? '')![1]!);
    await browser.get(`/site/member/confirm?token=${encodeURIComponent(token)}`);
    expect((await browser.post('/site/member/confirm', { token })).statusCode).toBe(303);
    const first = browser.jar.get('site_member')!;
    expect(cookie(await browser.get('/site/member/profile'), 'site_member')).toBeUndefined();

    // Past the middle of the token's lifetime, the next member page renews it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (t.app.config.tokenTtlSeconds / 2 + 60) * 1000);
      const later = await browser.get('/site/member/profile');
      expect(later.statusCode, later.body).toBe(200);
      expect(cookie(later, 'site_member')).toMatch(/; Path=\/site; HttpOnly; SameSite=Lax; Secure$/);
      expect(browser.jar.get('site_member')).not.toBe(first);
      expect((await browser.get('/site/member/profile')).body).toContain(email);
      const stale = siteBrowser(t.app);
      stale.jar.set('site_member', first);
      expect((await stale.get('/site/member/profile')).headers.location).toBe('/site/member/sign-in');
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains an unconfirmed e-mail in the form, in English under /en', async () => {
    const email = address();
    const browser = siteBrowser(t.app);
    await browser.get('/site/en/member/sign-up');
    await browser.post('/site/en/member/sign-up', { name: 'Mary', email, password: 'Passw0rd!' });
    const mail = await mailbox.next(email);
    expect(mail.text).toMatch(/https:\/\/www\.example\.test\/member\/confirm\?token=/);
    await browser.get('/site/en/member/sign-in');
    const res = await browser.post('/site/en/member/sign-in', { email, password: 'Passw0rd!' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Your email is not confirmed yet');
    expect(res.body).toContain('<html lang="en">');
  });

  it('refuses a member form without its CSRF token and a profile without a session', async () => {
    const browser = siteBrowser(t.app);
    await browser.get('/site/member/sign-in');
    expect((await browser.post('/site/member/sign-in', { email: 'x@example.com', password: 'x' }, { csrf: false })).statusCode).toBe(403);
    expect((await browser.post('/site/member/sign-out', {}, { csrf: false })).statusCode).toBe(403);
    const stranger = await siteBrowser(t.app).get('/site/member/profile');
    expect(stranger.statusCode).toBe(303);
    // A token the member API refuses drops the cookie; anything that is not a token never reaches the API.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/site/member/profile',
      headers: { cookie: 'site_member=site-x.eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' },
    });
    expect(forged.headers.location).toBe('/site/member/sign-in');
    expect(cookie(forged, 'site_member')).toMatch(/Max-Age=0/);
    const garbage = await t.app.inject({ method: 'GET', url: '/site/member/profile', headers: { cookie: 'site_member=site-x.a%0D%0Ab' } });
    expect(garbage.headers.location).toBe('/site/member/sign-in');
  });

  it('sets a new password through the mailed link and signs in with it', async () => {
    const email = address();
    const browser = siteBrowser(t.app);
    await browser.get('/site/member/sign-up');
    await browser.post('/site/member/sign-up', { name: '李', email, password: 'Passw0rd!' });
    await mailbox.next(email);
    await browser.get('/site/member/forgot-password');
    const asked = await browser.post('/site/member/forgot-password', { email });
    expect(asked.headers.location).toBe('/site/member/forgot-password?sent=1');
    const mail = await mailbox.next(email);
    const token = decodeURIComponent(/\/member\/reset-password\?token=([\w%-]+)/.exec(mail.text ?? '')![1]!);
    await browser.get(`/site/member/reset-password?token=${encodeURIComponent(token)}`);
    const reset = await browser.post('/site/member/reset-password', { token, password: 'N3w-Passw0rd' });
    expect(reset.headers.location).toBe('/site/member/sign-in?reset=1');
    expect((await browser.get(reset.headers.location!)).body).toContain('密碼已重設');
    const again = await browser.post('/site/member/reset-password', { token, password: 'Other-1234' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('重設密碼連結已失效');
    await browser.get('/site/member/sign-in');
    expect((await browser.post('/site/member/sign-in', { email, password: 'N3w-Passw0rd' })).statusCode).toBe(303);
  });

  it('signs in with a code sent by mail', async () => {
    const email = address();
    const browser = siteBrowser(t.app);
    await browser.get('/site/member/sign-up');
    await browser.post('/site/member/sign-up', { name: '張', email, password: 'Passw0rd!' });
    await mailbox.next(email);
    await browser.get('/site/member/sign-in-code');
    const step = await browser.post('/site/member/sign-in-code', { email });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain(`驗證碼已寄至 ${email}`);
    const code = /\b(\d{6})\b/.exec((await mailbox.next(email)).text ?? '')![1]!;
    const wrong = await browser.post('/site/member/sign-in-code', { email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    const ok = await browser.post('/site/member/sign-in-code', { email, code });
    expect(ok.statusCode, ok.body).toBe(303);
    expect((await browser.get('/site/member/profile')).body).toContain(email);
  });

  it('signs in with a provider: the button posts to the site, the provider returns to the site, the session is opened', async () => {
    providers.setIdentity('line', { sub: 'line-site-1', email: 'line-site@example.com', name: 'LINE 訪客' });
    const browser = siteBrowser(t.app);
    const page = await browser.get('/site/member/sign-in');
    expect(page.body).toContain('以 LINE 登入');
    // The sign-in page's policy lets its forms go on to the providers, and only there.
    const formAction = /form-action ([^;]+)/.exec(String(page.headers['content-security-policy']))![1]!;
    expect(formAction).toContain(new URL(providers.url).origin);
    const start = await browser.post('/site/member/oauth/line', {});
    expect(start.statusCode, start.body).toBe(303);
    const atProvider = await fetch(start.headers.location!, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://www.example.test/member/oauth-return/line');
    const returned = await browser.get(`/site/member/oauth-return/line${back.search}`);
    expect(returned.statusCode, returned.body).toBe(303);
    expect(returned.headers.location).toBe('/site/member/profile');
    expect((await browser.get('/site/member/profile')).body).toContain('line-site@example.com');
    // The provider's answer works once.
    const replay = await siteBrowser(t.app).get(`/site/member/oauth-return/line${back.search}`);
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toContain('會員登入');
  });
});

describe('reCAPTCHA on the website', () => {
  it('loads the reCAPTCHA script only on pages whose form checks it, and the policy admits it only there', async () => {
    const app = await createTestApp({
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/verify',
    });
    try {
      const browser = siteBrowser(app.app);
      const contact = await browser.get('/site/contact');
      expect(contact.body).toContain('<script src="https://www.google.com/recaptcha/api.js?render=site-key-123" async></script>');
      expect(contact.body).toMatch(/<script src="\/site\/assets\/contact-recaptcha\.[0-9a-f]{10}\.js" defer><\/script>/);
      expect(contact.body).toContain('data-recaptcha="site-key-123"');
      expect(String(contact.headers['content-security-policy'])).toContain("script-src 'self' https://www.google.com/recaptcha/");
      const signIn = await browser.get('/site/member/sign-in');
      expect(signIn.body).toContain('recaptcha/api.js');
      const home = await browser.get('/site');
      expect(home.body).not.toContain('recaptcha');
      expect(String(home.headers['content-security-policy'])).not.toContain('script-src');
      // Without the script (no JavaScript) there is no token: the form says what the robot check needs.
      const sent = await browser.post(
        '/site/contact',
        { name: '王', email: 'wang@example.com', message: '你好' },
        { csrf: csrfOf(contact.body)! },
      );
      expect(sent.statusCode).toBe(423);
      expect(sent.body).toContain('機器人驗證失敗');
    } finally {
      await app.close();
    }
  });
});
