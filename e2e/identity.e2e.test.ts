import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, openPage, shot, signIn, startFlow, type TestServer } from './harness.ts';
import type { SmtpCatcher } from '../apps/server/test/smtp-catcher.ts';

// Issue 10: the password reset by mail and sign-in by e-mail code, with the mail read from a real SMTP
// server on loopback, in Chromium against the production build.
let server: TestServer;
let browser: Browser;
let mailbox: SmtpCatcher;

beforeAll(async () => {
  ({ server, browser, mailbox } = await startFlow({ mail: true }));
});

/** The admin's next mail about `subject`: the daily job's audit anchor (mailed to every super admin at start) may come first. */
async function nextMailAbout(subject: string) {
  for (;;) {
    const mail = await mailbox.next(server.admin.email, 30_000);
    if (mail.subject?.includes(subject)) return mail;
  }
}

const newPage = (width: number, language: 'zh-TW' | 'en-US') => openPage(browser, { width, height: 860, language });

/** The link of a mail, pointed at the test server (PUBLIC_URL is not set for the flows). */
const linkIn = (text: string | undefined) => {
  const link = /https?:\/\/\S+send-reset-password-email\?token=[\w%-]+/.exec(text ?? '');
  expect(link, text).not.toBeNull();
  return link![0].replace(/^https?:\/\/[^/]+/, server.url);
};

describe('identity in the browser', () => {
  it('resets a forgotten password through the link mailed to the admin', async () => {
    const { context, page, errors } = await newPage(1440, 'zh-TW');
    await page.goto(`${server.url}/`);
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL(/\/send-reset-password-email$/);
    await page.locator('#email').fill(server.admin.email);
    await shot(page, 'forgot-password-1440-zh');
    await expectAccessible(page, 'forgot password 1440 zh-TW');
    await page.getByTestId('reset-mail-submit').click();
    await page.getByTestId('reset-mail-sent').waitFor();

    const mail = await nextMailAbout('重設密碼');
    expect(mail.subject).toContain('重設密碼');
    await page.goto(linkIn(mail.text));
    await page.getByTestId('new-password').fill('Reset#Passw0rd');
    await page.getByTestId('confirm-password').fill('Reset#Passw0rd');
    await page.locator('.strength').waitFor();
    await shot(page, 'set-new-password-1440-zh');
    await expectAccessible(page, 'set password 1440 zh-TW');
    await page.getByTestId('set-password-submit').click();
    await page.getByTestId('go-sign-in').click();

    await signIn(page, server.url, server.admin.email, 'Reset#Passw0rd');
    server.admin.password = 'Reset#Passw0rd';
    // The link works once.
    await page.goto(linkIn(mail.text));
    await page.getByText('這個連結已失效').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with a code mailed to the admin, on a phone in English', async () => {
    const { context, page, errors } = await newPage(390, 'en-US');
    await page.goto(`${server.url}/`);
    await page.getByTestId('email-code-link').click();
    await page.waitForURL(/\/login-via-email-otp/);
    await page.locator('#email').fill(server.admin.email);
    await page.getByTestId('email-code-send').click();
    const mail = await nextMailAbout('sign-in code');
    expect(mail.subject).toContain('sign-in code');
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    await page.getByTestId('email-code-resend').waitFor();
    await shot(page, 'email-code-390-en');
    await expectAccessible(page, 'email code 390 en-US');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // A wrong code first: a clear message, and the right one still works.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.locator('.sign-in-code-input input').first().click();
    await page.keyboard.type(wrong);
    await page.getByTestId('public-card-error').waitFor();
    await page.locator('.sign-in-code-input input').first().click();
    await page.keyboard.type(code);
    await page.waitForURL((u) => u.pathname.startsWith('/admin'), { timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the super admin reads the OTP records, edits a mail template with a live preview and reads the outbox', async () => {
    // A code record and a mail to show (the flows above made some; a minute's pacing may refuse this one then).
    await fetch(`${server.url}/api/admin/account/login-via-email-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint': 'e2e-identity' },
      body: JSON.stringify({ email: server.admin.email }),
    });
    for (const [width, locale] of [
      [1440, 'zh-TW'],
      [390, 'en-US'],
    ] as const) {
      const { context, page, errors } = await newPage(width, locale);
      await signIn(page, server.url, server.admin.email, server.admin.password);
      await page.goto(`${server.url}/admin/otp`);
      await page.getByTestId('otp-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
      await shot(page, `otp-records-${width}-${locale}`);
      await expectAccessible(page, `otp records ${width} ${locale}`);

      await page.goto(`${server.url}/admin/debug/mail-template`);
      await page.getByTestId('template-subject').waitFor({ timeout: 15_000 });
      const frame = page.frameLocator('[data-testid="mail-preview"]');
      await frame
        .getByText(/營造後台|Construction Back Office/)
        .first()
        .waitFor({ timeout: 15_000 });
      if (width === 1440) {
        await page.getByTestId('template-subject').fill('{{appName}} 密碼重設通知');
        await page.getByTestId('template-save').click();
        await page.getByText('範本已儲存').waitFor({ timeout: 15_000 });
      }
      await shot(page, `mail-templates-${width}-${locale}`);
      await expectAccessible(page, `mail templates ${width} ${locale}`);

      await page.goto(`${server.url}/admin/debug/mail-outbox`);
      const first = page.getByTestId('outbox-table').locator('tbody tr.ant-table-row').first();
      await first.waitFor({ timeout: 15_000 });
      await first.getByRole('button').click();
      await page.locator('.ant-drawer [data-testid="mail-preview"]').waitFor({ timeout: 15_000 });
      await shot(page, `mail-outbox-${width}-${locale}`);
      await expectAccessible(page, `mail outbox ${width} ${locale}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
