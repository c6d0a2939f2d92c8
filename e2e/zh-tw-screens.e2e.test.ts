import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  accessibilityFindings,
  apiAs,
  englishWords,
  headingProblems,
  openPage,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  type TestServer,
} from './harness.ts';

/**
 * Issue 26 point 4: every admin screen of the menu, as a super admin in zh-TW, reads in Chinese
 * (no English outside the names below), has one h1 and no skipped heading level, and axe finds no
 * serious or critical rule, in light and dark mode. One browser context walks the screens.
 */
let server: TestServer;
let browser: Browser;
let orgId: number;

/** Words a zh-TW screen may show in Latin letters: what the flow typed, brand names and codes. */
const ALLOWED = [
  // typed here, by the server's first start (the super admin, the app config's support address) and
  // the signed-in browsers (the overview's devices: the flow's own and the seeding API's)
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
  // brand and product names, file formats, standard abbreviations
  'LINE',
  'Google',
  'Facebook',
  'Excel',
  'Email',
  'Drive',
  'PDF',
  'JPG',
  'PNG',
  'IP',
  'ID',
  'URL',
  'HTML',
  'YouTube',
];

beforeAll(async () => {
  ({ server, browser } = await startFlow());
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

/** Opens `path` in the app as a link would (no reload): through its menu item, else the router's history. */
async function visit(page: Page, path: string): Promise<void> {
  const item = page.getByTestId('admin-menu').locator(`li.ant-menu-item[data-menu-id$="-${path}"]`);
  if (await item.count()) await item.click();
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
  const started = Date.now();
  await visit(page, path);
  const english = await englishWords(page, ALLOWED);
  return [
    ...(await headingProblems(page)),
    ...(english.length ? [`English: ${english.join(' ')}`] : []),
    ...(await accessibilityFindings(page)),
  ]
    .map((p) => `${path}: ${p}`)
    .concat([`time ${path} ${Date.now() - started}`]);
}

describe('zh-TW screens', () => {
  it('every admin screen of the menu reads in zh-TW, has one h1 and passes axe, in light and dark mode (1440 px)', async () => {
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await openPage(browser, { width: 1440, context: { colorScheme: scheme } });
      await context.addInitScript((id) => localStorage.setItem('active_organization', String(id)), orgId);
      await signIn(page, server.url, server.admin.email, server.admin.password);
      const paths = await menuPaths(page);
      expect(paths.length).toBeGreaterThan(15);
      for (const path of [...paths, '/admin/profile', '/admin/no-such-screen']) {
        const found = (await problemsOf(page, path)).map((p) => `${scheme} ${p}`);
        console.log(found.join('\n'));
        problems.push(...found);
      }
      await shot(page, `zh-tw-screens-${scheme}-1440`);
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
