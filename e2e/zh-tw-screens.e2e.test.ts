import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  accessibilityFindings,
  apiAs,
  englishWords,
  headingProblems,
  noSideScroll,
  openDatabase,
  openPage,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  type TestServer,
} from './harness.ts';

/**
 * Issue 26 point 4: every admin screen of the menu, as a super admin in zh-TW, reads in Chinese (no
 * English outside the words below), has one h1 and no skipped heading level, and axe finds no serious
 * or critical rule, in light and dark mode. One browser context per mode walks the screens.
 */
let server: TestServer;
let browser: Browser;
let orgId: number;

/** Words a zh-TW screen may show in Latin letters: what the flow typed, brand names, codes. */
const ALLOWED = [
  // typed by the server's first start (the super admin, the app config's name and support address) and
  // the browsers signed in (the devices: this flow's, the API's)
  'Super',
  'Admin',
  'admin',
  'support',
  'example',
  'com',
  'BuildOffice',
  'Chrome',
  'Linux',
  'node',
  // the path typed into the address bar, which the not-found screen repeats
  'no-such-screen',
  // brands, file formats, units and codes a form shows as examples (a LINE group id, a colour, a URL part)
  'LINE',
  'YouTube',
  'HTML',
  // a language's own name (the mail templates' language tabs)
  'English',
  'Google',
  'Facebook',
  'Excel',
  'CSV',
  'App',
  'SKU',
  'IP',
  'ID',
  'kg',
  'FF',
  'abcdef',
  'folders',
];

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  // The maintainer's role too, so the walk takes in the debug group (mail outbox, HTML editor, video player).
  const db = openDatabase(server.dataDir);
  db.prepare(`UPDATE admins SET roles = ? WHERE id = 1`).run(JSON.stringify(['ROLE_SUPER_ADMIN', 'ROLE_BASE', 'ROLE_MAINTAINER']));
  db.close();
  orgId = seedOrganization(server.dataDir, {
    name: '大安營造股份有限公司',
    companyId: '24681357',
    uid: 'daan',
    members: [{ adminId: 1, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }],
  });
  const api = await apiAs(server.url, server.admin.email, server.admin.password);
  await api.inOrganization(orgId);
  await api.post('/api/admin/organization/staff', { name: '王大明', job_title: '領班', mobile: '0912345678' });
});

async function signedIn(opts: { width: number; scheme?: 'light' | 'dark'; language?: 'en-US' }) {
  const phone = opts.width < 600;
  const opened = await openPage(browser, {
    width: opts.width,
    height: phone ? 844 : 900,
    language: opts.language,
    context: { colorScheme: opts.scheme ?? 'light', ...(phone ? { isMobile: true, hasTouch: true } : {}) },
  });
  // The top frame only: a mail preview is a sandboxed frame, where storage is refused.
  await opened.context.addInitScript((id) => {
    if (window === window.top) localStorage.setItem('active_organization', String(id));
  }, orgId);
  await signIn(opened.page, server.url, server.admin.email, server.admin.password);
  return opened;
}

/** The admin menu's screens (its groups opened), as paths. */
async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('admin-menu');
  await menu.locator('li.ant-menu-item').first().waitFor();
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) await closed.first().click();
  const ids = await menu
    .locator('li.ant-menu-item[data-menu-id]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-menu-id') ?? ''));
  return ids.map((id) => id.slice(id.indexOf('-/') + 1)).filter((p) => p.startsWith('/admin'));
}

/** Opens `path` as a link would (no reload): through its menu item when it has one, else the router's history. */
async function visit(page: Page, path: string): Promise<void> {
  const item = page.getByTestId('admin-menu').locator(`li.ant-menu-item[data-menu-id$="-${path}"]`);
  if (await item.isVisible()) await item.click();
  else
    await page.evaluate((p) => {
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  await page.waitForURL((u) => u.pathname === path || u.pathname === '/admin/404');
  // The screen's chunk and data: its heading shows once it has loaded (a screen without one fails below).
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
}

/** What is wrong with the screen at `path`: headings, English words, axe findings. */
async function problemsOf(page: Page, path: string): Promise<string[]> {
  await visit(page, path);
  const english = await englishWords(page, ALLOWED);
  return [
    ...(await headingProblems(page)),
    ...(english.length ? [`English: ${english.join(' ')}`] : []),
    ...(await accessibilityFindings(page)),
  ].map((p) => `${path}: ${p}`);
}

/** The audit entry of the staff created above, opened: its diff in words (labels, values, the organization's name). */
async function staffEntryProblems(page: Page): Promise<string[]> {
  await page.locator('.ant-table-row', { hasText: '王大明' }).first().getByRole('button').click();
  const diff = page.getByTestId('audit-diff');
  await diff.waitFor();
  await shot(page, 'zh-tw-audit-entry-1440');
  const problems = (await englishWords(page, ALLOWED)).map((w) => `audit entry: English ${w}`);
  const organization = diff.locator('[data-field="organization_id"]');
  if ((await organization.count()) && !(await organization.locator('xpath=ancestor::tr').innerText()).includes('大安營造股份有限公司'))
    problems.push('audit entry: the organization is not named');
  await page.keyboard.press('Escape');
  await diff.waitFor({ state: 'detached' });
  return problems;
}

describe('zh-TW screens', () => {
  it('every admin screen of the menu reads in zh-TW, has one h1 and passes axe, in light and dark mode (1440 px)', async () => {
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await signedIn({ width: 1440, scheme });
      const paths = await menuPaths(page);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/admin',
          '/admin/staff',
          '/admin/audit-log',
          '/admin/app-settings',
          '/admin/operations',
          '/admin/debug/mail-outbox',
        ]),
      );
      for (const path of [...paths, '/admin/profile', '/admin/no-such-screen']) {
        problems.push(...(await problemsOf(page, path)).map((p) => `${scheme} ${p}`));
        if (path === '/admin/operations') await shot(page, `zh-tw-operations-${scheme}-1440`);
        if (path === '/admin') await shot(page, `zh-tw-overview-${scheme}-1440`);
        if (path === '/admin/audit-log' && scheme === 'light') problems.push(...(await staffEntryProblems(page)));
      }
      await shot(page, `zh-tw-not-found-${scheme}-1440`);
      // The footer's version is the web package's (issue 26), the tab's title the screen's and the app's.
      expect(await page.getByTestId('app-version').textContent()).toBe('2.0.13');
      expect(await page.title()).toBe('找不到頁面 | 營造後台');
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('a phone (390 px) reads the same without scrolling sideways, in light and dark mode; an English browser tab reads the English title', async () => {
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await signedIn({ width: 390, scheme });
      for (const path of ['/admin', '/admin/staff', '/admin/audit-log', '/admin/operations']) {
        problems.push(...(await problemsOf(page, path)).map((p) => `${scheme} ${p}`));
        if (!(await noSideScroll(page))) problems.push(`${scheme} ${path}: scrolls sideways`);
        if (path === '/admin') await shot(page, `zh-tw-overview-${scheme}-390`);
      }
      await shot(page, `zh-tw-operations-${scheme}-390`);
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(problems).toEqual([]);

    const english = await signedIn({ width: 390, language: 'en-US' });
    await english.page.locator('h1').waitFor();
    await expect.poll(() => english.page.title()).toBe('Overview | Construction Back Office');
    await visit(english.page, '/admin/no-such-screen');
    expect(await english.page.title()).toMatch(/^[^\u3400-\u9fff]+ \| Construction Back Office$/);
    await english.context.close();
  }, 300_000);
});
