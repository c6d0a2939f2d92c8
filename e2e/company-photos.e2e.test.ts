import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, noSideScroll, openPage, ROOT, seedAdmin, shot, signIn, startFlow, type TestServer } from './harness.ts';

/**
 * Issue 42, wall 1, on an empty data folder without mail: the owner uploads the logo and photos
 * before any organization exists, then creates the first organization (the header selects it). The
 * photos stay the company's: 相片庫's company view and every website photo picker still show them.
 */
const sharp = createRequire(join(ROOT, 'apps/server/package.json'))('sharp') as typeof import('sharp').default;
const jpeg = (background: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background } })
    .jpeg()
    .toBuffer();

let server: TestServer;
let browser: Browser;
const owner = { email: 'owner.photos@example.com', password: 'Owner#2026' };
const FILES = ['company-logo.jpg', 'site-banner.jpg'];

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  await seedAdmin(server.dataDir, {
    ...owner,
    name: 'Owner',
    roles: ['ROLE_SUPER_ADMIN', 'ROLE_PHOTO', 'ROLE_PAGE', 'ROLE_BANNER', 'ROLE_VIDEO', 'ROLE_PRODUCT'],
  });
});

/** Opens a website form's picker and checks it offers both photos of the company. */
async function pickerShowsCompanyPhotos(page: Page, url: string, opener: string) {
  await page.goto(`${server.url}${url}`);
  await page.getByTestId(opener).first().click();
  const picker = page.getByTestId('photo-library-picker');
  for (const name of FILES) await picker.getByRole('button', { name: `選擇 ${name}` }).waitFor();
  expect(await picker.getByText('相簿裡還沒有相片').count()).toBe(0);
}

describe('the company’s photos after the first organization', () => {
  it('keeps the photos uploaded before any organization in the company library and every website picker, at 1440 and 390 px', async () => {
    const { context, page, errors } = await openPage(browser, { width: 1440, height: 900, language: 'zh-TW' });
    await signIn(page, server.url, owner.email, owner.password);
    await page.goto(`${server.url}/admin/photo`);
    await page.getByText('還沒有相片').first().waitFor();
    expect(await page.getByTestId('photo-library-switch').count()).toBe(0);
    await page.getByTestId('photo-file-input').setInputFiles([
      { name: FILES[0]!, mimeType: 'image/jpeg', buffer: await jpeg('#0a7d48') },
      { name: FILES[1]!, mimeType: 'image/jpeg', buffer: await jpeg('#2563eb') },
    ]);
    await expect.poll(() => page.getByTestId('photo-card').count(), { timeout: 30_000 }).toBe(2);

    await page.goto(`${server.url}/admin/admin-organization/create`);
    await page.getByTestId('organization-name').fill('北區工務所');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/admin\/admin-organization\/\d+\/update$/);
    await page.getByTestId('organization-switcher').getByText('北區工務所').first().waitFor();

    await page.goto(`${server.url}/admin/photo`);
    const switcher = page.getByTestId('photo-library-switch');
    await switcher.waitFor();
    // The organization's own library is empty; the company's still holds the photos.
    await page.getByText('還沒有相片').first().waitFor();
    await switcher.getByText('公司（網站用）').click();
    await expect.poll(() => page.getByTestId('photo-card').count()).toBe(2);
    await page.getByText('公司的相片：網站的標誌').waitFor();
    await shot(page, 'company-photos-1440');
    await expectAccessible(page, 'company photo library 1440 zh-TW');

    await pickerShowsCompanyPhotos(page, '/admin/website-settings', 'photo-field-pick');
    await shot(page, 'company-photos-logo-picker-1440');
    await expectAccessible(page, 'logo picker 1440 zh-TW');
    await pickerShowsCompanyPhotos(page, '/admin/page/create', 'photo-field-pick');
    await pickerShowsCompanyPhotos(page, '/admin/banner/create', 'photo-field-pick');
    await pickerShowsCompanyPhotos(page, '/admin/product/create', 'product-photos-add');
    await pickerShowsCompanyPhotos(page, '/admin/video/create', 'photo-field-pick');
    expect(errors).toEqual([]);
    await context.close();

    const phone = await openPage(browser, { width: 390, height: 844, language: 'zh-TW' });
    await signIn(phone.page, server.url, owner.email, owner.password);
    await phone.page.goto(`${server.url}/admin/photo`);
    await phone.page.getByTestId('photo-library-switch').getByText('公司（網站用）').click();
    await expect.poll(() => phone.page.getByTestId('photo-card').count()).toBe(2);
    expect(await noSideScroll(phone.page)).toBe(true);
    await shot(phone.page, 'company-photos-390');
    await expectAccessible(phone.page, 'company photo library 390 zh-TW');
    await pickerShowsCompanyPhotos(phone.page, '/admin/banner/create', 'photo-field-pick');
    await shot(phone.page, 'company-photos-banner-picker-390');
    await expectAccessible(phone.page, 'banner picker 390 zh-TW');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
