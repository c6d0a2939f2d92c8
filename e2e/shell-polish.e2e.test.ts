import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  apiAs,
  expectAccessible,
  openPage,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  type TestServer,
  waitForScrollToRest,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
let orgId: number;
let staffId: number;
const reader = { email: 'polish.reader@example.com', password: 'Reader#12345' };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const adminId = 1;
  const readerId = await seedAdmin(server.dataDir, { ...reader, name: 'Read Only', roles: [] });
  orgId = seedOrganization(server.dataDir, {
    name: '大安營造股份有限公司',
    companyId: '24681357',
    uid: 'daan',
    members: [
      { adminId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] },
      { adminId: readerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'] },
    ],
  });
  // A long admin list: the page scrolls well past the sidebar's height.
  for (let i = 1; i <= 40; i++) {
    await seedAdmin(server.dataDir, {
      email: `member${String(i).padStart(2, '0')}@example.com`,
      password: 'Member#12345',
      name: `成員 ${i}`,
      roles: ['ROLE_BASE'],
    });
  }
  const api = await apiAs(server.url, server.admin.email, server.admin.password);
  await api.inOrganization(orgId);
  staffId = (await api.post('/api/admin/organization/staff', { name: '王大明', job_title: '領班', mobile: '0912345678' })).id;
  await api.post('/api/admin/organization/staff', { name: '李小華', job_title: '技術士' });
});

async function open(opts: BrowserContextOptions & { language?: 'en-US'; scheme?: 'dark' | 'light' } = {}) {
  const { language, scheme, ...rest } = opts;
  const phone = (rest.viewport?.width ?? 1440) < 600;
  const opened = await openPage(browser, {
    width: 1440,
    context: { colorScheme: scheme ?? 'light', ...(phone ? { isMobile: true, hasTouch: true } : {}), ...rest },
  });
  await opened.context.addInitScript(
    ([l, id]) => {
      if (l) localStorage.setItem('app_language', l);
      if (!localStorage.getItem('active_organization')) localStorage.setItem('active_organization', String(id));
    },
    [language ?? '', orgId] as const,
  );
  return opened;
}

/** What the screen shows at this scroll position (the harness's shot captures the whole page from the top). */
const viewShot = (page: Page, name: string) => shot(page, name, { fullPage: false });

describe('shell polish', () => {
  it('keeps the header (brand and collapse button) above the sidebar on a long scrolled page; dates not cut in en-US', async () => {
    const { context, page, errors } = await open({ language: 'en-US' });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin/admin?per_page=50`);
    await page.locator('.ant-table-row').nth(30).waitFor();
    await page.mouse.wheel(0, 1600);
    await waitForScrollToRest(page);
    await viewShot(page, 'admin-list-scrolled-1440-en-US');
    const brand = await page.locator('.admin-brand').boundingBox();
    expect(brand?.y).toBeGreaterThanOrEqual(-1);
    // The element painted at the brand's centre is the brand, not the sidebar.
    const top = await page.evaluate(() => {
      const b = document.querySelector('.admin-brand')!.getBoundingClientRect();
      const el = document.elementFromPoint(b.left + 8, b.top + b.height / 2);
      return el?.closest('.admin-brand, .admin-header, .admin-sider')?.className ?? '';
    });
    expect(top).toContain('admin-brand');
    // The created date is on one line.
    const wraps = await page.evaluate(() =>
      [...document.querySelectorAll('.ant-table-row td .nowrap')].some((e) => (e as HTMLElement).offsetHeight > 30),
    );
    expect(wraps).toBe(false);
    expect(await page.title()).toBe('Admins | Construction Back Office');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the error screen translated in zh-TW and with the spec wording in en-US', async () => {
    for (const language of [undefined, 'en-US'] as const) {
      for (const width of [1440, 390]) {
        const { context, page } = await open({ language, viewport: { width, height: width > 600 ? 900 : 844 } });
        await signIn(page, server.url, reader.email, reader.password);
        await page.goto(`${server.url}/admin/admin`);
        await page.locator('.error-screen').waitFor();
        const title = await page.locator('.error-screen .ant-result-title').innerText();
        expect(title).toBe(language ? 'Whoops, Error 403' : '糟糕，發生錯誤（403）');
        await shot(page, `error-403-${language ?? 'zh-TW'}-${width}`);
        await expectAccessible(page, `error screen ${width} ${language ?? 'zh-TW'}`);
        await context.close();
      }
    }
  });

  it('tells a failed chunk load in the user language with a reload button', async () => {
    const { context, page } = await open();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByTestId('overview-tile').first().waitFor();
    // A deployment replaced the chunks: the staff list's file is gone, and the guarded reload has just happened.
    await context.addInitScript(() => sessionStorage.setItem('chunk_reload_at', String(Date.now())));
    await context.route(/\/assets\/staff-list-page[^/]*\.js$/, (r) => r.fulfill({ status: 404, body: 'gone' }));
    await page.goto(`${server.url}/admin/staff`);
    await page.getByTestId('chunk-error').waitFor();
    expect(await page.getByTestId('chunk-error').innerText()).toContain('系統已更新');
    expect(await page.locator('body').innerText()).not.toContain('dynamically imported');
    await shot(page, 'chunk-error-1440');
    await context.close();
  });

  it('shows a read-only staff form without disabled save and cancel buttons; the action bar is sticky on a desktop', async () => {
    const { context, page } = await open();
    await signIn(page, server.url, reader.email, reader.password);
    await page.goto(`${server.url}/admin/staff/${staffId}/update`);
    await expect.poll(() => page.getByTestId('staff-name-input').inputValue()).toBe('王大明');
    expect(await page.getByTestId('form-submit').count()).toBe(0);
    await shot(page, 'staff-form-read-only-1440');
    await context.close();

    const writer = await open({ viewport: { width: 1440, height: 700 } });
    await signIn(writer.page, server.url, server.admin.email, server.admin.password);
    await writer.page.goto(`${server.url}/admin/staff/${staffId}/update`);
    await expect.poll(() => writer.page.getByTestId('staff-name-input').inputValue()).toBe('王大明');
    const bar = await writer.page.locator('.resource-form-actions').boundingBox();
    expect(bar && bar.y + bar.height).toBeLessThanOrEqual(700 + 1);
    await viewShot(writer.page, 'staff-form-action-bar-1440');
    await writer.context.close();
  });

  it('keeps an empty new folder in the file manager and labels the file actions', async () => {
    const { context, page } = await open();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin/file`);
    await page.getByTestId('file-upload').waitFor();
    await page.getByRole('button', { name: /新增資料夾/ }).click();
    await page.locator('.ant-modal input').fill('施工日誌');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.waitForURL(/folder=/);
    await page.getByTestId('folder-root').click();
    await page.getByTestId('file-folder').filter({ hasText: '施工日誌' }).waitFor();
    await page.reload();
    await page.getByTestId('file-folder').filter({ hasText: '施工日誌' }).waitFor();
    await page.getByTestId('file-input').setInputFiles([{ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }]);
    const row = page.locator('.ant-table-row', { hasText: 'note.txt' });
    await row.waitFor();
    expect(await row.getByTestId('file-download').innerText()).toContain('下載');
    await shot(page, 'file-manager-folders-1440');
    await context.close();
  });

  it('has no horizontal overflow on the phone: admin form membership and list actions', async () => {
    const { context, page } = await open({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin/admin/1/update`);
    await page.getByTestId('admin-form').waitFor();
    await page.getByTestId('membership-0').waitFor();
    const overflow = await page.evaluate(() => {
      const card = document.querySelector('[data-testid="membership-0"]')!.getBoundingClientRect();
      const select = document.querySelector('[data-testid="membership-0"] .ant-select')!.getBoundingClientRect();
      return { page: document.documentElement.scrollWidth - window.innerWidth, select: select.right - card.right };
    });
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.select).toBeLessThanOrEqual(0);
    await shot(page, 'admin-form-390');
    await expectAccessible(page, 'admin form 390 zh-TW');
    await page.goto(`${server.url}/admin/staff`);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'staff-list-390');
    await page.goto(`${server.url}/admin/admin`);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-list-390');
    await expectAccessible(page, 'admins 390 zh-TW');
    await context.close();
  });

  it('follows the system dark setting, and the user menu switch wins and is remembered', async () => {
    for (const width of [1440, 390]) {
      const { context, page, errors } = await open({ scheme: 'dark', viewport: { width, height: width > 600 ? 900 : 844 } });
      await page.goto(`${server.url}/`);
      await page.locator('#email').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.sign-in-card')!).backgroundColor);
      expect(bg).toBe('rgb(20, 20, 20)');
      const font = await page.evaluate(() => getComputedStyle(document.querySelector('.sign-in-title')!).fontFamily);
      expect(font).toContain('Noto Sans TC');
      await shot(page, `dark-sign-in-${width}`);
      await expectAccessible(page, `sign-in ${width} zh-TW dark`);
      await signIn(page, server.url, server.admin.email, server.admin.password);
      await page.goto(`${server.url}/admin/staff`);
      await page.locator('.ant-table-row').first().waitFor();
      await shot(page, `dark-staff-list-${width}`);
      await expectAccessible(page, `staff list ${width} zh-TW dark`);
      if (width > 600) {
        await page.getByTestId('user-menu').click();
        await page.getByText('外觀').hover();
        await page.getByTestId('theme-light').click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
        await page.reload();
        await page.locator('.ant-table-row').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
        expect(await page.evaluate(() => localStorage.getItem('app_color_scheme'))).toBe('light');
        await shot(page, 'light-staff-list-1440');
        await page.getByTestId('user-menu').click();
        await page.getByText('外觀').hover();
        await page.getByTestId('theme-dark').click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await page.goto(`${server.url}/admin/staff/${staffId}/update`);
        await expect.poll(() => page.getByTestId('staff-name-input').inputValue()).not.toBe('');
        await shot(page, 'dark-staff-form-1440');
        await expectAccessible(page, 'staff form 1440 zh-TW dark');
        await page.goto(`${server.url}/admin`);
        await page.getByTestId('overview-tile').first().waitFor();
        await shot(page, 'dark-overview-1440');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows the overview cards in their final places while they load (no shift), even with many signed-in devices', async () => {
    for (let i = 0; i < 6; i++) await apiAs(server.url, server.admin.email, server.admin.password);
    const { context, page } = await open();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/admin`);
    await page.getByTestId('overview-tile').first().waitFor();
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; sources: string[] }[]>((resolve) => {
          const out: { value: number; sources: string[] }[] = [];
          type Shift = {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          };
          const name = (n?: Node) =>
            n instanceof Element ? `${n.tagName.toLowerCase()}.${[...n.classList].slice(0, 3).join('.')}` : String(n?.nodeName);
          new PerformanceObserver((l) => {
            for (const e of l.getEntries() as unknown as Shift[]) {
              if (!e.hadRecentInput)
                out.push({
                  value: e.value,
                  sources: e.sources.map(
                    (x) =>
                      `${name(x.node)} ${Math.round(x.previousRect.y)}->${Math.round(x.currentRect.y)} h${Math.round(x.previousRect.height)}->${Math.round(x.currentRect.height)}`,
                  ),
                });
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(out), 1500);
        }),
    );
    const cls = shifts.reduce((n, s) => n + s.value, 0);
    if (cls >= 0.1) console.log(cls, JSON.stringify(shifts.filter((x) => x.value > 0.001)));
    expect(cls).toBeLessThan(0.1);
    await shot(page, 'overview-1440');
    await context.close();
  });
});
