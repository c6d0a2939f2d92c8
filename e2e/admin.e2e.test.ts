import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, expectAccessible, openPage, shot, signIn, startFlow, type TestServer, waitForSettled } from './harness.ts';
import type { SmtpCatcher } from '../apps/server/test/smtp-catcher.ts';

/**
 * Issue flow: a super admin creates an organization and an admin in it; that admin signs in,
 * changes the initial password and sees only what its roles allow; each step is in the audit log.
 */
let server: TestServer;
let browser: Browser;
const newAdmin = { email: 'gamma.admin@example.com', name: 'Gamma Admin', next: 'Gamma#2026' };
let mailbox: SmtpCatcher;

beforeAll(async () => {
  ({ server, browser, mailbox } = await startFlow({ mail: true }));
});

const newPage = (width = 1280, height = 800) => openPage(browser, { width, height });

/** Picks an option of an antd Select by its visible text. */
async function choose(page: Page, select: ReturnType<Page['locator']>, text: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

describe('admins and organizations', () => {
  it('creates an organization, then an admin in it, invited by mail', async () => {
    const { context, page, errors } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);

    await page.goto(`${server.url}/admin/admin-organization/create`);
    await page.getByTestId('organization-name').fill('Gamma Works');
    await page.getByTestId('organization-company-id').fill('87654321');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/admin\/admin-organization\/\d+\/update$/);
    await page.getByText('Gamma Works (87654321)').first().waitFor();
    // The header's organization switcher follows at once.
    await page.getByTestId('organization-switcher').getByText('Gamma Works (87654321)').waitFor();
    await shot(page, 'admin-organization-update');
    await expectAccessible(page, 'organization form 1280 zh-TW');

    await page.goto(`${server.url}/admin/admin-organization`);
    await page.getByTestId('organization-table').getByText('Gamma Works (87654321)').waitFor();
    await shot(page, 'admin-organization-list');
    await expectAccessible(page, 'organizations 1280 zh-TW');

    await page.goto(`${server.url}/admin/admin/create`);
    // Client rules come from the shared schema: an empty form is refused with the spec's keys.
    await page.getByTestId('form-submit').click();
    await page.getByText('此欄位為必填').first().waitFor();
    await page.getByTestId('admin-email').fill(newAdmin.email);
    await page.getByTestId('admin-name').fill(newAdmin.name);
    await page.getByTestId('admin-roles').getByText('基本管理員').click();
    await page.getByTestId('membership-add').click();
    await choose(page, page.getByTestId('membership-0').locator('.ant-select'), 'Gamma Works (87654321)');
    await page.getByTestId('membership-0').getByText('子帳號管理員').click();
    await shot(page, 'admin-create-form');
    await expectAccessible(page, 'admin form 1280 zh-TW');
    await page.getByTestId('form-submit').click();
    const notice = page.getByTestId('password-mail-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(newAdmin.email);
    await shot(page, 'admin-created-invitation-sent');
    await page.locator('.ant-modal-confirm-btns button').click();
    await page.waitForURL(/\/admin\/admin\/\d+\/update$/);

    await page.goto(`${server.url}/admin/admin?keyword=gamma`);
    await page.getByTestId('admin-table').getByText(newAdmin.name).waitFor();
    expect(page.url()).toContain('keyword=gamma');
    await shot(page, 'admin-list-filtered');
    await expectAccessible(page, 'admins 1280 zh-TW');

    // Disabling locks people out: the batch action asks first, naming the admins; cancel keeps them.
    const row = page.getByTestId('admin-table').locator('tr').filter({ hasText: newAdmin.email });
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-disable').click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.locator('.ant-modal-confirm-title').getByText('確定停用 1 位管理員？').waitFor();
    await confirm.getByText(`${newAdmin.name} <${newAdmin.email}>`).waitFor();
    await shot(page, 'admin-batch-disable-confirm');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.textContent()).toContain('啟用');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the new admin sets a password from the invitation mail and sees only what its roles allow', async () => {
    const { context, page, errors } = await newPage();
    const invitation = await mailbox.next(newAdmin.email, 30_000);
    expect(invitation.subject).toContain('邀請');
    const link = /https?:\/\/\S+send-reset-password-email\?token=[\w%-]+/.exec(invitation.text ?? '')![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByText('歡迎加入，Gamma Admin').waitFor();
    await shot(page, 'new-admin-invitation-set-password');
    await page.getByTestId('new-password').fill(newAdmin.next);
    await page.getByTestId('confirm-password').fill(newAdmin.next);
    await page.getByTestId('set-password-submit').click();
    await page.getByTestId('go-sign-in').click();
    await page.locator('#email').fill(newAdmin.email);
    await page.locator('#password').fill(newAdmin.next);
    await page.getByTestId('sign-in-submit').click();
    await page.waitForURL(`${server.url}/admin`);
    await page.locator('.page-header').waitFor();

    const menu = page.getByTestId('admin-menu');
    await menu.waitFor();
    const text = await menu.textContent();
    expect(text).toContain('組織'); // own organization (SUB_ACCOUNT_ROLE_ADMIN)
    expect(text).not.toContain('稽核'); // audit log: super admin only
    await shot(page, 'new-admin-overview');

    await page.goto(`${server.url}/admin/organization`);
    await page.getByText('Gamma Admin').first().waitFor();
    await shot(page, 'new-admin-own-organization');
    // An organization admin edits its members (admin/{target}/update), within its organization only.
    await page.locator('.organization-page').getByRole('link', { name: 'Gamma Admin' }).click();
    await page.waitForURL(/\/admin\/admin\/\d+\/update$/);
    await page.getByTestId('admin-form').waitFor();
    expect(await page.getByTestId('admin-roles').count()).toBe(0);
    await shot(page, 'new-admin-edits-member');
    // Without the roles field the save leaves roles out (the server keeps them) and goes through.
    const memberId = Number(/\/admin\/admin\/(\d+)\/update$/.exec(page.url())![1]);
    await page.getByTestId('admin-name').fill('Gamma Lead');
    await page.getByTestId('form-submit').click();
    await page.getByText('已儲存').first().waitFor();
    newAdmin.name = 'Gamma Lead';
    const superApi = await apiAs(server.url, server.admin.email, server.admin.password);
    const saved = await superApi.get<{ name: string; roles: string[] }>(`/api/admin/admin/${memberId}`);
    expect(saved).toMatchObject({ name: 'Gamma Lead', roles: ['ROLE_BASE'] });

    await page.goto(`${server.url}/admin/audit-log`);
    await page.getByText('403').first().waitFor();
    await shot(page, 'new-admin-audit-log-refused');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds each step in the audit log, with a field-by-field diff and exports', async () => {
    const { context, page, errors } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin/audit-log?target_type=organization`);
    const table = page.getByTestId('audit-table');
    await table.locator('tbody tr').filter({ hasText: '組織 Gamma Works' }).first().waitFor();
    await shot(page, 'audit-log-organizations');
    await expectAccessible(page, 'audit log 1280 zh-TW');

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/admin/audit-log?target_type=admin&action=create`);
    await table
      .locator('tbody tr')
      .filter({ hasText: `<${newAdmin.email}>` })
      .first()
      .waitFor();
    await table.getByRole('button', { name: '查看' }).first().click();
    const drawer = page.getByTestId('audit-detail');
    await drawer.getByText(newAdmin.email).first().waitFor();
    expect(page.url()).toMatch(/entry=\d+/);
    await drawer.getByTestId('audit-diff').waitFor();
    await shot(page, 'audit-log-detail');
    await expectAccessible(page, 'audit log detail drawer 1440 zh-TW');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/admin/audit-log?action=reset_password_by_mail`);
    await table.locator('tbody tr').filter({ hasText: newAdmin.email }).first().waitFor();
    await page.goto(`${server.url}/admin/audit-log?action=login`);
    await table.locator('tbody tr').filter({ hasText: newAdmin.email }).first().waitFor();
    await shot(page, 'audit-log-logins');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('acts as the new admin from the admin list, then goes back to the original account', async () => {
    const { context, page, errors } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin/admin?keyword=${encodeURIComponent(newAdmin.email)}`);
    const row = page.locator('tr').filter({ hasText: newAdmin.email });
    await row.locator('[data-testid^="admin-more-"]').click();
    await page.locator('.ant-dropdown:visible').getByText('切換為此帳號').click();
    await page.locator('.ant-modal-confirm:visible .ant-btn-primary').click();
    await page.waitForURL(/\/admin$/);
    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText(`您正以 ${newAdmin.name} 的身分操作`).waitFor();
    await shot(page, 'admin-acting-as');
    // Acting as a ROLE_BASE admin: the super-admin screens are refused.
    await page.goto(`${server.url}/admin/audit-log`);
    await page.getByText('403').first().waitFor();

    await page.getByTestId('switch-back').click();
    await page.waitForURL(/\/admin\/admin$/);
    await banner.waitFor({ state: 'detached' });
    // Both the switch and what was done meanwhile are in the audit log.
    await page.goto(`${server.url}/admin/audit-log?action=switch_account`);
    await page.locator('.ant-table-row').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('manages admin groups once the adminGroup flag is switched on', async () => {
    const api = await apiAs(server.url, server.admin.email, server.admin.password);
    await api.put('/api/admin/app-config/app/update', { adminGroup: true });
    const { context, page, errors } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin/admin-group`);
    await page.locator('.page-header').waitFor();
    await page.getByRole('button', { name: '新增群組' }).first().click();
    await page.getByTestId('group-name').fill('Photographers');
    await page.locator('.ant-modal').getByText('相片管理').click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.waitForURL(/\/admin\/admin-group\/\d+\/update$/);
    await page.getByTestId('group-name').waitFor();
    await shot(page, 'admin-group-update');
    await page.goto(`${server.url}/admin/admin-group`);
    await page.getByText('Photographers').first().waitFor();
    await shot(page, 'admin-group-list');
    await expectAccessible(page, 'admin groups 1280 zh-TW');
    expect(errors).toEqual([]);
    await api.put('/api/admin/app-config/app/update', { adminGroup: false });
    await context.close();
  });

  it('is usable at 390 px phone width', async () => {
    const { context, page, errors } = await newPage(390, 844);
    await signIn(page, server.url, server.admin.email, server.admin.password);
    for (const [path, name] of [
      ['/admin/admin', 'phone-admin-list'],
      ['/admin/admin/create', 'phone-admin-create'],
      ['/admin/audit-log', 'phone-audit-log'],
      ['/admin/admin-organization', 'phone-organization-list'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.locator('.page-header').waitFor();
      await waitForSettled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await shot(page, name);
      await expectAccessible(page, `${name} 390 zh-TW`);
    }
    // On a phone a tap on the row opens the entry; the drawer takes the whole width.
    await page.goto(`${server.url}/admin/audit-log?action=create`);
    await page.getByTestId('audit-table').locator('tbody tr.ant-table-row').first().locator('td').first().click();
    await page.getByTestId('audit-diff').waitFor();
    await shot(page, 'phone-audit-detail');
    await expectAccessible(page, 'audit log detail drawer 390 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });
});
