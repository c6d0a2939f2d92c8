import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, ROOT, seedAdmin, seedOrganization, shot, signIn, startFlow, type TestServer } from './harness.ts';

// sharp is a dependency of the server workspace; the pictures are made here, not checked in.
const sharp = createRequire(join(ROOT, 'apps/server/package.json'))('sharp') as typeof import('sharp').default;

let server: TestServer;
let browser: Browser;
const editor = { email: 'photo@example.com', password: 'Photo#12345' };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const id = await seedAdmin(server.dataDir, { ...editor, name: 'Photo Editor', roles: ['ROLE_BASE', 'ROLE_PHOTO'] });
  seedOrganization(server.dataDir, {
    name: 'North Site Construction',
    companyId: '24681357',
    uid: 'north',
    members: [{ adminId: id, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }],
  });
});

/** A photo-like JPEG with enough detail to take a moment to upload on a throttled line. */
async function photo(width: number, height: number, hue: string): Promise<Buffer> {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .raw()
    .toBuffer();
  const scene = Buffer.from(`<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">
    <rect width="${width}" height="${height * 0.6}" fill="${hue}" opacity="0.85"/>
    <rect y="${height * 0.6}" width="${width}" height="${height * 0.4}" fill="#8a7556" opacity="0.85"/>
    <rect x="${width * 0.2}" y="${height * 0.25}" width="${width * 0.25}" height="${height * 0.5}" fill="#c9c9c9" opacity="0.9"/>
    <rect x="${width * 0.55}" y="${height * 0.15}" width="${width * 0.18}" height="${height * 0.6}" fill="#9aa7b4" opacity="0.9"/></svg>`);
  return sharp(grain, { raw: { width, height, channels: 3 } })
    .composite([{ input: scene }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

describe('photo library and file manager', () => {
  let page: Page;
  const errors: string[] = [];

  it('uploads two photos with visible progress, opens the viewer and deletes one', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-TW' });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await signIn(page, server.url, editor.email, editor.password);
    await page.goto(`${server.url}/admin/photo`);
    await expect.poll(() => page.getByText('還沒有相片').count()).toBe(1);
    await shot(page, 'photo-empty');

    const files = [
      { name: 'bridge-pier.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1200, '#7fb2e5') },
      { name: 'tower-crane.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 1600, '#f3c77a') },
    ];
    await throttleUploads(page, 400 * 1024);
    await page.getByTestId('photo-file-input').setInputFiles(files);
    const progress = page.getByTestId('upload-progress');
    await expect.poll(() => progress.count()).toBe(2);
    const moving = page.locator('[data-testid=upload-progress][data-status=uploading] [role=progressbar]').first();
    await expect.poll(async () => Number(await moving.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'photo-uploading');
    await throttleUploads(page, null);
    await expect.poll(() => page.locator('[data-testid=upload-progress][data-status=done]').count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('photo-card').count()).toBe(2);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.photo-thumb img')].every(
        (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
      ),
    );
    await shot(page, 'photo-library');
    await expectAccessible(page, 'photo library 1280 zh-TW');

    await page.locator('.photo-thumb').first().click();
    const viewer = page.getByTestId('image-viewer');
    await expect.poll(() => viewer.count()).toBe(1);
    await expect.poll(() => page.getByTestId('viewer-counter').textContent()).toBe('第 1 張，共 2 張');
    await page.waitForFunction(() => {
      const i = document.querySelector('[data-testid=viewer-image]') as HTMLImageElement | null;
      return !!i && i.complete && i.naturalWidth > 0;
    });
    const src = await page.getByTestId('viewer-image').getAttribute('src');
    expect(src).toMatch(/\/large\.jpg$/); // spec section 9: large screens start at "large"
    await shot(page, 'photo-viewer');
    await page.getByTestId('viewer-zoom-in').click();
    await page.getByTestId('viewer-next').click();
    await expect.poll(() => page.getByTestId('viewer-counter').textContent()).toBe('第 2 張，共 2 張');
    await page.getByTestId('viewer-close').click();
    await expect.poll(() => viewer.count()).toBe(0);

    await page.getByTestId('photo-select').first().check();
    await page.getByTestId('photo-delete-selected').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('photo-card').count()).toBe(1);
    await shot(page, 'photo-after-delete');
  });

  it('uploads a private file, makes a signed link and opens it signed out', async () => {
    await page.goto(`${server.url}/admin/file`);
    await expect.poll(() => page.getByTestId('file-upload').count()).toBe(1);
    await page.getByTestId('file-private').check();
    await page
      .getByTestId('file-input')
      .setInputFiles([{ name: '工地配置圖.txt', mimeType: 'text/plain', buffer: Buffer.from('North site layout\nGate A: east\n') }]);
    await expect.poll(() => page.locator('[data-testid=upload-progress][data-status=done]').count(), { timeout: 30_000 }).toBe(1);
    const row = page.locator('.ant-table-row', { hasText: '工地配置圖.txt' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.locator('.file-private-tag').count()).toBe(1);
    await shot(page, 'file-manager');
    await expectAccessible(page, 'file manager 1280 zh-TW');

    await row.getByTestId('file-sign').click();
    await page.getByTestId('signed-create').click();
    const input = page.getByTestId('signed-url');
    await expect.poll(() => input.inputValue()).toMatch(/\/api\/files\/signed\//);
    const url = await input.inputValue();
    await shot(page, 'file-signed-link');

    const outsider = await browser.newContext({ viewport: { width: 900, height: 500 } });
    const other = await outsider.newPage();
    const res = await other.goto(url);
    expect(res?.status()).toBe(200);
    expect(await other.textContent('body')).toContain('North site layout');
    await shot(other, 'file-signed-open');
    const tampered = await other.goto(url.replace(/e=(\d+)/, (_, e) => `e=${Number(e) + 60}`));
    expect(tampered?.status()).toBe(403);
    await outsider.close();

    // A download shows the one download-progress display, then the file is deleted with a confirmation naming it.
    await page.keyboard.press('Escape');
    await page
      .getByTestId('file-input')
      .setInputFiles([{ name: 'site-survey.bin', mimeType: 'application/octet-stream', buffer: randomBytes(64 * 1024) }]);
    const big = page.locator('.ant-table-row', { hasText: 'site-survey.bin' });
    await expect.poll(() => big.count(), { timeout: 30_000 }).toBe(1);
    // Hold the answer back so the progress display is caught while the download runs.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/admin/file/download', async (route) => {
      const res = await route.fetch();
      await held;
      await route.fulfill({ response: res });
    });
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await big.getByTestId('file-download').click();
    const progress = page.getByTestId('download-progress');
    await expect.poll(() => progress.textContent()).toMatch(/site-survey\.bin.*產生檔案中…/);
    await shot(page, 'file-downloading');
    release();
    expect((await downloading).suggestedFilename()).toBe('site-survey.bin');
    await page.unroute('**/api/admin/file/download');
    await expect.poll(() => progress.count()).toBe(0);
    await big.getByTestId('file-delete').click();
    await expect.poll(() => page.locator('.destructive-confirm li', { hasText: 'site-survey.bin' }).count()).toBe(1);
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => big.count()).toBe(0);
    await expect.poll(() => page.getByText('已刪除 1 個檔案').count()).toBeGreaterThan(0);
  });

  it('works at phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/photo`);
    await expect.poll(() => page.getByTestId('photo-card').count()).toBe(1);
    await page.waitForFunction(() => [...document.querySelectorAll('.photo-thumb img')].every((i) => (i as HTMLImageElement).complete));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone-photo');
    await expectAccessible(page, 'photo library 390 zh-TW');
    await page.locator('.photo-thumb').first().click();
    await page.waitForFunction(() => {
      const i = document.querySelector('[data-testid=viewer-image]') as HTMLImageElement | null;
      return !!i && i.complete && i.naturalWidth > 0;
    });
    expect(await page.getByTestId('viewer-image').getAttribute('src')).toMatch(/\/middle\.jpg$/); // smaller screens start at "middle"
    await shot(page, 'phone-photo-viewer');
    await page.getByTestId('viewer-close').click();
    await page.goto(`${server.url}/admin/file`);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone-file');
    await expectAccessible(page, 'file manager 390 zh-TW');
    expect(errors).toEqual([]);
  });
});
