import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

// Issue 26 point 3: an editor drags banners and pages into order (a mouse at 1440 px, the move
// buttons from the keyboard and at 390 px); the order is stored and the website shows it.
const editor = { email: 'order.editor@example.com', password: 'Editor#2026', name: '排序編輯' };
let server: TestServer;
let browser: Browser;
let session: ApiSession;
let photos: LibraryPhoto[];

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  session = await seedAdminSession(server, editor, ['ROLE_PHOTO', 'ROLE_BANNER', 'ROLE_PAGE']);
  photos = await uploadLibraryPhotos(server.url, session, { 工地: '#2563eb', 外觀: '#16a34a' });
  for (const title of ['甲橫幅', '乙橫幅', '丙橫幅'])
    await session.post('/api/admin/banner', { title, position: 'home', photo_id: photos[0]!.id });
  for (const [i, title] of ['公司簡介', '服務項目', '聯絡資訊'].entries())
    await session.post('/api/admin/page', { type: 'default', slug: `about-${i}`, title, body: '<p>內容</p>', status: 'published' });
});

/** Each row's title: the link that opens it. */
const rowTitles = (page: Page) =>
  page.locator('tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.querySelector('a')?.textContent ?? ''));
const publicBanners = async () =>
  ((await (await fetch(`${server.url}/api/public/banners?position=home`)).json()) as { data: { title: string }[] }).data.map(
    (b) => b.title,
  );

describe('drag to reorder', () => {
  it('drags a banner row into place at 1440 px and moves one with the keyboard; the order stays after a reload', async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, editor, { width: 1440 });
    await page.goto(`${server.url}/admin/banner`);
    await page.getByTestId('order-arrange').click();
    await page.getByTestId('order-done').waitFor();
    expect(await rowTitles(page)).toEqual(['甲橫幅', '乙橫幅', '丙橫幅']);

    const row = (title: string) => page.locator('tr.ant-table-row').filter({ hasText: title });
    await row('丙橫幅').dragTo(row('甲橫幅'));
    await page.getByText('順序已儲存').first().waitFor();
    await expect.poll(() => rowTitles(page)).toEqual(['丙橫幅', '甲橫幅', '乙橫幅']);
    expect(await publicBanners()).toEqual(['丙橫幅', '甲橫幅', '乙橫幅']);

    // The keyboard: focus "move down" on the first row and press Enter.
    await page.getByRole('button', { name: '下移 丙橫幅' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => publicBanners()).toEqual(['甲橫幅', '丙橫幅', '乙橫幅']);
    expect(await page.getByRole('button', { name: '下移 丙橫幅' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await shot(page, 'reorder-banners-1440');
    await expectAccessible(page, 'banner arrange view 1440 zh-TW');

    await page.reload();
    await page.getByTestId('order-done').waitFor();
    await expect.poll(() => rowTitles(page)).toEqual(['甲橫幅', '丙橫幅', '乙橫幅']);
    const home = await (await fetch(`${server.url}/site`)).text();
    expect(home.indexOf('甲橫幅')).toBeLessThan(home.indexOf('丙橫幅'));
    expect(home.indexOf('丙橫幅')).toBeLessThan(home.indexOf('乙橫幅'));

    // Someone adds a banner meanwhile: a move on the old list is refused with its reason, and the list reloads.
    await session.post('/api/admin/banner', { title: '丁橫幅', position: 'home', photo_id: photos[1]!.id });
    await page.getByRole('button', { name: '上移 乙橫幅' }).click();
    await page.getByText('清單在這期間有變動，已重新載入；請再移動一次').waitFor();
    await expect.poll(() => rowTitles(page)).toContain('丁橫幅');
    expect(await publicBanners()).toEqual(['丁橫幅', '甲橫幅', '丙橫幅', '乙橫幅']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves a page up at 390 px with the move buttons, in light and dark; the website lists the pages so', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await signedInPage(browser, server.url, editor, {
        width: 390,
        height: 844,
        context: { colorScheme: scheme, hasTouch: true, isMobile: true },
      });
      await page.goto(`${server.url}/admin/page`);
      await page.getByTestId('order-arrange').click();
      await page.getByTestId('order-done').waitFor();
      const before = await rowTitles(page);
      expect(before).toHaveLength(3);
      const last = before[2]!;
      await page.getByRole('button', { name: `上移 ${last}` }).click();
      await page.getByText('順序已儲存').first().waitFor();
      const moved = [before[0]!, last, before[1]!];
      await expect.poll(() => rowTitles(page)).toEqual(moved);
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, `reorder-pages-390-${scheme}`);
      await expectAccessible(page, `page arrange view 390 zh-TW ${scheme}`);
      await page.reload();
      await page.getByTestId('order-done').waitFor();
      await expect.poll(() => rowTitles(page)).toEqual(moved);
      const list = await (await fetch(`${server.url}/site/pages`)).text();
      const at = moved.map((title) => list.indexOf(title));
      expect(at.every((p, i) => p >= 0 && (i === 0 || p > at[i - 1]!))).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
