import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, openPage, seedAdmin, shot, signIn, startFlow, type TestServer } from './harness.ts';

// Issue 13, part 3: a maintainer opens the log viewer from the Debug menu, in a new tab through
// create-admin-session (spec section 2), and reads the server's own log file.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startFlow({ env: { LOG_LEVEL: 'info' } }));
});

describe('log viewer', () => {
  it('opens from the Debug menu in a new tab, searches, filters by level and shows an entry', async () => {
    const email = 'maintainer@example.com';
    const password = 'Maint#Passw0rd-1';
    await seedAdmin(server.dataDir, { email, password, name: '維護人員', roles: ['ROLE_MAINTAINER'] });
    const { context, page, errors } = await openPage(browser, { width: 1440 });
    await signIn(page, server.url, email, password);
    await page.getByRole('menuitem', { name: '除錯' }).click();
    const opened = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: /系統日誌/ }).click();
    const viewer = await opened;
    viewer.on('pageerror', (e) => errors.push(e.message));
    await viewer.waitForURL(/\/admin\/debug\/log-viewer/, { timeout: 30_000 });
    const entries = viewer.getByTestId('log-entries').locator('li');
    await entries.first().waitFor();
    await expect(entries.count()).resolves.toBeGreaterThan(1);

    await viewer.getByTestId('log-search').locator('input').fill('/api/admin/account/login');
    await viewer.getByTestId('log-search').locator('input').press('Enter');
    await viewer.waitForURL(/q=/);
    await entries.first().click();
    await viewer.locator('.log-json').getByText('/api/admin/account/login', { exact: false }).first().waitFor();
    await shot(viewer, 'log-viewer-1440-zh');
    await expectAccessible(viewer, 'log viewer 1440 zh-TW');

    await viewer.setViewportSize({ width: 390, height: 844 });
    await shot(viewer, 'log-viewer-390-zh');
    await expectAccessible(viewer, 'log viewer 390 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });
});
