import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  type ApiSession,
  apiAs,
  closeToasts,
  expectAccessible,
  type LibraryPhoto,
  noSideScroll,
  seedAdmin,
  seedAdminSession,
  seedOrganization,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
  uploadLibraryPhotos,
} from './harness.ts';
import { addDays, todayInTaipei } from '../packages/shared/src/dates.ts';

// Issue 26, points 3 and 4: "view on the website" from the page, product and banner editors; Enter in a
// picker never submits a form; an outage says so once and keeps the edit form read-only; the product's
// main save saves its edited instance rows; on a phone the title and body come first.
const editor = { email: 'content.editor@example.com', password: 'Editor#2026', name: '內容編輯' };
const manager = { email: 'staff.keeper@example.com', password: 'Keeper#2026' };
let server: TestServer;
let browser: Browser;
let session: ApiSession;
let photos: LibraryPhoto[];
const ids = { draftPage: 0, livePage: 0, draftProduct: 0, liveProduct: 0, liveBanner: 0, laterBanner: 0 };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  session = await seedAdminSession(server, editor, ['ROLE_PAGE', 'ROLE_PRODUCT', 'ROLE_BANNER', 'ROLE_PHOTO']);
  photos = await uploadLibraryPhotos(server.url, session, { 工地橫幅: '#0f766e' });
  const page = (body: Record<string, unknown>) => session.post('/api/admin/page', { type: 'article', body: '<p>內文段落</p>', ...body });
  ids.draftPage = (await page({ slug: 'draft-news', title: '尚未發佈的新聞' })).id;
  ids.livePage = (await page({ slug: 'live-news', title: '已發佈的新聞', status: 'published' })).id;
  ids.draftProduct = (
    await session.post('/api/admin/product', {
      slug: 'steel-frame',
      name: '鋼構框架',
      attributes: [{ name: '尺寸', name_en: null, values: ['大', '小'] }],
    })
  ).id;
  await session.post(`/api/admin/product/${ids.draftProduct}/instances/generate`, { remove: false });
  ids.liveProduct = (await session.post('/api/admin/product', { slug: 'dry-mortar', name: '乾拌砂漿', status: 'published' })).id;
  const banner = (body: Record<string, unknown>) =>
    session.post('/api/admin/banner', { position: 'home', photo_id: photos[0].id, ...body });
  ids.liveBanner = (await banner({ title: '今日主打' })).id;
  ids.laterBanner = (await banner({ title: '下週主打', starts_on: addDays(todayInTaipei(), 7) })).id;
});

const open = (width: number, opts: { dark?: boolean } = {}) =>
  signedInPage(browser, server.url, editor, { width, context: opts.dark ? { colorScheme: 'dark' } : undefined });

/** Clicks "view on the website" and answers the tab it opened, once loaded. */
async function viewOnSite(context: BrowserContext, page: Page): Promise<Page> {
  const button = page.getByTestId('view-on-site');
  await expect.poll(() => button.getAttribute('href')).toBeTruthy();
  const [tab] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}

describe('view on the website', () => {
  it('opens the published page, or a signed preview of a draft, in a new tab (page, product, banner editors) at 1440 px', async () => {
    const { context, page, errors } = await open(1440);
    await page.goto(`${server.url}/admin/page/${ids.draftPage}/update`);
    const button = page.getByTestId('view-on-site');
    await expect.poll(() => button.getAttribute('data-preview')).toBe('true');
    await expect.poll(() => button.textContent()).toContain('在網站上預覽');
    await shot(page, 'content-editors-page-1440');
    await expectAccessible(page, 'page editor');
    let tab = await viewOnSite(context, page);
    expect(new URL(tab.url()).pathname).toBe(`/site/preview/page/${ids.draftPage}`);
    expect(new URL(tab.url()).searchParams.get('sig')).toBeTruthy();
    expect(await tab.locator('h1').first().textContent()).toContain('尚未發佈的新聞');
    expect(await tab.locator('[data-preview]').textContent()).toContain('預覽');
    await shot(tab, 'content-editors-preview-page');
    await tab.close();

    await page.goto(`${server.url}/admin/page/${ids.livePage}/update`);
    await expect.poll(() => button.getAttribute('data-preview')).toBe('false');
    await expect.poll(() => button.textContent()).toContain('在網站上查看');
    tab = await viewOnSite(context, page);
    expect(new URL(tab.url()).pathname).toBe('/site/news/live-news');
    expect(await tab.locator('h1').first().textContent()).toContain('已發佈的新聞');
    expect(await tab.locator('[data-preview]').count()).toBe(0);
    await tab.close();

    await page.goto(`${server.url}/admin/product/${ids.draftProduct}/update`);
    await expect.poll(() => button.getAttribute('data-preview')).toBe('true');
    tab = await viewOnSite(context, page);
    expect(new URL(tab.url()).pathname).toBe(`/site/preview/product/${ids.draftProduct}`);
    expect(await tab.locator('h1').first().textContent()).toContain('鋼構框架');
    await tab.close();
    await page.goto(`${server.url}/admin/product/${ids.liveProduct}/update`);
    await expect.poll(() => button.getAttribute('data-preview')).toBe('false');
    tab = await viewOnSite(context, page);
    expect(new URL(tab.url()).pathname).toBe('/site/products/dry-mortar');
    await tab.close();

    await page.goto(`${server.url}/admin/banner/${ids.laterBanner}/update`);
    await expect.poll(() => button.getAttribute('data-preview')).toBe('true');
    await shot(page, 'content-editors-banner-1440');
    await expectAccessible(page, 'banner editor');
    tab = await viewOnSite(context, page);
    expect(new URL(tab.url()).pathname).toBe(`/site/preview/banner/${ids.laterBanner}`);
    expect(await tab.locator('.banner').first().textContent()).toContain('下週主打');
    await tab.close();
    await page.goto(`${server.url}/admin/banner/${ids.liveBanner}/update`);
    await expect.poll(() => button.getAttribute('data-preview')).toBe('false');
    tab = await viewOnSite(context, page);
    expect(new URL(tab.url()).pathname).toBe('/site/');
    await tab.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a 390 px phone: the title and body come first, view on the website in reach, light and dark', async () => {
    for (const dark of [false, true]) {
      const { context, page, errors } = await open(390, { dark });
      for (const [path, title, status] of [
        [`/admin/page/${ids.draftPage}/update`, 'page-title', 'page-status'],
        [`/admin/product/${ids.draftProduct}/update`, 'product-name', 'product-status'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        const titleBox = await page.getByTestId(title).boundingBox();
        const statusBox = await page.getByTestId(status).boundingBox();
        expect(titleBox && statusBox && titleBox.y < statusBox.y, `${path}: title above status`).toBe(true);
        // The body (rich text) is above the status too.
        const bodyBox = await page.locator('.content-form-main [contenteditable="true"]').first().boundingBox();
        expect(bodyBox && statusBox && bodyBox.y < statusBox.y, `${path}: body above status`).toBe(true);
        expect(await page.getByTestId('view-on-site').isVisible()).toBe(true);
        expect(await noSideScroll(page)).toBe(true);
        await expectAccessible(page, `${path} at 390 px${dark ? ' (dark)' : ''}`);
        if (!dark) await shot(page, `content-editors-${title}-390`, { fullPage: false });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('forms', () => {
  it('Enter in a date or select picker does not submit: the staff form creates nothing, the page form saves nothing', async () => {
    const managerId = await seedAdmin(server.dataDir, { ...manager, name: '人事', roles: [] });
    const orgId = seedOrganization(server.dataDir, {
      name: '信義營造',
      members: [{ adminId: managerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }],
    });
    const staffApi = await apiAs(server.url, manager.email, manager.password);
    await staffApi.inOrganization(orgId);
    const { context, page, errors } = await signedInPage(browser, server.url, manager, { width: 1440 });
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/organization/staff')) sent.push(r.url());
    });
    await page.goto(`${server.url}/admin/staff/create`);
    await page.getByTestId('staff-name-input').fill('只有名字');
    const birthday = page.locator('#birthday');
    await birthday.click();
    await birthday.fill('1990-01-02');
    await birthday.press('Enter');
    // The picker took the date; nothing was sent.
    await expect.poll(() => birthday.inputValue()).toBe('1990-01-02');
    const gender = page.locator('#gender');
    await gender.focus();
    await gender.press('Enter');
    await gender.press('Enter');
    // Enter chose in the select (its first option), and sent nothing.
    await expect.poll(() => page.locator('.ant-select:has(#gender) .ant-select-content-has-value').count()).toBe(1);
    await expect.poll(() => page.locator('#gender').getAttribute('aria-expanded')).toBe('false');
    expect(sent).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/admin/staff/create');
    expect((await staffApi.get('/api/admin/organization/staff/index')).meta.total).toBe(0);
    await shot(page, 'content-editors-staff-enter');
    await context.close();

    const editorPage = await open(1440);
    await editorPage.page.goto(`${server.url}/admin/page/${ids.draftPage}/update`);
    const before = (await session.get(`/api/admin/page/${ids.draftPage}`)).revision_count;
    await editorPage.page.getByTestId('page-title').fill('改過的標題');
    const status = editorPage.page.getByTestId('page-status').locator('input');
    await status.focus();
    await status.press('ArrowDown');
    await status.press('Enter');
    expect((await session.get(`/api/admin/page/${ids.draftPage}`)).revision_count).toBe(before);
    expect((await session.get(`/api/admin/page/${ids.draftPage}`)).title).toBe('尚未發佈的新聞');
    expect([...errors, ...editorPage.errors]).toEqual([]);
    await editorPage.context.close();
  });

  it('during an outage: one message that the server cannot be reached, the edit form read-only until its data loads', async () => {
    // No service worker: every request of the page goes through page.route.
    const { context, page } = await signedInPage(browser, server.url, editor, { width: 1440, context: { serviceWorkers: 'block' } });
    await page.goto(`${server.url}/admin/page/${ids.livePage}/update`);
    await expect.poll(() => page.getByTestId('page-title').inputValue()).toBe('已發佈的新聞');
    // The record's own call gets no answer (a reload with no API answering at all is the shell's
    // outage screen before boot, e2e/outage-and-dark.e2e.test.ts).
    await page.route('**/api/admin/page/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    // The screen says the data did not load because the server cannot be reached; no empty, editable form.
    await expect.poll(() => page.locator('.ant-result').textContent()).toContain('無法連線至伺服器');
    expect(await page.getByTestId('page-title').count()).toBe(0);
    expect(await page.getByTestId('form-submit').count()).toBe(0);
    expect(await page.getByText('系統已更新').count()).toBe(0);
    await shot(page, 'content-editors-outage');
    await expectAccessible(page, 'edit screen during an outage');

    // A screen whose code is not loaded yet, with nothing answering: not "a new version", no reload.
    await page.route('**/*', (route) => route.abort('connectionrefused'));
    await page.getByTestId('admin-menu').getByText('產品', { exact: true }).click();
    await expect.poll(() => page.getByTestId('server-unreachable').count()).toBe(1);
    expect(await page.getByText('系統已更新').count()).toBe(0);
    await shot(page, 'content-editors-outage-chunk');

    // The server is back: the edit form loads with its record, editable.
    await page.unrouteAll();
    await page.goto(`${server.url}/admin/page/${ids.livePage}/update`);
    await expect.poll(() => page.getByTestId('page-title').inputValue()).toBe('已發佈的新聞');
    expect(await page.getByTestId('page-title').isEditable()).toBe(true);
    await context.close();
  });
});

describe('product', () => {
  it('the main save saves the edited instance rows with the product; an invalid row stops the whole save', async () => {
    const { context, page, errors } = await open(1440);
    await page.goto(`${server.url}/admin/product/${ids.draftProduct}/update`);
    const rows = page.getByTestId('product-instance-row');
    await expect.poll(() => rows.count()).toBe(2);
    const sku = rows.first().getByTestId('instance-sku');
    await sku.fill('SF-BIG-01');
    await rows.first().getByTestId('instance-stock').fill('12');
    await page.getByTestId('product-name').fill('鋼構框架（新）');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByText('已更新').count()).toBeGreaterThan(0);
    const saved = (await session.get(`/api/admin/product/${ids.draftProduct}/instances`)).data;
    expect(saved.map((i: { sku: string }) => i.sku)).toContain('SF-BIG-01');
    expect(saved.find((i: { sku: string }) => i.sku === 'SF-BIG-01').stock).toBe(12);
    expect((await session.get(`/api/admin/product/${ids.draftProduct}`)).name).toBe('鋼構框架（新）');
    await closeToasts(page);

    // A row that cannot be saved: nothing is sent, the message says which row.
    await sku.fill('');
    await page.getByTestId('product-name').fill('不該儲存');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByText(/尚未儲存：規格/).count()).toBeGreaterThan(0);
    await shot(page, 'content-editors-product-refused');
    expect((await session.get(`/api/admin/product/${ids.draftProduct}`)).name).toBe('鋼構框架（新）');
    expect(errors).toEqual([]);
    await context.close();
  });
});
