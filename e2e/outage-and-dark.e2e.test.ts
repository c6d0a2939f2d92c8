import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cardTemplate } from '../apps/server/src/modules/staff-excel/staff-excel.fixtures.ts';
import { apiAs, expectAccessible, openPage, seedAdmin, seedOrganization, shot, signIn, startFlow, type TestServer } from './harness.ts';

// Issue 42 items 10 and 11: a reload during an outage shows 「無法連線至伺服器」 before the app boots;
// the workbook sheet, the date picker's other-month days and the open 外觀 entry read in dark mode.
let server: TestServer;
let browser: Browser;
let templateId: number;
const manager = { email: 'dark.manager@example.com', password: 'Manager#1234' };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const managerId = await seedAdmin(server.dataDir, { ...manager, name: '深色經理', roles: [] });
  const orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    uid: 'daan-dark',
    members: [{ adminId: managerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }],
  });
  const api = await apiAs(server.url, manager.email, manager.password);
  await api.inOrganization(orgId);
  const fd = new FormData();
  fd.set('name', '深色範本');
  fd.set('layout', 'card');
  fd.set('cells', JSON.stringify([{ cell: 'B2', type: 'field', field: 'display_name' }]));
  fd.set('file', new Blob([new Uint8Array(await cardTemplate())]), '深色範本.xlsx');
  const r = await fetch(`${server.url}/api/admin/organization/staff-excel`, {
    method: 'POST',
    body: fd,
    headers: { 'x-fingerprint': api.fingerprint, authorization: `Bearer ${api.token}` },
  });
  if (!r.ok) throw new Error(`template ${r.status} ${await r.text()}`);
  templateId = (await r.json()).id;
});

async function outageScreen(page: Page, name: string) {
  const screen = page.getByTestId('server-unreachable');
  await screen.waitFor();
  expect(await screen.getByRole('heading', { level: 1 }).textContent()).toBe('無法連線至伺服器');
  await expectAccessible(page, `${name} light`);
  await shot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${name} dark`);
  await shot(page, `${name}-dark`);
}

describe('an outage before the app boots', () => {
  it('shows 無法連線至伺服器 instead of a blank page when the first API call gets no answer (1440 px)', async () => {
    const { context, page } = await openPage(browser, { width: 1440 });
    await context.route('**/api/settings', (route) => route.abort('connectionrefused'));
    await page.goto(`${server.url}/admin`);
    await outageScreen(page, 'outage-settings-1440');
    expect(await page.getByTestId('sign-in-submit').count()).toBe(0);
    // Back: the reload button boots the app.
    await context.unroute('**/api/settings');
    await page.getByTestId('server-unreachable').getByRole('button', { name: '重新整理' }).click();
    await page.getByTestId('sign-in-submit').waitFor();
    await context.close();
  });

  it('shows it when the app’s own code fails to load (390 px)', async () => {
    const { context, page } = await openPage(browser, { width: 390, height: 844 });
    await context.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort('connectionrefused'));
    await page.goto(`${server.url}/`);
    await outageScreen(page, 'outage-chunk-390');
    await context.close();
  });
});

async function darkPage(width: number) {
  const opened = await openPage(browser, { width, context: { colorScheme: 'dark' } });
  await signIn(opened.page, server.url, manager.email, manager.password);
  await expect.poll(() => opened.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  return opened;
}

describe('dark mode contrast', () => {
  it('keeps the staff-report template sheet readable (axe 0 serious)', async () => {
    const { context, page } = await darkPage(1440);
    await page.goto(`${server.url}/admin/staff-excel/${templateId}/update`);
    await page.getByTestId('sheet-grid').waitFor();
    const ink = await page.getByTestId('sheet-grid').evaluate((el) => getComputedStyle(el).color);
    expect(ink).toBe('rgba(0, 0, 0, 0.88)');
    await expectAccessible(page, 'template sheet dark 1440');
    await shot(page, 'template-sheet-dark');
    await context.close();
  });

  it('reads the date picker’s other-month days and the open 外觀 entry of the user menu (axe 0 serious)', async () => {
    const { context, page } = await darkPage(390);
    await page.goto(`${server.url}/admin/staff/create`);
    await page.locator('#birthday').click();
    await page.locator('.ant-picker-dropdown .ant-picker-cell:not(.ant-picker-cell-in-view)').first().waitFor();
    await expectAccessible(page, 'date picker dark 390');
    await shot(page, 'date-picker-dark');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown-menu-submenu-title').filter({ hasText: '外觀' }).hover();
    await page.getByTestId('theme-dark').waitFor();
    await expectAccessible(page, 'user menu appearance open dark 390');
    await shot(page, 'user-menu-appearance-dark');
    await context.close();
  });
});
