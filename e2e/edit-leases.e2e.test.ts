import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, expectAccessible, seedAdmin, seedOrganization, shot, signIn, startFlow, type TestServer } from './harness.ts';

/**
 * Issue 36 section 2, as two people in one office: 王小明 has 王大明's record open; 林經理 opens the
 * same record, sees 「王小明 正在編輯（…起）」 on the form (and the pencil in the list); 王小明 saves and the
 * banner leaves 林經理's window on its next heartbeat (shortened to 400 ms here).
 */
let server: TestServer;
let browser: Browser;
let staffId: number;
let orgId: number;
const wang = { email: 'lease.wang@example.com', password: 'Wang#123456' };
const lin = { email: 'lease.lin@example.com', password: 'Lin#1234567' };
// Two page editors, for a settings document (網站設定): its form holds a lease as a record's does.
const chen = { email: 'lease.chen@example.com', password: 'Chen#123456' };
const lee = { email: 'lease.lee@example.com', password: 'Lee#1234567' };
const POLL_MS = 400;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const wangId = await seedAdmin(server.dataDir, { ...wang, name: '王小明', roles: [] });
  const linId = await seedAdmin(server.dataDir, { ...lin, name: '林經理', roles: [] });
  await seedAdmin(server.dataDir, { ...chen, name: '陳編輯', roles: ['ROLE_PAGE'] });
  await seedAdmin(server.dataDir, { ...lee, name: '李編輯', roles: ['ROLE_PAGE'] });
  orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    uid: 'daan',
    members: [
      { adminId: wangId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] },
      { adminId: linId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] },
    ],
  });
  const api = await apiAs(server.url, wang.email, wang.password);
  await api.inOrganization(orgId);
  staffId = (await api.post('/api/admin/organization/staff', { name: '王大明', job_title: '領班' })).id;
});

async function openAs(who: { email: string; password: string }, width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'zh-TW',
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(
    ([id, poll]) => {
      if (!localStorage.getItem('active_organization')) localStorage.setItem('active_organization', String(id));
      localStorage.setItem('app_edit_lease_poll_ms', String(poll));
    },
    [orgId, POLL_MS] as const,
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, server.url, who.email, who.password);
  return { context, page, errors };
}

async function openRecord(page: Page) {
  await page.goto(`${server.url}/admin/staff/${staffId}/update`);
  await expect.poll(() => page.getByTestId('staff-name-input').inputValue()).toBe('王大明');
}

const banner = (page: Page) => page.getByTestId('edit-lease-banner');

/** Leaves the app as a closed tab does (pagehide ends the lease), then closes the window. */
async function leave(...windows: { context: BrowserContext; page: Page }[]) {
  for (const w of windows) await w.page.goto('about:blank');
  await new Promise((r) => setTimeout(r, 500));
  for (const w of windows) await w.context.close();
}

describe('who is editing', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`shows the second admin who is editing, in the list and on the form, until the first saves (${width} px)`, async () => {
      const first = await openAs(wang, 1440, 900);
      const second = await openAs(lin, width, height);
      try {
        await openRecord(first.page);

        // The list marks the row someone is editing, with who and since when.
        await second.page.goto(`${server.url}/admin/staff`);
        const marker = second.page.getByTestId('edit-lease-marker');
        await marker.waitFor();
        expect(await marker.getAttribute('aria-label')).toMatch(/^王小明 正在編輯（\d\d:\d\d 起）$/);
        await expectAccessible(second.page, `staff list with an edit lease (${width} px)`);
        await shot(second.page, `edit-lease-list-${width}`);

        await openRecord(second.page);
        await expect.poll(() => banner(second.page).textContent()).toMatch(/王小明 正在編輯（\d\d:\d\d 起）/);
        expect(await second.page.getByTestId('edit-lease-take-over').isVisible()).toBe(true);
        await expectAccessible(second.page, `staff form with an edit lease (${width} px)`);
        await shot(second.page, `edit-lease-banner-${width}`);
        // The first window learns of the second on its own heartbeat.
        await expect.poll(() => banner(first.page).textContent()).toMatch(/林經理 正在編輯/);

        await first.page.locator('#job_title').fill('工地主任');
        await first.page.getByTestId('form-submit').click();
        await first.page.getByText('已儲存').first().waitFor();
        await banner(second.page).waitFor({ state: 'detached', timeout: 10 * POLL_MS + 5000 });
        expect(first.errors).toEqual([]);
        expect(second.errors).toEqual([]);
      } finally {
        await leave(first, second);
      }
    });
  }

  it('takes the editing over: the first window is told who took it', async () => {
    const first = await openAs(wang, 1440, 900);
    const second = await openAs(lin, 1440, 900);
    try {
      await openRecord(first.page);
      await openRecord(second.page);
      await banner(second.page).waitFor();
      await second.page.getByTestId('edit-lease-take-over').click();
      await banner(second.page).waitFor({ state: 'detached' });
      await expect.poll(() => banner(first.page).textContent()).toMatch(/林經理 已接手編輯/);
      await shot(first.page, 'edit-lease-taken-over-1440');
      await expectAccessible(first.page, 'staff form taken over');
    } finally {
      await leave(first, second);
    }
  });

  it('holds a lease on a settings document too: 網站設定 says who has it open, until they save', async () => {
    const first = await openAs(chen, 1440, 900);
    const second = await openAs(lee, 1440, 900);
    const openSettings = async (page: Page) => {
      await page.goto(`${server.url}/admin/website-settings`);
      await page.getByTestId('website-company_name').waitFor();
    };
    try {
      await openSettings(first.page);
      await openSettings(second.page);
      await expect.poll(() => banner(second.page).textContent()).toMatch(/陳編輯 正在編輯（\d\d:\d\d 起）/);
      await expectAccessible(second.page, 'website settings with an edit lease');
      await shot(second.page, 'edit-lease-website-settings-1440');
      await expect.poll(() => banner(first.page).textContent()).toMatch(/李編輯 正在編輯/);

      await first.page.getByTestId('website-company_name').fill('北辰營造股份有限公司');
      await first.page.getByTestId('website-save').click();
      await first.page.getByText('網站設定已儲存').first().waitFor();
      await banner(second.page).waitFor({ state: 'detached', timeout: 10 * POLL_MS + 5000 });
      expect(first.errors).toEqual([]);
      expect(second.errors).toEqual([]);
    } finally {
      await leave(first, second);
    }
  });
});
