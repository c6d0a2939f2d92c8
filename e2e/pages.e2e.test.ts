import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  type ApiSession,
  expectAccessible,
  type LibraryPhoto,
  openDatabase,
  seedAdminSession,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
  uploadLibraryPhotos,
  waitForSettled,
} from './harness.ts';

// Issue 11: an editor writes a project case with photos from the library, schedules it, sees it
// published on its minute by the server alone, then restores an earlier revision.
const editor = { email: 'page.editor@example.com', password: 'Editor#2026', name: '內容編輯' };
let server: TestServer;
let browser: Browser;
let session: ApiSession;
let photos: LibraryPhoto[];

beforeAll(async () => {
  // Ticks every second instead of every minute, so the flow need not wait for the next minute.
  ({ server, browser } = await startFlow({ env: { MINUTE_TASK_MS: '1000' } }));
  session = await seedAdminSession(server, editor, ['ROLE_PHOTO', 'ROLE_PAGE']);
  photos = await uploadLibraryPhotos(server.url, session, { 橋墩施工: '#0f766e', 完工夜景: '#7c3aed' });
  await session.post('/api/admin/page-category', { type: 'project', name: '公共工程' });
});

const newPage = (width: number, height = 900, language: 'zh-TW' | 'en-US' = 'zh-TW') =>
  signedInPage(browser, server.url, editor, { width, height, language });
const save = (page: Page) =>
  page
    .getByRole('button', { name: /儲\s*存/ })
    .last()
    .click();
/** Taipei wall time, YYYY-MM-DD HH:mm, `minutes` from now. */
const taipeiIn = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

describe('pages', () => {
  let pageId = 0;

  it('writes a project case with a cover and gallery from the library and schedules it', async () => {
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/page`);
    await page.getByTestId('page-create').click();
    await page.waitForURL(/\/admin\/page\/create/);
    await page.locator('.ant-form-item').filter({ hasText: '類型' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '工程實績' }).click();
    await page.getByTestId('page-title').fill('淡水河橋梁改建工程');
    await page.getByTestId('page-slug').fill('tamsui-bridge');
    await page.getByTestId('page-location').fill('新北市淡水區');
    const body = page.locator('[contenteditable="true"]').first();
    await body.click();
    await page.keyboard.type('全長 420 公尺的橋梁改建，');
    await page.keyboard.press('Enter');
    await page.keyboard.type('於 2026 年完工。');
    await page.getByTestId('page-category-select').first().click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '公共工程' }).click();
    await page.getByTestId('photo-field-pick').click();
    await page.getByRole('button', { name: `選擇 ${photos[0]!.title}` }).click();
    await page.getByTestId('photo-field').locator('img').waitFor();
    // The library dialog has closed (its closing animation) before the gallery opens its own.
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    await page.getByTestId('page-gallery-add').click();
    await page.getByRole('button', { name: `選擇 ${photos[1]!.title}` }).click();
    await page.getByTestId('page-gallery').locator('img').waitFor();

    await page.getByTestId('page-status').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '排程中' }).click();
    const when = page.getByTestId('page-publish-at');
    await when.click();
    await page.keyboard.type(taipeiIn(3));
    await page.locator('.ant-picker-ok button').click();
    await shot(page, 'page-form-project');
    await expectAccessible(page, 'page form 1440 zh-TW');
    await save(page);
    await page.waitForURL(/\/admin\/page\/\d+\/update$/);
    pageId = Number(/page\/(\d+)\/update/.exec(page.url())![1]);
    await page.locator('.ant-tag').filter({ hasText: '排程中' }).first().waitFor();
    const stored = await session.get(`/api/admin/page/${pageId}`);
    expect(stored).toMatchObject({ type: 'project', status: 'scheduled', cover_photo: { id: photos[0]!.id }, location: '新北市淡水區' });
    expect(stored.gallery.map((g: { id: number }) => g.id)).toEqual([photos[1]!.id]);
    expect(stored.body).toContain('全長 420 公尺');
    expect((await fetch(`${server.url}/api/public/pages/project/tamsui-bridge`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes out when its minute comes, with no request to the server', async () => {
    // Time passes: the minute it was scheduled for is now (the server's minute task sees it by itself).
    const db = openDatabase(server.dataDir);
    try {
      db.prepare('UPDATE pages SET publish_at = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), pageId);
    } finally {
      db.close();
    }
    await expect
      .poll(async () => (await fetch(`${server.url}/api/public/pages/project/tamsui-bridge`)).status, { timeout: 10_000 })
      .toBe(200);
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/page?type=project`);
    await page
      .locator('tr.ant-table-row')
      .filter({ hasText: '淡水河橋梁改建工程' })
      .locator('.ant-tag')
      .filter({ hasText: '已發布' })
      .waitFor();
    await shot(page, 'page-list');
    await expectAccessible(page, 'page list 1440 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits the title, compares with the first revision and restores it', async () => {
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/page/${pageId}/update`);
    await page.getByTestId('page-title').fill('淡水河橋梁改建工程（完工）');
    await save(page);
    await page.getByText('已更新').first().waitFor();
    await page.getByTestId('page-revisions-open').click();
    await page.getByTestId('page-revision-list').getByText('第 1 版').waitFor();
    await page.getByTestId('page-revision-list').locator('.ant-list-item').last().getByRole('button', { name: '比較' }).click();
    await page.getByTestId('page-revision-diff').getByText('淡水河橋梁改建工程（完工）').waitFor();
    await shot(page, 'page-revisions');
    await expectAccessible(page, 'page revisions 1440 zh-TW');
    await page.getByTestId('page-restore-1').click();
    await page.getByRole('dialog').last().getByRole('button', { name: '還原這一版' }).click();
    await page.getByText('已還原第 1 版').waitFor();
    await expect.poll(async () => (await session.get(`/api/admin/page/${pageId}`)).title).toBe('淡水河橋梁改建工程');
    expect((await session.get(`/api/admin/page/${pageId}`)).status).toBe('published');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a 390 px phone', async () => {
    const { context, page, errors } = await newPage(390, 844);
    await page.goto(`${server.url}/admin/page`);
    await page.locator('tr.ant-table-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await expectAccessible(page, 'page list 390 zh-TW');
    await shot(page, 'page-list-390');
    await page.goto(`${server.url}/admin/page/${pageId}/update`);
    await page.getByTestId('page-title').waitFor();
    await waitForSettled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, 'page-form-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in English: the list, the form and the revisions', async () => {
    const { context, page, errors } = await newPage(1440, 900, 'en-US');
    await page.goto(`${server.url}/admin/page`);
    await page.getByRole('heading', { name: 'Pages and news' }).waitFor();
    await page.locator('tr.ant-table-row .ant-tag').filter({ hasText: 'Published' }).first().waitFor();
    await page.goto(`${server.url}/admin/page/${pageId}/update`);
    await page.getByText('Project details').waitFor();
    await page.getByTestId('page-revisions-open').click();
    await page.getByTestId('page-revision-list').getByText('Revision 1').first().waitFor();
    await shot(page, 'page-revisions-en');
    await expectAccessible(page, 'page revisions 1440 en-US');
    expect(errors).toEqual([]);
    await context.close();
  });
});
