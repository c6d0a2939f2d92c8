import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, expectAccessible, seedAdmin, seedOrganization, shot, signIn, startFlow, type TestServer } from './harness.ts';

let server: TestServer;
let browser: Browser;
let staffId: number;
let orgId: number;
const writer = { email: 'unsaved.writer@example.com', password: 'Writer#12345' };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const writerId = await seedAdmin(server.dataDir, { ...writer, name: 'Staff Writer', roles: [] });
  orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    uid: 'daan',
    members: [{ adminId: writerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }],
  });
  seedOrganization(server.dataDir, {
    name: '信義工程',
    uid: 'xinyi',
    members: [{ adminId: writerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }],
  });
  const api = await apiAs(server.url, writer.email, writer.password);
  await api.inOrganization(orgId);
  staffId = (await api.post('/api/admin/organization/staff', { name: '王大明', job_title: '領班' })).id;
});

async function openStaffForm(width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'zh-TW',
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((id) => {
    if (!localStorage.getItem('active_organization')) localStorage.setItem('active_organization', String(id));
  }, orgId);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, server.url, writer.email, writer.password);
  await page.goto(`${server.url}/admin/staff/${staffId}/update`);
  await page.getByTestId('staff-name-input').waitFor();
  await expect.poll(() => page.getByTestId('staff-name-input').inputValue()).not.toBe('');
  return { context, page, errors };
}

/** The menu entry, in the sidebar on a desktop and in the drawer on a phone. */
async function clickMenu(page: Page, label: string, phone: boolean) {
  if (phone) {
    await page.getByTestId('menu-open').click();
    await page.locator('.admin-drawer .ant-drawer-body').getByText(label, { exact: true }).click();
  } else {
    await page.getByTestId('admin-menu').getByText(label, { exact: true }).click();
  }
}

const confirmDialog = (page: Page) => page.locator('.unsaved-changes-confirm .ant-modal-confirm');

describe('unsaved changes', () => {
  for (const [width, height, phone] of [
    [1440, 900, false],
    [390, 844, true],
  ] as const) {
    it(`asks before the menu leaves an edited staff form; stay keeps the edit, leave goes (${width} px)`, async () => {
      const { context, page, errors } = await openStaffForm(width, height);
      const updateUrl = `${server.url}/admin/staff/${staffId}/update`;

      // Untouched: the menu leaves at once. Then back to the form inside the app (overview → staff → the
      // record), so Back below stays in the app.
      await clickMenu(page, '總覽', phone);
      await page.waitForURL(`${server.url}/admin`);
      await page
        .getByTestId('overview-tile')
        .filter({ hasText: /^人員$/ })
        .click();
      await page.getByTestId('staff-name').first().click();
      await page.waitForURL(updateUrl);
      await expect.poll(() => page.getByTestId('staff-name-input').inputValue()).not.toBe('');

      await page.getByTestId('staff-name-input').fill('王大明（未儲存）');
      await clickMenu(page, '總覽', phone);
      await confirmDialog(page).locator('.ant-modal-confirm-title', { hasText: '有尚未儲存的變更' }).waitFor();
      await shot(page, `unsaved-prompt-${width}`);
      await expectAccessible(page, `unsaved-changes prompt ${width} zh-TW`);
      expect(page.url()).toBe(updateUrl);

      await page.getByTestId('unsaved-stay').click();
      await confirmDialog(page).waitFor({ state: 'detached' });
      expect(page.url()).toBe(updateUrl);
      expect(await page.getByTestId('staff-name-input').inputValue()).toBe('王大明（未儲存）');

      // The organization switcher asks too; staying keeps the organization.
      await page.getByTestId('organization-switcher').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '信義工程' }).click();
      await confirmDialog(page).locator('.ant-modal-confirm-title', { hasText: '有尚未儲存的變更' }).waitFor();
      await page.getByTestId('unsaved-stay').click();
      await confirmDialog(page).waitFor({ state: 'detached' });
      expect(await page.getByTestId('organization-switcher').innerText()).toContain('大安營造');

      // Back asks as well.
      await page.goBack();
      await confirmDialog(page).locator('.ant-modal-confirm-title', { hasText: '有尚未儲存的變更' }).waitFor();
      await page.getByTestId('unsaved-stay').click();
      await confirmDialog(page).waitFor({ state: 'detached' });
      expect(page.url()).toBe(updateUrl);

      await clickMenu(page, '總覽', phone);
      await page.getByTestId('unsaved-leave').click();
      await page.waitForURL(`${server.url}/admin`);
      await page.getByTestId('overview-organization').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('saving does not ask, and the saved form leaves freely', async () => {
    const { context, page } = await openStaffForm(1440, 900);
    await page.getByTestId('staff-name-input').fill('王大明二');
    await page.getByTestId('form-submit').click();
    await page.getByText('已儲存').first().waitFor();
    await page.getByTestId('admin-menu').getByText('總覽', { exact: true }).click();
    await page.waitForURL(`${server.url}/admin`);
    expect(await confirmDialog(page).count()).toBe(0);
    await context.close();
  });

  it('asks the browser before closing the tab with unsaved changes', async () => {
    const { context, page } = await openStaffForm(1440, 900);
    await page.getByTestId('staff-name-input').fill('未儲存');
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.accept().catch(() => {});
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
    await context.close().catch(() => {
      /* already gone with its last page */
    });
  });
});
