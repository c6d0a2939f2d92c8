import { networkInterfaces } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  expectAccessible,
  openPage,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  type TestServer,
  scrollToOverviewCards,
} from './harness.ts';

/**
 * Issue 42, walls 2 and 3, on an empty data folder without mail and without PUBLIC_URL, the server
 * listening on every address as `npm start` on an office PC does: the link an admin hands over opens
 * where she opened the back office (the PC's network address, not localhost); the overview says when
 * links name this computer only; 忘記密碼, the e-mail code and the website's sign-up say no mail can
 * leave instead of promising one; the outbox hands over each mail's link.
 */
const UNAVAILABLE_ZH = '本系統尚未設定寄信，請洽管理員。';
const UNAVAILABLE_EN = 'This system cannot send mail yet: please ask your administrator.';
const lanAddress =
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1';

let server: TestServer;
let browser: Browser;
let orgId: number;
let lanUrl: string;
const superAdmin = { email: 'links.super@example.com', password: 'Super#2026' };

beforeAll(async () => {
  ({ server, browser } = await startFlow({ env: { HOST: '0.0.0.0' }, ownAddresses: [lanAddress] }));
  lanUrl = `http://${lanAddress}:${new URL(server.url).port}`;
  const adminId = await seedAdmin(server.dataDir, { ...superAdmin, name: 'Links Super', roles: ['ROLE_SUPER_ADMIN'] });
  orgId = seedOrganization(server.dataDir, { name: 'Links Builders', members: [{ adminId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }] });
});

const open = (width: number, scheme: 'light' | 'dark', language: 'zh-TW' | 'en-US' = 'zh-TW') =>
  openPage(browser, {
    width,
    height: width < 600 ? 844 : 900,
    language,
    context: { colorScheme: scheme, permissions: ['clipboard-read', 'clipboard-write'] },
  });

describe('links and mail on an office PC without PUBLIC_URL or a mail server', () => {
  it('hands over an invitation link on the address the admin uses, and the outbox copies the same link', async () => {
    const { context, page, errors } = await open(1440, 'light');
    await context.addInitScript((id) => localStorage.setItem('active_organization', String(id)), orgId);
    await signIn(page, lanUrl, superAdmin.email, superAdmin.password);
    await page.goto(`${lanUrl}/admin/organization`);
    await page.getByTestId('member-invite').click();
    await page.getByTestId('member-email').fill('links.colleague@example.com');
    await page.getByTestId('member-name').fill('新同事');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    const link = await page.getByTestId('handover-link').inputValue();
    expect(link.startsWith(`${lanUrl}/send-reset-password-email?token=`), link).toBe(true);
    expect(link).not.toContain('localhost');
    await page.keyboard.press('Escape');

    await page.goto(`${lanUrl}/admin/mail/outbox`);
    await page.getByTestId('outbox-table').getByText('links.colleague@example.com').first().waitFor();
    await page.locator('[data-testid^="outbox-read-"]').first().click();
    const inOutbox = page.getByTestId('outbox-link-value');
    await inOutbox.waitFor();
    expect(await inOutbox.inputValue()).toBe(link);
    await shot(page, 'outbox-copy-link-1440-zh');
    await expectAccessible(page, 'outbox mail with its link 1440 zh-TW light');
    await page.getByTestId('outbox-copy-link').click();
    // On a plain-http LAN address the browser has no navigator.clipboard: the copy falls back, and says so.
    await page.getByText('複製成功').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says on the overview, at 390 px in dark mode, that links opened on 127.0.0.1 will not open elsewhere', async () => {
    const { context, page, errors } = await open(390, 'dark', 'en-US');
    await signIn(page, server.url, superAdmin.email, superAdmin.password);
    await scrollToOverviewCards(page);
    const warning = page.getByTestId('links-local');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Links open on this computer only');
    expect(await warning.textContent()).toContain(server.url);
    await shot(page, 'overview-links-local-390-en-dark');
    await expectAccessible(page, 'overview links warning 390 en-US dark');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells whoever forgot a password or asks for an e-mail code that no mail can leave, at 390 and 1440 px', async () => {
    for (const [width, scheme, language, words] of [
      [390, 'light', 'zh-TW', UNAVAILABLE_ZH],
      [1440, 'dark', 'en-US', UNAVAILABLE_EN],
    ] as const) {
      const { context, page, errors } = await open(width, scheme, language);
      await page.goto(`${lanUrl}/send-reset-password-email`);
      const notice = page.getByTestId('mail-unavailable');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(words);
      expect(await page.getByTestId('reset-mail-submit').count()).toBe(0);
      await shot(page, `forgot-password-no-mail-${width}-${language}-${scheme}`);
      await expectAccessible(page, `forgot password without mail ${width} ${language} ${scheme}`);

      await page.goto(`${lanUrl}/login-via-email-otp`);
      await page.getByTestId('mail-unavailable').waitFor();
      expect(await page.getByTestId('email-code-send').isVisible()).toBe(false);
      await expectAccessible(page, `e-mail code without mail ${width} ${language} ${scheme}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("tells a website member who signs up that no mail can leave, and the outbox hands over the member's link", async () => {
    const { context, page, errors } = await open(390, 'light');
    await page.goto(`${lanUrl}/site/member/sign-up`);
    await page.locator('input[name="name"]').fill('陳大文');
    await page.locator('input[name="email"]').fill('links.member@example.com');
    await page.locator('input[name="password"]').fill('Memb3r#2026');
    await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
    await page.getByText(UNAVAILABLE_ZH).waitFor();
    expect(await page.content()).not.toContain('請到信箱收取確認信');
    await shot(page, 'site-sign-up-no-mail-390-zh');
    await expectAccessible(page, 'website sign-up without mail 390 zh-TW');

    const admin = await open(1440, 'light');
    await signIn(admin.page, lanUrl, superAdmin.email, superAdmin.password);
    await admin.page.goto(`${lanUrl}/admin/mail/outbox`);
    await admin.page.getByTestId('outbox-table').getByText('links.member@example.com').first().waitFor();
    await admin.page.locator('[data-testid^="outbox-read-"]').first().click();
    const link = await admin.page.getByTestId('outbox-link-value').inputValue();
    expect(link.startsWith(`${lanUrl}/site/member/confirm?token=`), link).toBe(true);
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await context.close();
  });
});
