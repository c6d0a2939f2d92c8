import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { siteBrowser } from './site.testkit.ts';

// Issue 26: the member profile's e-mail and password change, and the confirmation mail again, through
// the website's forms (no JavaScript), which call the member API in process.
let t: TestApp;
let mailbox: SmtpCatcher;
beforeAll(async () => {
  mailbox = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: mailbox.url, MAIL_POLL_MS: '100', SITE_URL: 'https://www.example.test' });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

let n = 0;
const address = () => `site-account-${++n}-${Date.now()}@example.com`;
const confirmToken = async (to: string) =>
  decodeURIComponent(/\/member\/confirm\?token=([\w%-]+)/.exec((await mailbox.next(to)).text ?? '')![1]!);

/** A browser signed in as a new, confirmed member. */
async function signedInMember(password = 'Passw0rd!') {
  const browser = siteBrowser(t.app);
  const email = address();
  await browser.get('/site/member/sign-up');
  await browser.post('/site/member/sign-up', { name: '陳大文', email, password });
  const token = await confirmToken(email);
  await browser.get(`/site/member/confirm?token=${encodeURIComponent(token)}`);
  expect((await browser.post('/site/member/confirm', { token })).statusCode).toBe(303);
  return { browser, email };
}

describe("the member profile's e-mail change", () => {
  it('asks with the current password, shows the pending change, fills the code from the mail link and changes on the button', async () => {
    const { browser, email } = await signedInMember();
    const profile = await browser.get('/site/member/profile');
    expect(profile.body).toContain('變更電子郵件');
    expect(profile.body).toContain('name="current_password"');

    const next = address();
    const wrong = await browser.post('/site/member/profile/email', { email: next, current_password: 'wrong' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('密碼不正確');
    expect(wrong.body).toContain(`value="${next}"`);

    await browser.get('/site/member/profile');
    const asked = await browser.post('/site/member/profile/email', { email: next, current_password: 'Passw0rd!' });
    expect(asked.headers.location).toBe('/site/member/profile?done=email-sent');
    const pending = await browser.get('/site/member/profile?done=email-sent');
    expect(pending.body).toContain(`確認碼已寄至 ${next}`);
    expect(pending.body).toContain(`等待確認：${next}`);
    const link = /https:\/\/www\.example\.test(\/member\/profile\?email_code=(\d{6}))/.exec((await mailbox.next(next)).text ?? '')!;
    expect(link).not.toBeNull();
    expect((await mailbox.next(email)).text).toContain(next);

    // The link fills the code in; nothing changes until the button.
    const opened = await browser.get(`/site${link[1]}`);
    expect(opened.body).toContain(`value="${link[2]}"`);
    expect(await emailOf(email)).toBe(email);
    const bad = await browser.post('/site/member/profile/email/confirm', { code: '00000x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('確認碼不正確');
    await browser.get('/site/member/profile');
    const done = await browser.post('/site/member/profile/email/confirm', { code: link[2]! });
    expect(done.headers.location).toBe('/site/member/profile?done=email-changed');
    const after = await browser.get('/site/member/profile?done=email-changed');
    expect(after.body).toContain('電子郵件已變更');
    expect(after.body).toContain(`<dd>${next}</dd>`);
    expect(await emailOf(email)).toBeUndefined();
  });

  it('cancels a pending change; the English profile says so', async () => {
    const { browser } = await signedInMember();
    await browser.get('/site/en/member/profile');
    const next = address();
    await browser.post('/site/en/member/profile/email', { email: next, current_password: 'Passw0rd!' });
    await mailbox.next(next);
    expect((await browser.get('/site/en/member/profile')).body).toContain(`Waiting for confirmation: ${next}`);
    const cancelled = await browser.post('/site/en/member/profile/email/cancel', {});
    expect(cancelled.headers.location).toBe('/site/en/member/profile?done=email-cancelled');
    const page = await browser.get('/site/en/member/profile?done=email-cancelled');
    expect(page.body).toContain('The e-mail change is cancelled.');
    expect(page.body).not.toContain('Waiting for confirmation');
  });
});

describe("the member profile's password change", () => {
  it('refuses a wrong current password; with the right one keeps this browser signed in and ends the others', async () => {
    const { browser, email } = await signedInMember();
    const other = siteBrowser(t.app);
    await other.get('/site/member/sign-in');
    expect((await other.post('/site/member/sign-in', { email, password: 'Passw0rd!' })).statusCode).toBe(303);
    expect((await other.get('/site/member/profile')).statusCode).toBe(200);

    await browser.get('/site/member/profile');
    const wrong = await browser.post('/site/member/profile/password', { current_password: 'nope', password: 'N3w-Passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('密碼不正確');
    await browser.get('/site/member/profile');
    const changed = await browser.post('/site/member/profile/password', { current_password: 'Passw0rd!', password: 'N3w-Passw0rd' });
    expect(changed.headers.location).toBe('/site/member/profile?done=password');
    expect((await browser.get('/site/member/profile?done=password')).body).toContain('密碼已變更');
    expect((await other.get('/site/member/profile')).headers.location).toBe('/site/member/sign-in');
    await other.get('/site/member/sign-in');
    expect((await other.post('/site/member/sign-in', { email, password: 'N3w-Passw0rd' })).statusCode).toBe(303);
  });
});

describe('the confirmation mail again', () => {
  it('is linked from sign-in and sign-up, and mails a new link to an unconfirmed address', async () => {
    const browser = siteBrowser(t.app);
    expect((await browser.get('/site/member/sign-in')).body).toContain('href="/site/member/resend-confirmation"');
    const email = address();
    await browser.get('/site/member/sign-up');
    await browser.post('/site/member/sign-up', { name: '周', email, password: 'Passw0rd!' });
    expect((await browser.get('/site/member/sign-up?sent=1')).body).toContain('沒收到確認信？');
    const first = await confirmToken(email);
    // Paced with the sign-up's mail: within its minute, 429 with the message in the form.
    await browser.get('/site/member/resend-confirmation');
    const early = await browser.post('/site/member/resend-confirmation', { email });
    expect(early.statusCode).toBe(429);
    expect(early.body).toContain('嘗試次數過多');
    await t.app.rateLimits.reset(`send:member_sign_up:address:${createHash('sha256').update(email).digest('base64url').slice(0, 22)}`);
    const sent = await browser.post('/site/member/resend-confirmation', { email });
    expect(sent.headers.location).toBe('/site/member/resend-confirmation?sent=1');
    expect((await browser.get('/site/member/resend-confirmation?sent=1')).body).toContain('確認信已重新寄出');
    const second = await confirmToken(email);
    expect(second).not.toBe(first);
    await browser.get(`/site/member/confirm?token=${encodeURIComponent(second)}`);
    expect((await browser.post('/site/member/confirm', { token: second })).statusCode).toBe(303);
  });
});

const emailOf = async (email: string) =>
  (await t.db.selectFrom('members').select('email').where('email', '=', email).executeTakeFirst())?.email;
