import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiAs,
  closeToasts,
  expectAccessible,
  noSideScroll,
  openPage,
  seedAdmin,
  shot as screenshot,
  signedInPage,
  startFlow,
  type TestServer,
} from './harness.ts';
import type { SmtpCatcher } from '../apps/server/test/smtp-catcher.ts';

// Issue 26: an admin changes its own e-mail and confirms with the link mailed to the new address; who
// opened a file's signed links shows on its detail; a member changes password and e-mail on the
// website's profile. At 1440 and 390 px, axe in light and dark, mails through a real SMTP server.
const admin = { email: 'change.me@example.com', password: 'Change#2026', name: '換信箱管理員' };
const member = { email: 'site.member@example.com', password: 'Member#2026', name: '林會員' };
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let server: TestServer;
let browser: Browser;
let mailbox: SmtpCatcher;

beforeAll(async () => {
  ({ server, browser, mailbox } = await startFlow({ mail: true }));
  await seedAdmin(server.dataDir, { ...admin, roles: ['ROLE_BASE'] });
});

const shot = (page: Page, name: string) => screenshot(page, `account-changes-${name}`);
/** A link of a mail, on this server (mails carry PUBLIC_URL or the site's address). */
const onServer = (link: string) => link.replace(/^https?:\/\/[^/]+/, server.url);
const dark = { colorScheme: 'dark' as const };

/** Asks for a new e-mail on the profile, proving identity with the password when asked. */
async function askEmailChange(page: Page, next: string, password: string) {
  await page.getByTestId('email-change-new').fill(next);
  await page.getByTestId('email-change-send').click();
  await page.getByTestId('verify-password').fill(password);
  await page.getByTestId('verify-submit').click();
  await page.getByTestId('email-change-pending').waitFor();
}

describe('account changes', () => {
  it('an admin changes its own e-mail and confirms it with the link mailed to the new address', async () => {
    const next = 'changed.me@example.com';
    const { context, page, errors } = await signedInPage(browser, server.url, admin, { width: 1440 });
    await page.goto(`${server.url}/admin/profile`);
    await page.getByTestId('email-change-new').waitFor();
    await shot(page, 'profile-email-1440');
    await expectAccessible(page, 'profile e-mail card 1440 light');
    await askEmailChange(page, next, admin.password);
    expect(await page.getByTestId('email-change-pending').innerText()).toContain(next);
    await closeToasts(page);
    await shot(page, 'profile-email-pending-1440');
    await expectAccessible(page, 'profile e-mail pending 1440 light');

    const mail = await mailbox.next(next, 30_000);
    const link = /https?:\/\/\S+\/admin\/profile\?email_code=\d{6}/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    expect((await mailbox.next(admin.email, 30_000)).text).toContain(next);
    // Not changed before the confirmation: the old address still signs in.
    await apiAs(server.url, admin.email, admin.password);

    await page.goto(onServer(link!));
    await page.getByText(`電子郵件已變更為 ${next}`).waitFor();
    await page.getByTestId('email-change-new').waitFor();
    expect(page.url()).not.toContain('email_code');
    expect(await page.locator('#profile-email').inputValue()).toBe(next);
    await apiAs(server.url, next, admin.password);
    expect(errors).toEqual([]);
    await context.close();

    // At 390 px in dark: the card and a pending change, cancelled.
    const phone = await signedInPage(
      browser,
      server.url,
      { email: next, password: admin.password },
      { width: 390, height: 844, context: dark },
    );
    await phone.page.goto(`${server.url}/admin/profile`);
    await phone.page.getByTestId('email-change-new').waitFor();
    await expectAccessible(phone.page, 'profile e-mail card 390 dark');
    await askEmailChange(phone.page, 'third.address@example.com', admin.password);
    await closeToasts(phone.page);
    await phone.page.getByTestId('email-change-pending').scrollIntoViewIfNeeded();
    expect(await noSideScroll(phone.page)).toBe(true);
    await shot(phone.page, 'profile-email-pending-390-dark');
    await expectAccessible(phone.page, 'profile e-mail pending 390 dark');
    await phone.page.getByTestId('email-change-cancel').click();
    await phone.page.getByTestId('email-change-new').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it("shows who opened a file's signed links on the file's detail", async () => {
    const api = await apiAs(server.url, server.admin.email, server.admin.password);
    const file = await api.post('/api/admin/file/create-via-data', {
      name: 'site-plan.txt',
      content: 'plan',
      encoding: 'text',
      folder: '',
    });
    const signed = await api.post('/api/admin/file/signed-url', { path: file.path, ttl: 3600, payload: { note: '給監造單位' } });
    const opened = await fetch(onServer(signed.url), { headers: { 'user-agent': CHROME } });
    expect(opened.status).toBe(200);

    for (const [width, context] of [
      [1440, {}],
      [390, dark],
    ] as const) {
      const { context: ctx, page, errors } = await signedInPage(browser, server.url, server.admin, { width, height: 844, context });
      await page.goto(`${server.url}/admin/file`);
      const row = page.getByTestId('file-table').locator('tr', { hasText: 'site-plan.txt' });
      if (width < 600) {
        await row.getByTestId('file-more').click();
        await page.getByRole('menuitem', { name: '詳細資料' }).click();
      } else {
        await row.getByTestId('file-detail').click();
      }
      const detail = page.getByTestId('file-opens');
      await detail.waitFor();
      expect(await detail.innerText()).toContain('Chrome 131 · Windows');
      expect(await detail.innerText()).toContain('給監造單位');
      await shot(page, `file-detail-${width}`);
      await expectAccessible(page, `file detail ${width} ${width < 600 ? 'dark' : 'light'}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('a member changes password and e-mail on the website profile', async () => {
    // Signed up and confirmed through the website's API (website.e2e.test.ts walks those pages).
    const fingerprint = { 'x-fingerprint': 'e2e-member', 'content-type': 'application/json' };
    await fetch(`${server.url}/api/member/account/sign-up`, {
      method: 'POST',
      headers: fingerprint,
      body: JSON.stringify({ email: member.email, password: member.password, name: member.name }),
    });
    const confirm = /\/member\/confirm\?token=[\w%-]+/.exec((await mailbox.next(member.email, 30_000)).text ?? '')![0];

    const { context, page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/site${confirm}`);
    await page.getByRole('button', { name: '確認並登入' }).click();
    await page.getByRole('heading', { level: 1, name: '會員資料' }).waitFor();
    await shot(page, 'site-profile-390');
    await expectAccessible(page, 'website profile 390 light');

    // Password: the current one is asked.
    await page.locator('#f-current_password').fill('wrong-one');
    await page.locator('#f-password').fill('Member#2027');
    await page.getByRole('button', { name: '變更密碼' }).click();
    await page.getByText('密碼不正確').first().waitFor();
    await page.locator('#f-current_password').fill(member.password);
    await page.locator('#f-password').fill('Member#2027');
    await page.getByRole('button', { name: '變更密碼' }).click();
    await page.getByText('密碼已變更').waitFor();

    // E-mail: a code to the new address; the mail's link fills it in, the button confirms.
    const next = 'site.member.new@example.com';
    await page.locator('#f-new-email').fill(next);
    await page.locator('#f-email-current_password').fill('Member#2027');
    await page.getByRole('button', { name: '寄送確認碼' }).click();
    await page.getByText(`等待確認：${next}`).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'site-profile-pending-390');
    await expectAccessible(page, 'website profile pending 390 light');
    const link = /https?:\/\/\S+\/member\/profile\?email_code=\d{6}/.exec((await mailbox.next(next, 30_000)).text ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(onServer(link!));
    await page.getByRole('button', { name: '確認變更' }).click();
    await page.getByText('電子郵件已變更').waitFor();
    await page.getByText(next, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // The profile at 1440 in dark, signed in with the new address and password.
    const wide = await openPage(browser, { width: 1440, context: dark });
    await wide.page.goto(`${server.url}/site/member/sign-in`);
    await wide.page.locator('#f-email').fill(next);
    await wide.page.locator('#f-password').fill('Member#2027');
    await wide.page.getByRole('button', { name: '登入', exact: true }).click();
    await wide.page.getByRole('heading', { level: 1, name: '會員資料' }).waitFor();
    await shot(wide.page, 'site-profile-1440-dark');
    await expectAccessible(wide.page, 'website profile 1440 dark');
    await wide.context.close();
  });
});
