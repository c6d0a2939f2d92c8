import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, openPage, shot, signIn, startFlow, type TestServer } from './harness.ts';
import { startFakeProviders, type FakeProviders } from '../apps/server/test/fake-providers.ts';
import { freePort } from '../apps/server/test/server-process.ts';

// Issue 10: LINE sign-in through the real redirects in Chromium, against a local stand-in for LINE
// (authorize, token with PKCE, id_token HS256) that the server is pointed at by its LINE_* settings.
let server: TestServer;
let browser: Browser;
let providers: FakeProviders;

beforeAll(async () => {
  providers = await startFakeProviders();
  const port = await freePort();
  ({ server, browser } = await startFlow({
    env: {
      ...providers.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  }));
});
afterAll(async () => {
  await providers?.close();
});

const newPage = (width: number) => openPage(browser, { width });

describe('LINE sign-in', () => {
  it('an unlinked LINE account is turned away with a way forward', async () => {
    providers.setIdentity('line', { sub: 'U-stranger', name: 'Stranger' });
    const { context, page, errors } = await newPage(390);
    await page.goto(`${server.url}/`);
    await page.getByTestId('oauth-line').click();
    await page.getByTestId('oauth-return-error').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).search).toBe('');
    await shot(page, 'line-not-linked-390-zh');
    await expectAccessible(page, 'oauth return 390 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the admin links LINE on the profile (after confirming it is them), then signs in with LINE', async () => {
    providers.setIdentity('line', { sub: 'U-admin-line', name: '管理員 LINE', email: 'line@example.com' });
    const first = await newPage(1440);
    await signIn(first.page, server.url, server.admin.email, server.admin.password);
    await first.page.goto(`${server.url}/admin/profile`);
    await first.page.getByTestId('link-line').click();
    await first.page.getByTestId('verify-password').fill(server.admin.password);
    await first.page.getByTestId('verify-submit').click();
    await first.page.waitForURL(/\/admin\/profile$/, { timeout: 30_000 });
    await first.page.getByTestId('linked-line').getByText('line@example.com', { exact: false }).waitFor();
    await shot(first.page, 'profile-linked-line-1440-zh');
    await expectAccessible(first.page, 'profile 1440 zh-TW');
    expect(first.errors).toEqual([]);
    await first.context.close();

    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/`);
    await page.getByTestId('oauth-line').waitFor();
    await shot(page, 'sign-in-with-line-1440-zh');
    await expectAccessible(page, 'sign-in with providers 1440 zh-TW');
    await page.getByTestId('oauth-line').click();
    await page.waitForURL(`${server.url}/admin`, { timeout: 30_000 });
    await page.locator('.page-header').waitFor();
    expect(providers.redeemed.length).toBeGreaterThanOrEqual(3);

    // The super admin's devices, as another super admin would see them, then "sign out all other devices".
    await page.goto(`${server.url}/admin/admin`);
    await page.locator('[data-testid^="admin-more-"]').first().click();
    await page.getByRole('menuitem', { name: '登入裝置' }).click();
    await page.locator('.ant-drawer [data-testid="login-device"]').first().waitFor();
    await shot(page, 'admin-devices-drawer-1440-zh');
    await expectAccessible(page, 'admin devices drawer 1440 zh-TW');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/admin/profile`);
    await page.getByTestId('logout-other-devices').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByTestId('verify-password').fill(server.admin.password);
    await page.getByTestId('verify-submit').click();
    await page.getByText('其他裝置都已登出').waitFor();
    await page.getByTestId('logout-other-devices').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
