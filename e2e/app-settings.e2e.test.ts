import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeToasts, expectAccessible, shot, signedInPage, startFlow, type TestServer } from './harness.ts';

// Issue 13: the application settings screen: a change with the colour preview, the history, and
// restoring the version before it, in Chromium against the production build.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
});

describe('application settings', () => {
  it('changes the title and colour with a preview, then restores the earlier version from the history', async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, server.admin, { width: 1440 });
    await page.goto(`${server.url}/admin/app-settings`);
    await page.locator('#title').waitFor();
    await expect(page.getByTestId('settings-save').isDisabled()).resolves.toBe(true);

    await page.locator('#supportEmail').fill('not-an-email');
    await page.getByTestId('settings-save').click();
    await page.locator('#supportEmail_help').waitFor();
    await page.locator('#supportEmail').fill('help@north-build.example');
    await page.locator('#title').fill('北方營造後台');
    await page
      .locator('#primaryColor')
      .locator('..')
      .locator('.ant-color-picker-trigger')
      .click()
      .catch(() => undefined);
    const hex = page.locator('.ant-color-picker-input input').first();
    await hex.fill('0a7d48');
    await hex.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-preview').waitFor();
    await shot(page, 'app-settings-1440-zh');
    await expectAccessible(page, 'app settings 1440 zh-TW');
    await page.getByTestId('settings-save').click();
    await page.getByText('設定已儲存').waitFor();
    await expect(page.title()).resolves.toContain('北方營造後台');

    // The history: the change just made; restoring the state before it brings the defaults back.
    const versions = page.locator('[data-testid^="settings-version-"]');
    await versions.first().waitFor();
    await page.getByRole('button', { name: '還原成第一次變更前' }).click();
    await page.locator('.ant-modal-confirm:visible .ant-btn-primary').click();
    await page.getByText(/已還原/).waitFor();
    await expect(page.locator('#title').inputValue()).resolves.toBe('營造後台');
    await expect(versions.count()).resolves.toBe(2);
    expect(errors).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#title').waitFor();
    await closeToasts(page);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await shot(page, 'app-settings-390-zh');
    await expectAccessible(page, 'app settings 390 zh-TW');
    await context.close();
  });
});
