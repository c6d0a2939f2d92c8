import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, openPage, signIn, startFlow, type TestServer } from './harness.ts';

// Issue 42, item 8: a new organization's form invites its first admin by e-mail, at 390 px, light and dark.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
});

describe('a new organization’s first admin', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`is invited from the new organization's form on a phone (${colorScheme})`, async () => {
      const { context, page, errors } = await openPage(browser, { width: 390, context: { colorScheme } });
      await signIn(page, server.url, server.admin.email, server.admin.password);
      await page.goto(`${server.url}/admin/admin-organization/create`);
      await page.getByTestId('first-admin').waitFor();
      await expectAccessible(page, `new organization 390 ${colorScheme}`);
      await page.getByTestId('organization-name').fill(`首位管理員 ${colorScheme}`);
      await page.getByTestId('first-admin-email').fill(`first.${colorScheme}@example.com`);
      await page.getByTestId('first-admin-name').fill('林首位');
      await page.getByTestId('form-submit').click();
      const notice = page.getByTestId('password-mail-notice');
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.textContent()).toContain(`first.${colorScheme}@example.com`);
      await page.waitForURL(/\/admin\/admin-organization\/\d+\/update$/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
