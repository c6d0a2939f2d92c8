import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import {
  apiAs,
  expectAccessible,
  expectHeadings,
  openPage,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  type TestServer,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
let alphaId: number;
let betaId: number;
const base = { email: 'base@example.com', password: 'Base#12345' };
const fresh = { email: 'fresh@example.com', password: 'Fresh#1234' };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const adminId = 1;
  alphaId = seedOrganization(server.dataDir, {
    name: 'Alpha Construction',
    companyId: '12345678',
    uid: 'alpha',
    members: [{ adminId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }],
  });
  betaId = seedOrganization(server.dataDir, {
    name: 'Beta Builders',
    uid: 'beta',
    members: [{ adminId, roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] }],
  });
  await seedAdmin(server.dataDir, { ...base, name: 'Base Admin', roles: ['ROLE_BASE'] });
  await seedAdmin(server.dataDir, { ...fresh, name: 'Fresh Admin', roles: ['ROLE_BASE'], hasChangedPassword: false });
});

const newPage = (context: BrowserContextOptions = {}) => openPage(browser, { width: 1280, height: 800, context });

describe('web shell', () => {
  it('signs in and shows the overview with roles, organization, devices and tiles', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${server.url}/`);
    await page.locator('#email').fill(server.admin.email);
    await page.locator('#password').fill(server.admin.password);
    await page.getByTestId('password-toggle').click();
    expect(await page.locator('#password').getAttribute('type')).toBe('text');
    await shot(page, 'sign-in');
    await expectAccessible(page, 'sign-in 1280 zh-TW');
    await page.getByTestId('sign-in-submit').click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText('您好，admin').waitFor();
    await page.getByTestId('login-device').first().waitFor();
    expect(await page.getByTestId('overview-organization').textContent()).toBe('Alpha Construction (12345678)');
    expect(await page.title()).toBe('總覽 | 營造後台');
    // The tiles are drawn just after the first paint (lib/after-first-paint.ts).
    await page.getByTestId('overview-tile').first().waitFor();
    expect(await page.getByTestId('overview-tile').count()).toBeGreaterThan(3);
    await shot(page, 'overview');
    await expectAccessible(page, 'overview 1280 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload of the overview asks each of its first calls once, before the app has run, and signs out a device after pointing at it', async () => {
    const { context, page, errors } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByTestId('login-device').first().waitFor();
    // A second device of the same admin: its "sign out" button is the deferred confirmation's trigger.
    await apiAs(server.url, server.admin.email, server.admin.password);
    const asked = new Map<string, number>();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
    });
    await page.reload();
    await page.getByTestId('login-device').nth(1).waitFor();
    await page.getByTestId('overview-tile').first().waitFor();
    // public/first-screen.js made them; a path the app asked in another spelling would show twice.
    for (const path of [
      '/api/settings',
      '/api/admin/account/organizations',
      '/api/admin/account/profile',
      '/api/admin/account/login-device',
    ])
      expect(asked.get(path), path).toBe(1);
    const devices = await page.getByTestId('login-device').count();
    const other = page
      .getByTestId('login-device')
      .filter({ hasNot: page.locator('.device-current') })
      .first();
    // No confirmation's module before the button is pointed at; one press opens it.
    expect(await page.locator('.ant-popover').count()).toBe(0);
    await other.getByRole('button').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '確定' }).click();
    await expect.poll(() => page.getByTestId('login-device').count()).toBe(devices - 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the catalogue message for a wrong password and comes back to the requested page after sign-in', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/admin/profile`);
    await page.waitForURL(/\/\?redirect=%2Fadmin%2Fprofile$/);
    await page.locator('#email').fill(server.admin.email);
    await page.locator('#password').fill('wrong-password');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('sign-in-error').getByText('帳號或密碼錯誤').waitFor();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="sign-in-submit"]')?.disabled);
    await shot(page, 'sign-in-error');
    await page.locator('#password').fill(server.admin.password);
    await page.getByTestId('sign-in-submit').click();
    await page.waitForURL(`${server.url}/admin/profile`);
    await page.getByText('基本資料').waitFor();
    await shot(page, 'profile');
    await expectAccessible(page, 'profile 1280 zh-TW');
    await context.close();
  });

  it('switches the organization from the header and reloads the screen', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByTestId('overview-organization').getByText('Alpha Construction (12345678)').waitFor();
    await page.getByTestId('organization-switcher').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Beta Builders' }).click();
    await page.getByTestId('overview-organization').getByText('Beta Builders').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('active_organization'))).toBe(String(betaId));
    // The token now carries Beta's sub-account roles: the organization admin entry is gone for Beta.
    const roles = await page.evaluate(
      () =>
        JSON.parse(atob(localStorage.getItem('admin_token')!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).data.sub_account_roles,
    );
    expect(roles).toEqual(['SUB_ACCOUNT_ROLE_STAFF_READ']);
    await shot(page, 'organization-switched');
    // ?org= wins over the saved choice.
    await page.goto(`${server.url}/admin?org=alpha`);
    await page.getByTestId('overview-organization').getByText('Alpha Construction (12345678)').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('active_organization'))).toBe(String(alphaId));
    await context.close();
  });

  it('shows 403 for a screen the roles do not allow, and 404 for unknown paths', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.url, base.email, base.password);
    const menu = await page.getByTestId('admin-menu').innerText();
    expect(menu).toContain('檔案管理');
    expect(menu).not.toContain('管理員');
    await page.goto(`${server.url}/admin/admin`);
    await page.getByText('糟糕，發生錯誤（403）').waitFor();
    await shot(page, 'forbidden');
    await expectAccessible(page, '403 screen 1280 zh-TW');
    await expectHeadings(page, '403 screen');
    await page.goto(`${server.url}/admin/no-such-screen`);
    await page.waitForURL(`${server.url}/admin/404`);
    await page.getByText('糟糕，發生錯誤（404）').waitFor();
    await page.getByText('找不到頁面：/admin/no-such-screen').waitFor();
    await shot(page, 'admin-not-found');
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL(`${server.url}/404`);
    await page.getByText('糟糕，發生錯誤（404）').waitFor();
    await shot(page, 'not-found');
    await expectAccessible(page, '404 screen 1280 zh-TW');
    await expectHeadings(page, '404 screen (signed-out layout)');
    await page.getByRole('button', { name: /回到首頁/ }).click();
    await page.waitForURL(`${server.url}/admin`);
    await context.close();
  });

  it('signing out in one tab signs out the other', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    const other = await context.newPage();
    await other.goto(`${server.url}/admin/profile`);
    await other.getByText('基本資料').waitFor();
    // A background tab gets no animation frames; bring the first one forward to use its menu.
    await page.bringToFront();
    await page.getByTestId('user-menu').click();
    const signOut = page.getByText('登出', { exact: true });
    await signOut.waitFor();
    // The open menu stays under its button when the page scrolls (it opens inside the sticky header).
    // Placed against the document it moved with the page until realigned, and a click that began on
    // 登出 (after Playwright scrolled it into view) ended on the header: nobody was signed out.
    const drift = await signOut.evaluate((item) => {
      const before = item.getBoundingClientRect().top;
      window.scrollBy(0, 200);
      const scrolled = window.scrollY;
      const moved = item.getBoundingClientRect().top - before;
      window.scrollTo(0, 0);
      return { scrolled, moved };
    });
    expect(drift.scrolled).toBeGreaterThan(0);
    expect(drift.moved).toBe(0);
    await signOut.click();
    await page.waitForURL(/\/\?redirect=/);
    await other.waitForURL(/\/\?redirect=%2Fadmin%2Fprofile/);
    await other.getByTestId('sign-in-submit').waitFor();
    await shot(other, 'signed-out-other-tab');
    expect(await other.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
    await context.close();
  });

  it('switches between zh-TW and en-US and remembers the choice', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Hello, admin').waitFor();
    expect(await page.title()).toBe('Overview | Construction Back Office');
    await page.reload();
    await page.getByText('Hello, admin').waitFor();
    expect(await page.getByTestId('admin-menu').innerText()).toContain('File manager');
    await shot(page, 'overview-en-US');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await page.getByText('您好，admin').waitFor();
    await context.close();
  });

  it('works on a 390 px wide phone with the menu in a drawer', async () => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/`);
    await page.locator('#email').waitFor();
    await shot(page, 'phone-sign-in');
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByText('您好，admin').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'phone-overview');
    await page.getByTestId('menu-open').click();
    await page.locator('.admin-drawer .ant-drawer-body').getByText('總覽').waitFor();
    await shot(page, 'phone-menu');

    await context.close();
  });

  it('sends an admin with a default password to change it first', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/`);
    await page.locator('#email').fill(fresh.email);
    await page.locator('#password').fill(fresh.password);
    await page.getByTestId('sign-in-submit').click();
    await page.waitForURL(`${server.url}/admin/reset-password`);
    // Issue 42, item 12: the forced change asks for the admin's name, its current one filled in.
    expect(await page.getByTestId('reset-password-name').inputValue()).toBe('Fresh Admin');
    await page.getByTestId('reset-password-name').fill('林新人');
    await expectAccessible(page, 'forced password change 1280 zh-TW');
    await page.locator('#current_password').fill(fresh.password);
    await page.locator('#password').fill('weak');
    await page.locator('[data-strength="weak"]').waitFor();
    await page.locator('#password').fill('Str0ng!Pass');
    await page.locator('[data-strength="strong"]').waitFor();
    await page.locator('#confirm').fill('Str0ng!Pass');
    await shot(page, 'reset-password');
    await page
      .getByRole('button', { name: /變更密碼/ })
      .last()
      .click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText('您好，林新人').waitFor();
    const api = await apiAs(server.url, fresh.email, 'Str0ng!Pass');
    expect(api.token).toBeTruthy();
    await context.close();
  });

  it('refuses create-admin-session for anything but a relative path, and shows client debug facts', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin/create-admin-session?path=${encodeURIComponent('https://evil.example/')}`);
    await page.getByText('糟糕，發生錯誤（400）').waitFor();
    // Of the API only the log viewer may be opened with the session's token; an uploaded file may not.
    await page.goto(`${server.url}/admin/create-admin-session?path=${encodeURIComponent('/api/admin/file/1/download')}`);
    await page.getByText('糟糕，發生錯誤（400）').waitFor();
    await page.getByText('不允許開啟這個路徑').waitFor();
    await expectHeadings(page, 'error 400');
    await page.goto(`${server.url}/admin/create-admin-session?path=${encodeURIComponent('/admin/profile')}`);
    await page.waitForURL(`${server.url}/admin/profile`);
    await page.goto(`${server.url}/debug?app_debug=1`);
    await page.getByTestId('debug-flag').getByText('開啟').waitFor();
    expect(await page.getByTestId('debug-version').textContent()).toBe('2.0.13');
    expect(await page.getByTestId('debug-size').textContent()).toBe('xl');
    await expectHeadings(page, 'client debug');
    await shot(page, 'client-debug');
    await page.goto(`${server.url}/debug?app_debug=0`);
    await page.getByTestId('debug-flag').getByText('關閉').waitFor();
    await context.close();
  });

  it('shows the server-failure notice when the settings call fails, and still renders', async () => {
    const { context, page } = await newPage();
    await context.route('**/api/settings', (route) =>
      route.fulfill({ status: 503, body: '{"message":"Service Unavailable"}', contentType: 'application/json' }),
    );
    const t0 = Date.now();
    await page.goto(`${server.url}/`);
    await page.getByTestId('sign-in-submit').waitFor();
    await page.getByText('無法連線至伺服器').waitFor();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
    await shot(page, 'settings-failed');
    await context.close();
  });

  it('serves the manifest and the service worker, which never caches /api', async () => {
    const m = await fetch(`${server.url}/manifest.webmanifest`);
    expect(m.status).toBe(200);
    expect((await m.json()).start_url).toBe('/admin');
    const sw = await (await fetch(`${server.url}/sw.js`)).text();
    expect(sw).toContain("startsWith('/api/')");
  });
});
