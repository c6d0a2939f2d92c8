import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  type ApiSession,
  expectAccessible,
  noSideScroll,
  seedAdminSession,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
} from './harness.ts';

// Issue 36: two admins open the same video and each saves a different change. The second save is
// refused (409); the conflict dialog shows the other person's values beside the user's, field by
// field; the user keeps the other one's title and their own English title, and the video ends with both.
const first = { email: 'xiaoming@example.com', password: 'Xiaoming#2026', name: '王小明' };
const second = { email: 'meihua@example.com', password: 'Meihua#2026', name: '陳美華' };
let server: TestServer;
let browser: Browser;
let session: ApiSession;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  session = await seedAdminSession(server, first, ['ROLE_VIDEO']);
  await seedAdminSession(server, second, ['ROLE_VIDEO']);
});

const video = (title: string) =>
  session.post<{ id: number; version: number }>('/api/admin/video', {
    title,
    youtube_url: 'https://youtu.be/dQw4w9WgXcQ',
    published: true,
  });

async function openForm(page: Page, id: number) {
  await page.goto(`${server.url}/admin/video/${id}/update`);
  await page.getByTestId('video-title').waitFor();
  await expect.poll(() => page.getByTestId('video-title').inputValue()).not.toBe('');
}

describe('two admins edit the same record', () => {
  for (const width of [1440, 390]) {
    it(`the second save opens the field-by-field conflict dialog; the record keeps one field of each (${width} px)`, async () => {
      const v = await video(`工安週活動影片 ${width}`);
      const a = await signedInPage(browser, server.url, first, { width });
      const b = await signedInPage(browser, server.url, second, { width });
      await openForm(a.page, v.id);
      await openForm(b.page, v.id);

      // 王小明 saves first: a new title and a new English title.
      await a.page.getByTestId('video-title').fill('工安週：高處作業');
      await a.page.locator('#title_en').fill('Safety week: work at height');
      await a.page.getByTestId('form-submit').click();
      await expect.poll(async () => (await session.get<{ title: string }>(`/api/admin/video/${v.id}`)).title).toBe('工安週：高處作業');

      // 陳美華's form says it is behind once her window is back in front (record-versions is asked then).
      await b.page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      const behind = b.page.getByTestId('record-behind');
      await behind.waitFor();
      expect(await behind.textContent()).toMatch(/王小明 在 \d\d:\d\d 修改了這筆資料/);
      // 陳美華, from the copy opened before, changes both too and saves.
      await b.page.getByTestId('video-title').fill('工安週活動');
      await b.page.locator('#title_en').fill('Safety week 2026');
      await b.page.getByTestId('form-submit').click();
      const dialog = b.page.getByTestId('conflict-dialog').locator('.ant-modal');
      await dialog.waitFor();
      await expect.poll(() => dialog.getByTestId('conflict-who').textContent()).toMatch(/^王小明 在 \d\d:\d\d 修改了這筆資料。$/);
      // The form's own labels, both sides of each field.
      const title = dialog.getByTestId('conflict-field-title');
      expect(await title.locator('legend').textContent()).toContain('標題');
      expect(await title.textContent()).toContain('工安週：高處作業');
      expect(await title.textContent()).toContain('工安週活動');
      // Both changed both fields: nothing is saved before a side is chosen for each.
      expect(await dialog.getByTestId('conflict-apply').isDisabled()).toBe(true);
      await shot(b.page, `edit-conflict-dialog-${width}`, { fullPage: false });
      await expectAccessible(b.page, `conflict dialog ${width} zh-TW`);
      if (width === 390) expect(await noSideScroll(b.page)).toBe(true);

      await dialog.getByTestId('conflict-theirs-title').check();
      await dialog.getByTestId('conflict-mine-title_en').check();
      await dialog.getByTestId('conflict-apply').click();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(async () => {
          const r = await session.get<{ title: string; title_en: string | null }>(`/api/admin/video/${v.id}`);
          return [r.title, r.title_en];
        })
        .toEqual(['工安週：高處作業', 'Safety week 2026']);
      // The form shows what was saved, nothing of the user's input lost.
      expect(await b.page.getByTestId('video-title').inputValue()).toBe('工安週：高處作業');
      expect(await b.page.locator('#title_en').inputValue()).toBe('Safety week 2026');
      expect([...a.errors, ...b.errors]).toEqual([]);
      await a.context.close();
      await b.context.close();
    });
  }
});
