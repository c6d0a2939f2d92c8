import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  expectAccessible,
  noSideScroll,
  openDatabase,
  openPage,
  seedAdmin,
  shot as screenshot,
  signIn,
  startFlow,
  type TestServer,
} from './harness.ts';
import type { SmtpCatcher } from '../apps/server/test/smtp-catcher.ts';

// Issue 12: a member signs up on the website and confirms the e-mail; a ROLE_MEMBER admin finds the
// member, disables it (its browsers are signed out at once), enables it, mails a password reset and
// logs one of its browsers out, at 1440 and 390 px. The mails come through a real SMTP server on loopback.
const manager = { email: 'member.manager@example.com', password: 'Manager#2026', name: '會員管理員' };
const member = { email: 'lin.member@example.com', password: 'Member#2026', name: '林會員' };
const pending = { email: 'pending.member@example.com', password: 'Pending#2026', name: '待確認會員' };
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: TestServer;
let browser: Browser;
let mailbox: SmtpCatcher;
let memberId: number;

/** A website browser of the member: its fingerprint and user agent, as the site's pages would send them. */
function siteBrowser(userAgent: string) {
  const fingerprint = `site-${Math.random().toString(36).slice(2)}`;
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const r = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'user-agent': userAgent,
        'x-fingerprint': fingerprint,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  return {
    call,
    async login(): Promise<string> {
      const r = await call('POST', '/api/member/account/login', { email: member.email, password: member.password });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.token;
    },
    profileStatus: async (token: string) => (await call('GET', '/api/member/account/profile', undefined, token)).status,
  };
}

/** The token of a member-link mail (`/member/confirm?token=…`, `/member/reset-password?token=…`). */
const linkToken = (text: string | undefined, page: 'confirm' | 'reset-password') => {
  const m = new RegExp(`/member/${page}\\?token=([\\w%-]+)`).exec(text ?? '');
  expect(m, text).not.toBeNull();
  return decodeURIComponent(m![1]!);
};

beforeAll(async () => {
  ({ server, browser, mailbox } = await startFlow({ mail: true }));
  await seedAdmin(server.dataDir, { ...manager, roles: ['ROLE_MEMBER'] });
});

const newPage = (width: number, height = 900) => openPage(browser, { width, height });
const shot = (page: Page, name: string) => screenshot(page, `member-${name}`);
/** The open confirmation dialog; `done` waits until it has closed (its animation included) before the next one. */
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm:visible');
const closed = (page: Page) => page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });

describe('members of the website', () => {
  it('a member signs up on the site and confirms the e-mail; another never confirms', async () => {
    const chrome = siteBrowser(CHROME);
    for (const m of [member, pending]) {
      const r = await chrome.call('POST', '/api/member/account/sign-up', { ...m, locale: 'zh-TW' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const mail = await mailbox.next(member.email, 30_000);
    const confirmed = await chrome.call('POST', '/api/member/account/confirm', { token: linkToken(mail.text, 'confirm') });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    memberId = confirmed.body.member.id;
    expect(await chrome.profileStatus(confirmed.body.token)).toBe(200);
    // The member also linked Google and LINE (the OAuth round trip is line-sign-in.e2e's subject).
    const db = openDatabase(server.dataDir);
    try {
      const insert = db.prepare(
        'INSERT INTO member_identities (member_id, provider, subject, email, name, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, NULL)',
      );
      for (const provider of ['google', 'line'])
        insert.run(memberId, provider, `${provider}-subject-1`, member.email, member.name, new Date().toISOString());
    } finally {
      db.close();
    }
  });

  it('a member manager finds the member, disables it (signed out at once), enables it, mails a reset and logs a browser out', async () => {
    const chrome = siteBrowser(CHROME);
    const iphone = siteBrowser(IPHONE);
    const chromeToken = await chrome.login();
    const iphoneToken = await iphone.login();

    const { context, page, errors } = await newPage(1440);
    await signIn(page, server.url, manager.email, manager.password);
    const menu = page.getByTestId('admin-menu');
    await menu.getByText('網站內容').click();
    await menu.getByText('會員').click();
    await page.waitForURL(`${server.url}/admin/member`);
    const table = page.getByTestId('member-table');
    await table.locator('tr.ant-table-row').filter({ hasText: pending.email }).getByText('未確認').waitFor();
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(2);
    const linRow = table.locator('tr.ant-table-row').filter({ hasText: member.email });
    await linRow.getByTestId('member-provider-google').waitFor();
    await linRow.getByTestId('member-provider-line').waitFor();
    await shot(page, 'list-1440');
    await expectAccessible(page, 'member list 1440 zh-TW');

    // Filters: sign-in by LINE leaves the one member; clearing them brings both back.
    await page.getByTestId('filter-provider').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'LINE' }).click();
    await page.waitForURL(/provider=line/);
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(1);
    await page.getByRole('button', { name: '清除條件' }).click();
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(2);

    // Find by keyword (the name), disable through the batch action, which asks first naming the member.
    await page.getByPlaceholder('搜尋電子郵件或姓名').fill('林會員');
    await page.getByPlaceholder('搜尋電子郵件或姓名').press('Enter');
    await page.waitForURL(/keyword=/);
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(1);
    const row = table.locator('tr.ant-table-row').filter({ hasText: member.email });
    await row.getByText('啟用').waitFor();
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-disable').click();
    await confirmDialog(page).locator('.ant-modal-confirm-title').getByText('確定停用 1 位會員？').waitFor();
    await confirmDialog(page).getByText(`${member.name} <${member.email}>`).waitFor();
    await confirmDialog(page).getByTestId('confirm-ok').click();
    await closed(page);
    await row.getByText('停用').waitFor();
    expect(await chrome.profileStatus(chromeToken)).toBe(401);
    expect(await iphone.profileStatus(iphoneToken)).toBe(401);
    expect((await chrome.call('POST', '/api/member/account/login', { email: member.email, password: member.password })).status).toBe(401);

    // Enable it again on its update screen (the status field of the form).
    await row.getByRole('link', { name: member.email }).click();
    await page.waitForURL(`${server.url}/admin/member/${memberId}/update`);
    await page.getByTestId('member-detail').waitFor();
    await page.getByTestId('member-reset-password').and(page.locator('[disabled]')).waitFor();
    await page.locator('.ant-form-item').filter({ hasText: '狀態' }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '啟用' }).click();
    await page.getByTestId('form-submit').click();
    await page.getByText('已儲存').first().waitFor();
    await page.getByTestId('member-detail').locator('.ant-tag').filter({ hasText: '啟用' }).waitFor();
    const laterToken = await iphone.login();
    expect(await iphone.profileStatus(laterToken)).toBe(200);

    // A password reset mail, after a confirmation; the message names where it went.
    await page.getByTestId('member-reset-password').click();
    await confirmDialog(page).getByText(member.email).waitFor();
    await page.getByTestId('member-reset-ok').click();
    await page.getByText(`已寄送重設密碼信到 ${member.email}`).waitFor();
    await closed(page);
    const reset = await mailbox.next(member.email, 30_000);
    expect(linkToken(reset.text, 'reset-password')).toBeTruthy();

    // The devices: three browsers; the disable logged them out, the iPhone signed in again since (the
    // same browser, so the same device) and is logged out here.
    const devices = page.getByTestId('member-device');
    await page.reload();
    await expect.poll(() => devices.count()).toBe(3);
    const active = devices.filter({ has: page.locator('.ant-tag', { hasText: '使用中' }) });
    await expect.poll(() => active.count()).toBe(1);
    await expect.poll(() => devices.filter({ has: page.locator('.ant-tag', { hasText: '已登出' }) }).count()).toBe(2);
    await active.getByText('Safari · iOS').waitFor();
    await shot(page, 'detail-1440');
    await expectAccessible(page, 'member detail 1440 zh-TW');
    await active.getByRole('button', { name: '登出此裝置' }).click();
    await confirmDialog(page)
      .getByText(/Safari · iOS/)
      .waitFor();
    await page.getByTestId('member-device-logout-ok').click();
    await page.getByText('已登出此裝置').first().waitFor();
    await closed(page);
    await expect.poll(() => active.count()).toBe(0);
    expect(await iphone.profileStatus(laterToken)).toBe(401);
    // The audit log is a super admin's screen: a member manager gets no link to it.
    expect(await page.getByTestId('member-audit-link').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a 390 px phone; a super admin follows the link to the member’s audit entries', async () => {
    const { context, page, errors } = await newPage(390, 844);
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin/member`);
    await page.getByTestId('member-table').locator('tr.ant-table-row').first().waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'list-390');
    await expectAccessible(page, 'member list 390 zh-TW');
    await page.getByTestId('member-table').getByRole('link', { name: member.email }).click();
    await page.waitForURL(`${server.url}/admin/member/${memberId}/update`);
    await page.getByTestId('member-device').first().waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'detail-390');
    await expectAccessible(page, 'member detail 390 zh-TW');
    await page.getByTestId('member-audit-link').click();
    await page.waitForURL(/\/admin\/audit-log\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('target_type')).toBe('member');
    expect(url.searchParams.get('target_id')).toBe(String(memberId));
    await page.getByText('寄送重設密碼信').first().waitFor();
    await page.getByText('登出裝置').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
