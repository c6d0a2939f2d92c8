import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAs, expectAccessible, openPage, seedAdmin, seedOrganization, shot, signIn, startFlow, type TestServer } from './harness.ts';
import type { SmtpCatcher } from '../apps/server/test/smtp-catcher.ts';

/**
 * Issue 14, points 2 and 6: an organization admin invites a colleague from 我的組織 (one-time password
 * shown once) and the colleague signs in with it; a company-wide staff manager who belongs to no
 * organization reads staff across organizations; an admin who prefers 民國 years sees them in lists.
 */
let server: TestServer;
let browser: Browser;
const orgAdmin = { email: 'delta.admin@example.com', password: 'Delta#2026' };
const staffManager = { email: 'staff.manager@example.com', password: 'Staff#2026' };

let mailbox: SmtpCatcher;

beforeAll(async () => {
  ({ server, browser, mailbox } = await startFlow({ mail: true }));
  const adminId = await seedAdmin(server.dataDir, { ...orgAdmin, name: 'Delta Admin', roles: [] });
  await seedAdmin(server.dataDir, { ...staffManager, name: 'Staff Manager', roles: ['ROLE_STAFF'] });
  const delta = seedOrganization(server.dataDir, {
    name: 'Delta Works',
    companyId: '24681357',
    members: [{ adminId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }],
  });
  const echo = seedOrganization(server.dataDir, { name: 'Echo Builders', members: [{ adminId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }] });
  const api = await apiAs(server.url, orgAdmin.email, orgAdmin.password);
  await api.post('/api/admin/organization/staff', {
    name: '王大明',
    job_title: '工地主任',
    hire_date: '2026-11-23',
    organization_id: delta,
  });
  await api.post('/api/admin/organization/staff', { name: '陳小華', job_title: '技術員', hire_date: '2024-02-29', organization_id: echo });
  await api.put('/api/admin/account/renew', { organization_id: delta });
});

/** The app's language is set once: a flow that switches it keeps the switch across reloads. */
async function newPage(width: number, language: 'zh-TW' | 'en-US') {
  const opened = await openPage(browser, { width, context: { locale: language } });
  await opened.context.addInitScript((lng) => {
    if (!localStorage.getItem('app_language')) localStorage.setItem('app_language', lng);
  }, language);
  return opened;
}

describe('organization members and staff across organizations', () => {
  it('an organization admin invites a colleague, who sets a password from the invitation mail', async () => {
    const { context, page, errors } = await newPage(1440, 'zh-TW');
    await signIn(page, server.url, orgAdmin.email, orgAdmin.password);
    await page.goto(`${server.url}/admin/organization`);
    await page.getByTestId('member-table').getByText('Delta Admin').waitFor();
    await page.getByTestId('member-invite').click();
    await page.getByTestId('member-email').fill('new.colleague@example.com');
    await page.getByTestId('member-name').fill('新同事');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    expect(await page.getByTestId('password-mail-notice').textContent()).toContain('new.colleague@example.com');
    // The invite dialog closes as the notice opens: capture the notice alone.
    await page
      .locator('.ant-modal')
      .filter({ has: page.getByTestId('member-email') })
      .waitFor({ state: 'hidden' });
    await shot(page, 'organization-members-invited-1440-zh');
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByTestId('member-table').getByText('新同事').waitFor();
    await page.getByTestId('member-table').getByText('尚未設定密碼').waitFor();
    await shot(page, 'organization-members-1440-zh');
    await expectAccessible(page, '我的組織 members 1440 zh-TW');
    await context.close();

    // The colleague opens the invitation's link on a phone, sets a password and signs in with it.
    const mail = await mailbox.next('new.colleague@example.com', 30_000);
    const link = /https?:\/\/\S+send-reset-password-email\?token=[\w%-]+/.exec(mail.text ?? '')![0];
    const second = await newPage(390, 'en-US');
    await second.page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await second.page.getByTestId('new-password').fill('Colleague#2026');
    await second.page.getByTestId('confirm-password').fill('Colleague#2026');
    await shot(second.page, 'invitation-set-password-390-en');
    await second.page.getByTestId('set-password-submit').click();
    await second.page.getByTestId('go-sign-in').waitFor();
    await signIn(second.page, server.url, 'new.colleague@example.com', 'Colleague#2026');
    await second.context.close();
    expect(errors).toEqual([]);
  });

  it('the members screen fits a phone, in English', async () => {
    const { context, page, errors } = await newPage(390, 'en-US');
    await signIn(page, server.url, orgAdmin.email, orgAdmin.password);
    await page.goto(`${server.url}/admin/organization`);
    await page.getByTestId('member-table').getByText('Delta Admin').waitFor();
    await shot(page, 'organization-members-390-en');
    await expectAccessible(page, '我的組織 members 390 en-US');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('a company-wide staff manager of no organization reads staff across organizations, read-only', async () => {
    for (const [width, language] of [
      [1440, 'zh-TW'],
      [390, 'en-US'],
    ] as const) {
      const { context, page, errors } = await newPage(width, language);
      await signIn(page, server.url, staffManager.email, staffManager.password);
      await page.goto(`${server.url}/admin/staff`);
      await page.getByTestId('staff-table').getByText('王大明').waitFor();
      await page.getByTestId('staff-table').getByText('陳小華').waitFor();
      await page.getByTestId('staff-table').getByText('Delta Works (24681357)').waitFor();
      expect(await page.getByTestId('staff-create').count()).toBe(0);
      await shot(page, `staff-across-organizations-${width}-${language === 'zh-TW' ? 'zh' : 'en'}`);
      await expectAccessible(page, `read-only staff list ${width} ${language}`);
      await context.close();
      expect(errors).toEqual([]);
    }
  });

  it('an admin who prefers 民國 years sees them in the staff list after saving the profile', async () => {
    const { context, page, errors } = await newPage(1440, 'zh-TW');
    await signIn(page, server.url, orgAdmin.email, orgAdmin.password);
    await page.goto(`${server.url}/admin/profile`);
    await page.getByTestId('profile-date-calendar').getByText('民國（115/11/23）').click();
    await page.locator('.profile-page button[type=submit]').first().click();
    await page.getByText('已儲存').first().waitFor();
    await shot(page, 'profile-date-calendar-1440-zh');
    await expectAccessible(page, 'profile 1440 zh-TW');
    await page.goto(`${server.url}/admin/staff`);
    await page.getByTestId('staff-table').getByText('115/11/23').waitFor();
    await shot(page, 'staff-roc-dates-1440-zh');
    // The staff form's date picker shows the same day in 民國 years and takes one typed that way.
    await page.getByTestId('staff-name').first().click();
    const hireDate = page.locator('#hire_date');
    await expect.poll(() => hireDate.inputValue()).toBe('115/11/23');
    await hireDate.click();
    await hireDate.fill('民國114年1月2日');
    await hireDate.press('Enter');
    await expect.poll(() => hireDate.inputValue()).toBe('114/01/02');
    await shot(page, 'staff-form-roc-picker-1440-zh');
    await context.close();
    expect(errors).toEqual([]);
  });
});
