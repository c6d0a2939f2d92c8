import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiAs,
  expectAccessible,
  noSideScroll,
  ROOT,
  seedAdmin,
  seedOrganization,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
} from './harness.ts';

// Issue 26, point 2: the first super admin's first week without a 403, the super admins' mail group,
// and a refusal that says which role is missing and who grants it, in the user's language.
let server: TestServer;
let browser: Browser;
let workerId: number;
const plainSuper = { email: 'plain.super@example.com', password: 'Plain#Super1' };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const orgId = seedOrganization(server.dataDir, { name: '大安營造', companyId: '24681357', uid: 'daan' });
  // The first super admin is a member of no organization; it acts in any one.
  const first = await apiAs(server.url, server.admin.email, server.admin.password);
  await first.inOrganization(orgId);
  workerId = (await first.post('/api/admin/organization/staff', { name: '王大明', birthday: '1990-05-06', job_title: '領班' })).id;
  // A super admin made later, by hand, without the company-wide roles.
  await seedAdmin(server.dataDir, { ...plainSuper, name: 'Plain Super', roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
});

const png = async () => {
  const sharp = createRequire(join(ROOT, 'apps/server/package.json'))('sharp') as typeof import('sharp').default;
  return sharp({ create: { width: 640, height: 360, channels: 3, background: '#2f7d4f' } })
    .png()
    .toBuffer();
};

/** Opens a menu entry of a group: the group first (its label), then the entry. */
async function openFromMenu(page: Page, scope: string, group: string, entry: string) {
  const menu = page.locator(scope);
  await menu.getByText(group, { exact: true }).click();
  await menu.getByText(entry, { exact: true }).click();
}

describe('the owner and the roles', () => {
  it('the first super admin uploads a photo, reads compliance and opens a worker, and finds mail in its own menu group (1440, zh-TW)', async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, server.admin, { width: 1440 });
    await page.goto(`${server.url}/admin/photo`);
    await page.getByTestId('photo-file-input').setInputFiles({ name: '工地.png', mimeType: 'image/png', buffer: await png() });
    await page.getByTestId('photo-card').first().waitFor();
    await shot(page, 'roles-photo-uploaded-1440-zh');

    await page.goto(`${server.url}/admin/organization?org=daan`);
    await page.getByTestId('compliance-table').waitFor();
    expect(await page.getByText('您沒有權限').count()).toBe(0);
    await shot(page, 'roles-organization-compliance-1440-zh');

    await page.goto(`${server.url}/admin/staff/${workerId}/update`);
    await expect.poll(() => page.locator('#name').inputValue()).toBe('王大明');
    await shot(page, 'roles-worker-detail-1440-zh');
    await expectAccessible(page, 'worker detail 1440 zh-TW');

    await openFromMenu(page, '[data-testid="admin-menu"]', '郵件', '郵件範本');
    await page.waitForURL(`${server.url}/admin/mail/template`);
    await page.getByRole('heading', { name: '郵件範本' }).first().waitFor();
    await shot(page, 'roles-mail-templates-1440-zh');
    await expectAccessible(page, 'mail templates 1440 zh-TW');
    await page.locator('[data-testid="admin-menu"]').getByText('寄件匣', { exact: true }).click();
    await page.waitForURL(`${server.url}/admin/mail/outbox`);
    await page.getByRole('heading', { name: '寄件匣' }).first().waitFor();
    await shot(page, 'roles-mail-outbox-1440-zh');

    // The reminders setting (off by default) and what the Google switch does, on the app settings.
    await page.goto(`${server.url}/admin/app-settings`);
    await page.getByText('證照提醒寄給人員管理角色').waitFor();
    expect(await page.locator('#certificateRemindersToStaffManagers').getAttribute('aria-checked')).toBe('false');
    await page.getByText('關閉後，管理員無法以 Google 登入或連結 Google 帳號').waitFor();
    await shot(page, 'roles-app-settings-1440-zh');
    await expectAccessible(page, 'app settings 1440 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the mail group's outbox from the phone's menu, in the dark (390, en-US)", async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, server.admin, {
      width: 390,
      height: 844,
      language: 'en-US',
      context: { isMobile: true, hasTouch: true, colorScheme: 'dark' },
    });
    await page.getByTestId('menu-open').click();
    await openFromMenu(page, '.admin-drawer .ant-drawer-body', 'Mail', 'Mail outbox');
    await page.waitForURL(`${server.url}/admin/mail/outbox`);
    await page.getByRole('heading', { name: 'Mail outbox' }).first().waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'roles-mail-outbox-390-en-dark');
    await expectAccessible(page, 'mail outbox 390 en-US dark');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a super admin without the staff role which role it needs and who grants it, in zh-TW (1440) and en-US (390)', async () => {
    const zh = await signedInPage(browser, server.url, plainSuper, { width: 1440 });
    await zh.page.goto(`${server.url}/admin/staff/${workerId}/update?org=daan`);
    await zh.page.getByText('糟糕，發生錯誤（403）').waitFor();
    await zh.page
      .getByText(
        '您沒有權限執行此操作：需要「人員管理」、「人員檢視」、「人員編輯」或「子帳號管理員」角色，請洽超級管理員或子帳號管理員授予。',
      )
      .waitFor();
    await shot(zh.page, 'roles-refusal-1440-zh');
    await expectAccessible(zh.page, 'role refusal 1440 zh-TW');
    expect(zh.errors).toEqual([]);
    await zh.context.close();

    const en = await signedInPage(browser, server.url, plainSuper, {
      width: 390,
      height: 844,
      language: 'en-US',
      context: { colorScheme: 'dark' },
    });
    await en.page.goto(`${server.url}/admin/staff/${workerId}/update?org=daan`);
    await en.page
      .getByText(
        'You do not have permission to do this: it needs the Staff manager, Staff reader, Staff editor, or Organization admin role, which a Super admin or Organization admin can grant.',
      )
      .waitFor();
    expect(await en.page.getByText('您沒有權限').count()).toBe(0);
    expect(await noSideScroll(en.page)).toBe(true);
    await shot(en.page, 'roles-refusal-390-en-dark');
    await expectAccessible(en.page, 'role refusal 390 en-US dark');
    expect(en.errors).toEqual([]);
    await en.context.close();
  });
});
