import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  type ApiSession,
  expectAccessible,
  type LibraryPhoto,
  seedAdminSession,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
  uploadLibraryPhotos,
} from './harness.ts';

/**
 * Issue 36: deleting a library photo the home banner shows names the banner in the confirmation as
 * going off the website; cancelling keeps everything, confirming deletes the photo and the banner
 * lets go of it.
 */
const editor = { email: 'photo.keeper@example.com', password: 'Keeper#2026', name: '相片管理' };
let server: TestServer;
let browser: Browser;
let session: ApiSession;
let photos: LibraryPhoto[];
let banner: number;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  session = await seedAdminSession(server, editor, ['ROLE_PHOTO', 'ROLE_BANNER']);
  photos = await uploadLibraryPhotos(server.url, session, { 春季主視覺: '#0f766e', 備用相片: '#2563eb' });
  banner = (await session.post('/api/admin/banner', { title: '春季促銷', position: 'home', photo_id: photos[0]!.id })).id;
});

describe('deleting a photo in use', () => {
  it('names the home banner as leaving the website, and deletes only once confirmed', async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, editor, { width: 1440, language: 'zh-TW' });
    await page.goto(`${server.url}/admin/photo`);
    await expect.poll(() => page.getByTestId('photo-card').count()).toBe(2);
    const card = page.getByTestId('photo-card').filter({ hasText: '春季主視覺' });
    await card.getByTestId('photo-select').check();
    await page.getByTestId('photo-delete-selected').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: '刪除 1 張使用中的相片？' }).waitFor();
    expect(await dialog.getByTestId('photo-use-on-website').textContent()).toBe('首頁橫幅『春季促銷』會從網站上移除');
    await shot(page, 'photo-in-use-confirm-1440');
    await expectAccessible(page, 'photo in use confirmation');
    await dialog.locator('.ant-modal-confirm-btns button:not([data-testid="confirm-ok"])').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await session.get(`/api/admin/banner/${banner}`)).photo_id).toBe(photos[0]!.id);

    await page.getByTestId('photo-delete-selected').click();
    await dialog.getByTestId('photo-use-on-website').waitFor();
    await dialog.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('photo-card').count()).toBe(1);
    expect((await session.get(`/api/admin/banner/${banner}`)).photo_id).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
