import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  closeToasts,
  expectAccessible,
  noSideScroll,
  seedAdminSession,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
  scrollToOverviewCards,
} from './harness.ts';

/**
 * Issue 41, four eyes before the website changes: the super admin cannot switch the page workflow on
 * while they alone can edit pages; with two more editors they can. Then an editor writes a page and
 * sends it to review; a second admin comments and returns it; the editor changes it and sends it
 * again; the second admin approves and publishes it, and it shows on /site (not before).
 */
let server: TestServer;
let browser: Browser;
const editor = { email: 'review.editor@example.com', password: 'Editor#2026', name: '陳編輯' };
const reviewer = { email: 'review.lead@example.com', password: 'Reviewer#2026', name: '林主任' };

beforeAll(async () => {
  ({ server, browser } = await startFlow());
});

type Language = 'zh-TW' | 'en-US';
const phone = (width: number) => (width < 600 ? { context: { isMobile: true, hasTouch: true } } : {});
const open = (who: { email: string; password: string }, width: number, language: Language = 'zh-TW') =>
  signedInPage(browser, server.url, who, { width, height: width < 600 ? 844 : 900, language, ...phone(width) });
const stage = (page: Page) => page.getByTestId('review-stage');
const WORDS = {
  'zh-TW': { draft: '草稿', in_review: '待審核', returned: '退回', approved: '已核准', published: '已發布' },
  'en-US': { draft: 'Draft', in_review: 'In review', returned: 'Returned', approved: 'Approved', published: 'Published' },
} as const;

describe('review workflow settings', () => {
  it('refuses switching the page workflow on while one admin alone can edit pages, then switches it on with a second', async () => {
    for (const width of [1440, 390]) {
      const { context, page, errors } = await open(server.admin, width);
      await page.goto(`${server.url}/admin/app-settings/review`);
      await page.getByTestId('review-workflow-page').waitFor();
      await page.getByTestId('review-on-page').click();
      await page.getByTestId('review-settings-save').click();
      const refusal = page.getByTestId('review-settings-error');
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(/只有一位管理員/);
      expect(await page.getByTestId('review-editors-page').textContent()).toMatch(/只有 1 位/);
      await expectAccessible(page, `review settings refused (${width} px)`);
      expect(await noSideScroll(page)).toBe(true);
      await shot(page, `review-settings-refused-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }

    await seedAdminSession(server, editor, ['ROLE_PAGE']);
    await seedAdminSession(server, reviewer, ['ROLE_PAGE']);
    const { context, page, errors } = await open(server.admin, 1440);
    await page.goto(`${server.url}/admin/app-settings/review`);
    await page.getByTestId('review-workflow-page').waitFor();
    expect(await page.getByTestId('review-editors-page').textContent()).toMatch(/3 位/);
    await page.getByTestId('review-on-page').click();
    await page.getByTestId('review-stage-page-in_review').waitFor();
    await page.getByTestId('review-settings-save').click();
    await page.getByText('已儲存審核流程').first().waitFor();
    await closeToasts(page);
    await shot(page, 'review-settings-on-1440');
    await expectAccessible(page, 'review settings on');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an editor writes, a second admin returns, then approves and publishes', () => {
  for (const [width, language] of [
    [1440, 'zh-TW'],
    [390, 'zh-TW'],
    [1440, 'en-US'],
  ] as const) {
    it(`goes through review before it reaches the website (${width} px, ${language})`, async () => {
      const words = WORDS[language];
      const slug = `review-${width}-${language.toLowerCase()}`;
      const title = `工地安全公告 ${width} ${language}`;
      const author = await open(editor, width, language);
      const lead = await open(reviewer, width, language);
      try {
        // Nothing awaits the editor's review: the list says so.
        await author.page.goto(`${server.url}/admin/review`);
        await author.page
          .getByTestId('review-awaiting-table')
          .getByText(language === 'zh-TW' ? '目前沒有待您審核的內容' : 'Nothing awaits your review')
          .waitFor();

        // The editor writes a news item and saves it as a draft: the form says it is a draft under review rules.
        await author.page.goto(`${server.url}/admin/page/create`);
        await author.page.getByTestId('page-title').fill(`${title}（初稿）`);
        await author.page.getByTestId('page-slug').fill(slug);
        await author.page.locator('[contenteditable="true"]').first().click();
        await author.page.keyboard.type('進入工區請配戴安全帽。');
        await author.page.getByTestId('form-submit').click();
        await author.page.waitForURL(/\/admin\/page\/\d+\/update/);
        const pageUrl = author.page.url();
        await expect.poll(() => stage(author.page).textContent()).toContain(words.draft);
        // Publishing waits for approval: the status select's published and scheduled options are off.
        await author.page.getByTestId('page-status').click();
        const published = author.page.locator(`.ant-select-item-option[title="${language === 'zh-TW' ? '已發布' : 'Published'}"]`);
        expect(await published.getAttribute('aria-disabled')).toBe('true');
        await author.page.keyboard.press('Escape');
        await author.page.getByTestId('review-submit').click();
        await expect.poll(() => stage(author.page).textContent()).toContain(words.in_review);
        await closeToasts(author.page);
        await expectAccessible(author.page, `page form in review (${width} px, ${language})`);
        expect(await noSideScroll(author.page)).toBe(true);
        await shot(author.page, `review-author-submitted-${width}-${language}`);

        // The second admin finds it in 「待我審核」 on the overview (and the menu's count on a desktop).
        await lead.page.goto(`${server.url}/admin`);
        await scrollToOverviewCards(lead.page);
        const card = lead.page.getByTestId('review-awaiting-card');
        await card.getByRole('link', { name: new RegExp(`${title}（初稿）`) }).waitFor();
        if (width >= 992) expect(Number(await lead.page.getByTestId('review-menu-badge').first().textContent())).toBeGreaterThanOrEqual(1);
        await expectAccessible(lead.page, `overview awaiting review (${width} px, ${language})`);
        await shot(lead.page, `review-overview-${width}-${language}`);
        await lead.page.goto(`${server.url}/admin/review`);
        await lead.page
          .getByTestId('review-awaiting-table')
          .getByRole('link', { name: `${title}（初稿）` })
          .waitFor();
        await expectAccessible(lead.page, `awaiting review list (${width} px, ${language})`);
        expect(await noSideScroll(lead.page)).toBe(true);
        await shot(lead.page, `review-awaiting-${width}-${language}`);
        await lead.page.goto(`${server.url}/admin`);
        await card.getByRole('link', { name: new RegExp(`${title}（初稿）`) }).click();
        await lead.page.waitForURL(/\/admin\/page\/\d+\/update/);
        await lead.page.getByTestId('review-approve').waitFor();

        // Comments on the version, with the diff against the (not yet) published version, then returns it.
        await lead.page.getByTestId('review-open').click();
        const panel = lead.page.locator('.review-drawer');
        await panel.getByTestId('review-diff').waitFor();
        expect(await panel.getByTestId('review-diff').textContent()).toContain('進入工區請配戴安全帽。');
        await panel.getByTestId('review-comment-input').fill('標題請去掉「初稿」。');
        await panel.getByTestId('review-comment-send').click();
        await panel.getByTestId('review-comments').getByText('標題請去掉「初稿」。').waitFor();
        await closeToasts(lead.page);
        await expectAccessible(lead.page, `review panel (${width} px, ${language})`);
        await shot(lead.page, `review-panel-${width}-${language}`, { fullPage: false });
        await lead.page.keyboard.press('Escape');
        await panel.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
        await lead.page.getByTestId('review-return').click();
        await lead.page.getByTestId('review-return-reason').fill('請依留言修改標題。');
        await lead.page.getByTestId('review-return-ok').click();
        await expect.poll(() => stage(lead.page).textContent()).toContain(words.returned);

        // The editor sees it returned with the reason, changes it and sends it again.
        await author.page.goto(pageUrl);
        await expect.poll(() => stage(author.page).textContent()).toContain(words.returned);
        await author.page.getByTestId('review-open').click();
        await author.page.locator('.review-drawer').getByText('請依留言修改標題。').waitFor();
        await author.page.keyboard.press('Escape');
        await author.page.locator('.review-drawer .ant-drawer-content').waitFor({ state: 'hidden' });
        await author.page.getByTestId('page-title').fill(title);
        await author.page.getByTestId('form-submit').click();
        await expect.poll(() => author.page.getByTestId('review-submit').isEnabled()).toBe(true);
        await author.page.getByTestId('review-submit').click();
        await expect.poll(() => stage(author.page).textContent()).toContain(words.in_review);
        // The author cannot approve their own version: no approve button on their screen.
        expect(await author.page.getByTestId('review-approve').count()).toBe(0);

        // The second admin approves; until it is published the website does not have it.
        await lead.page.goto(pageUrl);
        await expect.poll(() => stage(lead.page).textContent()).toContain(words.in_review);
        await lead.page.getByTestId('review-approve').click();
        await lead.page.getByTestId('review-approve-ok').click();
        await expect.poll(() => stage(lead.page).textContent()).toContain(words.approved);
        expect((await lead.page.request.get(`${server.url}/site/news/${slug}`)).status()).toBe(404);
        await lead.page.getByTestId('review-publish').click();
        await expect.poll(() => stage(lead.page).textContent()).toContain(words.published);
        await closeToasts(lead.page);
        await expectAccessible(lead.page, `page form published (${width} px, ${language})`);
        expect(await noSideScroll(lead.page)).toBe(true);
        await shot(lead.page, `review-published-${width}-${language}`);

        await lead.page.goto(`${server.url}/site/news/${slug}`);
        await lead.page.getByRole('heading', { name: title }).first().waitFor();
        expect(await lead.page.content()).not.toContain('（初稿）');
        await shot(lead.page, `review-site-${width}-${language}`);
        expect(author.errors).toEqual([]);
        expect(lead.errors).toEqual([]);
      } finally {
        await author.context.close();
        await lead.context.close();
      }
    });
  }
});
