import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, shot, signedInPage, startFlow, type TestServer } from './harness.ts';

// Issue 11: a super admin writes rich text on /admin/debug/html-editor (spec section 2) and sees the
// HTML it makes; full screen is the 1680 layer of spec section 9; typing through an input method
// never splits a paragraph on the Enter that ends the composition.
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startFlow());
});

const area = (page: Page) => page.getByRole('textbox', { name: 'HTML 編輯器內容' });
const source = (page: Page) => page.getByTestId('html-editor-source').innerText();
const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: '編輯工具列' }).getByRole('button', { name, exact: true });

describe('HTML editor', () => {
  it('writes headings, lists, links, a video and a table, full screen on its layer, and keeps IME input whole', async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, server.admin, { width: 1440 });
    await page.goto(`${server.url}/admin/debug/html-editor`);
    await area(page).waitFor();
    await page.getByRole('heading', { level: 1, name: 'HTML 編輯器' }).waitFor();

    // A heading, then a paragraph.
    await area(page).click();
    await tool(page, '標題 2').click();
    await expect(tool(page, '標題 2').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.keyboard.type('工程實績');
    await page.keyboard.press('Enter');

    // IME: the Enter that ends a composition (keyCode 229) belongs to the input method.
    const paragraphs = area(page).locator('p');
    const before = await paragraphs.count();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '營造', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'rawKeyDown',
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: 229,
      nativeVirtualKeyCode: 229,
    });
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: 13,
      nativeVirtualKeyCode: 13,
    });
    await cdp.send('Input.insertText', { text: '營造' });
    await expect(paragraphs.count()).resolves.toBe(before);
    await expect(paragraphs.filter({ hasText: /^營造$/ }).count()).resolves.toBe(1);
    await page.waitForFunction(() => document.querySelector('[data-testid="html-editor-source"]')?.textContent?.includes('<p>營造</p>'));
    // After the composition, Enter splits the paragraph as usual.
    await page.keyboard.press('Enter');
    await expect(paragraphs.count()).resolves.toBe(before + 1);
    await cdp.detach();

    // A bulleted list, left with an Enter on its empty item.
    await tool(page, '項目清單').click();
    await page.keyboard.type('基礎工程');
    await page.keyboard.press('Enter');
    await page.keyboard.type('結構工程');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // A link: a javascript: address is refused on its field.
    await page.keyboard.type('詳見 ');
    await tool(page, '插入連結').click();
    const linkDialog = page.getByTestId('rich-text-link-dialog');
    await linkDialog.getByTestId('rich-text-link-url').fill('javascript:alert(1)');
    await linkDialog
      .getByRole('button', { name: '插 入' })
      .or(linkDialog.getByRole('button', { name: '插入' }))
      .click();
    await linkDialog.getByText('請輸入 http、https、mailto、tel 網址或 / 開頭的站內路徑').waitFor();
    await linkDialog.getByTestId('rich-text-link-url').fill('https://example.com/works');
    await linkDialog.getByTestId('rich-text-link-url').press('Enter');
    await linkDialog.waitFor({ state: 'hidden' });
    await area(page).locator('a[href="https://example.com/works"]').waitFor();

    // A YouTube video: an address without an id is refused on its field.
    await tool(page, '插入 YouTube 影片').click();
    const videoDialog = page.getByTestId('rich-text-youtube-dialog');
    await videoDialog.getByTestId('rich-text-youtube-url').fill('https://www.youtube.com/');
    await videoDialog.getByTestId('rich-text-youtube-url').press('Enter');
    await videoDialog.getByText('這個網址找不到影片 ID').waitFor();
    await videoDialog.getByTestId('rich-text-youtube-url').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10');
    await videoDialog.getByTestId('rich-text-youtube-title').fill('工地導覽');
    await videoDialog.getByTestId('rich-text-youtube-url').press('Enter');
    await videoDialog.waitFor({ state: 'hidden' });
    await area(page).locator('[data-youtube-video][data-video-id="dQw4w9WgXcQ"]').waitFor();

    // The photo library opens over the editor (a fresh server has no photos).
    await tool(page, '從相簿插入圖片').click();
    const picker = page.getByTestId('photo-library-picker');
    await picker.getByText('相簿裡還沒有相片').waitFor();
    // Issue 42, item 8: an empty library does not dead-end, the picker uploads.
    await picker.getByTestId('photo-picker-upload').waitFor();
    await expectAccessible(page, 'photo library picker 1440 zh-TW');
    await shot(page, 'html-editor-photo-library-1440-zh');
    await picker.getByRole('button', { name: /Close|關閉/ }).click();

    // A table with a header row, one more row below (after the video, which stays).
    await tool(page, '插入表格').click();
    await page.keyboard.type('項目');
    await tool(page, '在下方新增列').click();
    await expect(area(page).locator('table tr').count()).resolves.toBe(4);

    // The source shows a block a line.
    const html = (await source(page)).replace(/\n/g, '');
    expect(html).toContain('<h2>工程實績</h2>');
    expect(html).toContain('<p>營造</p>');
    expect(html).toMatch(/<ul><li><p>基礎工程<\/p><\/li><li><p>結構工程<\/p><\/li><\/ul>/);
    expect(html).toMatch(/<a [^>]*href="https:\/\/example\.com\/works"[^>]*>https:\/\/example\.com\/works<\/a>/);
    expect(html).toMatch(/<a [^>]*rel="noopener noreferrer"/);
    expect(html).toContain(
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="360" allowfullscreen="" title="工地導覽"></iframe></div>',
    );
    expect(html).toMatch(/<table><tbody><tr><th><p>項目<\/p><\/th>/);
    expect(html).not.toContain('style=');

    // The preview renders it (the video's frame loads nothing here: no other host resolves).
    await page.getByRole('tab', { name: '預覽' }).click();
    const preview = page.getByTestId('html-editor-preview');
    await preview.getByRole('heading', { level: 2, name: '工程實績' }).waitFor();
    await preview.getByRole('link', { name: 'https://example.com/works' }).waitFor();
    await expect(preview.locator('table tr').count()).resolves.toBe(4);
    const frame = preview.locator('div[data-youtube-video] iframe[title="工地導覽"]');
    await expect(frame.getAttribute('src')).resolves.toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await shot(page, 'html-editor-preview-1440-zh');
    await page.getByRole('tab', { name: 'HTML 原始碼' }).click();

    // Full screen: a fixed layer over the viewport at z-index 1680; Escape leaves it.
    await tool(page, '全螢幕').click();
    const editor = page.getByTestId('rich-text-editor');
    const layer = await editor.evaluate((el) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return { zIndex: s.zIndex, position: s.position, width: r.width, height: r.height, top: r.top, left: r.left };
    });
    expect(layer).toEqual({ zIndex: '1680', position: 'fixed', width: 1440, height: 900, top: 0, left: 0 });
    await expect(tool(page, '離開全螢幕（Esc）').getAttribute('aria-pressed')).resolves.toBe('true');
    await shot(page, 'html-editor-full-screen-1440-zh');
    await area(page).click();
    await page.keyboard.press('Escape');
    await expect(editor.evaluate((el) => getComputedStyle(el).position)).resolves.toBe('static');
    await tool(page, '全螢幕').waitFor();

    await shot(page, 'html-editor-1440-zh');
    await expectAccessible(page, 'HTML editor 1440 zh-TW');

    await page.setViewportSize({ width: 390, height: 844 });
    await area(page).waitFor();
    await shot(page, 'html-editor-390-zh');
    await expectAccessible(page, 'HTML editor 390 zh-TW');
    // The toolbar wraps inside the phone's width.
    const toolbarWidth = await page.getByRole('toolbar', { name: '編輯工具列' }).evaluate((el) => el.getBoundingClientRect().right);
    expect(toolbarWidth).toBeLessThanOrEqual(390);

    expect(errors).toEqual([]);
    await context.close();
  });
});
