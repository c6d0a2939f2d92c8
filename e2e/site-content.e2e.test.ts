import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  type ApiSession,
  expectAccessible,
  type LibraryPhoto,
  noSideScroll,
  seedAdminSession,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
  uploadLibraryPhotos,
} from './harness.ts';

// Issue 11: an editor of the website's content writes a video with a library photo, arranges the
// banners and handles a message the site's contact form sent, at 1440 and 390 px.
const editor = { email: 'web.editor@example.com', password: 'Editor#2026', name: '網站編輯' };
let server: TestServer;
let browser: Browser;
let session: ApiSession;
let photos: LibraryPhoto[];

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  session = await seedAdminSession(server, editor, ['ROLE_PHOTO', 'ROLE_VIDEO', 'ROLE_BANNER', 'ROLE_CONTACT']);
  photos = await uploadLibraryPhotos(server.url, session, { 工地空拍: '#2563eb', 完工外觀: '#16a34a' });
});

const newPage = (width: number, height = 900) => signedInPage(browser, server.url, editor, { width, height });

describe('site content', () => {
  it('writes a video from a YouTube link with a cover photo from the library', async () => {
    const { context, page, errors } = await newPage(1440);
    const menu = page.getByTestId('admin-menu');
    await menu.getByText('網站內容').click();
    await menu.getByText('影片').click();
    await page.waitForURL(`${server.url}/admin/video`);
    await page.getByTestId('video-create').first().click();
    await page.getByTestId('video-title').fill('新北市辦公大樓工程紀錄');
    await page.getByTestId('video-url').fill('https://example.com/watch?v=dQw4w9WgXcQ');
    await page
      .getByRole('button', { name: /儲\s*存|建\s*立|新\s*增/ })
      .last()
      .click();
    await page.getByText('找不到 YouTube 影片代碼').first().waitFor();
    await page.getByTestId('video-url').fill('https://youtu.be/dQw4w9WgXcQ');
    const player = page.getByTestId('video-player').locator('iframe');
    await expect.poll(() => player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await page.getByTestId('photo-field-pick').click();
    await page.getByRole('button', { name: `選擇 ${photos[0]!.title}` }).click();
    await page.getByTestId('photo-field').locator('img').waitFor();
    await shot(page, 'video-form');
    await expectAccessible(page, 'video form 1440 zh-TW');
    await page
      .getByRole('button', { name: /儲\s*存|建\s*立|新\s*增/ })
      .last()
      .click();
    await page.waitForURL(/\/admin\/video\/\d+\/update$/);
    await page.goto(`${server.url}/admin/video`);
    const row = page.locator('tr.ant-table-row').filter({ hasText: '新北市辦公大樓工程紀錄' });
    await row.locator('img').waitFor();
    await shot(page, 'video-list');
    await expectAccessible(page, 'video list 1440 zh-TW');
    const pub = (await (await fetch(`${server.url}/api/public/videos`)).json()) as { data: { title: string; photo: { id: number } }[] };
    expect(pub.data).toMatchObject([{ title: '新北市辦公大樓工程紀錄', photo: { id: photos[0]!.id } }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts two banners on the home page and drags their order around', async () => {
    for (const [title, photo] of [
      ['秋季工程實績', photos[0]!],
      ['安全第一', photos[1]!],
    ] as const)
      await session.post('/api/admin/banner', { title, position: 'home', photo_id: photo.id });
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/banner`);
    await page.locator('tr.ant-table-row').filter({ hasText: '安全第一' }).waitFor();
    // The arrange view (issue 26): the home banners in their order, each moved by its buttons and stored at once.
    await page.getByTestId('order-arrange').click();
    await page.getByTestId('order-done').waitFor();
    await page.getByRole('button', { name: '上移 安全第一' }).click();
    await page.getByText('順序已儲存').waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row').first().textContent()).toContain('安全第一');
    await shot(page, 'banner-order');
    await expectAccessible(page, 'banner order view 1440 zh-TW');
    const pub = (await (await fetch(`${server.url}/api/public/banners?position=home`)).json()) as { data: { title: string }[] };
    expect(pub.data.map((b) => b.title)).toEqual(['安全第一', '秋季工程實績']);
    await shot(page, 'banner-list');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('handles a message from the site: assign, note, mark handled, export', async () => {
    const sent = await fetch(`${server.url}/api/public/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '林小姐', email: 'lin@example.com', phone: '0912345678', message: '想詢問透天厝新建工程的報價與工期' }),
    });
    expect(sent.status).toBe(200);
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/contact`);
    await page.locator('tr.ant-table-row').filter({ hasText: '林小姐' }).getByRole('button', { name: '林小姐' }).click();
    const detail = page.getByTestId('contact-detail');
    await detail.getByText('想詢問透天厝新建工程的報價與工期').waitFor();
    await page.getByTestId('contact-assignee').click();
    await page.locator('.ant-select-item-option').filter({ hasText: editor.name }).click();
    await page.getByText('已更新').first().waitFor();
    await page.locator('#contact-note').fill('已回電，週五到現場估價');
    await page.getByTestId('contact-save-note').click();
    await page.getByTestId('contact-status').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '已處理' }).click();
    await expect
      .poll(async () => (await session.get('/api/admin/contact/index')).data[0])
      .toMatchObject({
        status: 'handled',
        handler_note: '已回電，週五到現場估價',
        assignee: { name: editor.name },
      });
    await shot(page, 'contact-detail');
    await expectAccessible(page, 'contact drawer 1440 zh-TW');
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contact-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-.*\.xlsx$/);
    await shot(page, 'contact-list');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a 390 px phone: the lists, the video form and the contact drawer', async () => {
    const { context, page, errors } = await newPage(390, 844);
    for (const path of ['/admin/video', '/admin/banner', '/admin/contact']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('tr.ant-table-row').first().waitFor();
      expect(await noSideScroll(page), path).toBe(true);
      await expectAccessible(page, `${path} 390 zh-TW`);
    }
    await shot(page, 'contact-list-390');
    await page.locator('tr.ant-table-row').first().getByRole('button').first().click();
    await page.getByTestId('contact-detail').waitFor();
    await shot(page, 'contact-detail-390');
    await page.goto(`${server.url}/admin/video`);
    await page.locator('tr.ant-table-row a').first().click();
    await page.getByTestId('video-player').waitFor();
    await shot(page, 'video-form-390');
    expect(await noSideScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
