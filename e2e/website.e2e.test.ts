import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SmtpCatcher } from '../apps/server/test/smtp-catcher.ts';
import {
  type ApiSession,
  expectAccessible,
  noSideScroll,
  seedAdminSession,
  shot,
  startFlow,
  type TestServer,
  uploadLibraryPhotos,
} from './harness.ts';

// Issue 12: the company website, server-rendered by the real server from content published through the
// API, in Chromium at 1440 and 390 px, readable with JavaScript off; a member signs up on it, confirms by
// the link the loopback SMTP server received, and signs in.
const editor = { email: 'site.editor@example.com', password: 'Editor#2026', name: '網站編輯' };
let server: TestServer;
let browser: Browser;
let session: ApiSession;
let mailbox: SmtpCatcher;
const slugs: Record<string, string> = {};

/** A full-page screenshot, and the first screen (what a phone shows before scrolling) beside it. */
async function siteShot(page: Page, name: string) {
  await shot(page, `site-${name}`);
  await shot(page, `site-${name}-top`, { fullPage: false });
}

beforeAll(async () => {
  ({ server, browser, mailbox } = await startFlow({ mail: true }));
  session = await seedAdminSession(server, editor, ['ROLE_PHOTO', 'ROLE_PAGE', 'ROLE_BANNER', 'ROLE_VIDEO']);
  const photos = await uploadLibraryPhotos(server.url, session, {
    工地空拍: '#1d4ed8',
    完工外觀: '#15803d',
    鋼構吊裝: '#b45309',
    室內裝修: '#334155',
  });
  const [blue, green, amber, slate] = photos.map((p) => p.id);
  await session.post('/api/admin/banner', {
    title: '用心打造每一座建築',
    title_en: 'Building with care',
    position: 'home',
    photo_id: blue,
    link: '/projects',
  });
  await session.post('/api/admin/banner', {
    title: '工地安全零事故',
    title_en: 'Zero accidents on site',
    position: 'home',
    photo_id: amber,
  });
  const page = async (body: Record<string, unknown>) =>
    (await session.post('/api/admin/page', { status: 'published', body: '<p>內容</p>', ...body })).slug as string;
  await page({
    type: 'default',
    slug: 'about',
    title: '關於我們',
    title_en: 'About us',
    body: '<h2>公司簡介</h2><p>三十年營造經驗，專注住宅與廠房。</p>',
  });
  for (const [i, [title, cover]] of (
    [
      ['新北市辦公大樓正式動土', green],
      ['榮獲年度工安優良獎', amber],
      ['台中建案交屋典禮', slate],
    ] as const
  ).entries())
    slugs[`news${i}`] = await page({ type: 'article', slug: `news-${i}`, title, summary: `${title}的摘要說明。`, cover_photo_id: cover });
  slugs.project = await page({
    type: 'project',
    slug: 'taichung-house',
    title: '台中透天住宅新建工程',
    title_en: 'Taichung townhouse',
    summary: '地上四層鋼筋混凝土住宅。',
    location: '台中市西屯區',
    client: '王先生',
    period_start: '2025-03-01',
    period_end: '2025-12-20',
    cover_photo_id: blue,
    gallery: [blue, green, amber, slate],
    body: '<p>本工程為地上四層之透天住宅，採用耐震設計。</p>',
  });
  await page({ type: 'project', slug: 'taoyuan-factory', title: '桃園鋼構廠房工程', cover_photo_id: amber });
  await page({ type: 'project', slug: 'hsinchu-office', title: '新竹科技辦公室裝修', cover_photo_id: slate });
  await page({ type: 'article', slug: 'draft-news', title: '尚未公開的草稿', status: 'draft' });
  await session.post('/api/admin/video', { title: '工地空拍紀錄', youtube_url: 'https://youtu.be/dQw4w9WgXcQ', photo_id: blue });
  await session.post('/api/admin/video', {
    title: '完工導覽',
    youtube_url: 'https://www.youtube.com/watch?v=9bZkp7q19f0',
    photo_id: green,
  });
});

async function open(width: number, path: string, opts: { javaScriptEnabled?: boolean; height?: number } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: opts.height ?? 900 },
    locale: 'zh-TW',
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${server.url}${path}`);
  return { context, page, errors };
}

describe('the company website', () => {
  it('shows the home page at 1440 px: banners, news, project cases and videos, accessible', async () => {
    const { context, page, errors } = await open(1440, '/site');
    await expect.poll(() => page.title()).toBe('本公司');
    const main = page.locator('main');
    await main.getByText('用心打造每一座建築').waitFor();
    for (const text of ['新北市辦公大樓正式動土', '台中透天住宅新建工程', '工地空拍紀錄']) await main.getByText(text).first().waitFor();
    expect(await main.getByText('尚未公開的草稿').count()).toBe(0);
    // Every image below the fold is lazy; the first banner's is not.
    const lazy = await page.locator('main img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('loading')));
    expect(lazy[0]).toBeNull();
    expect(lazy.slice(1).every((l) => l === 'lazy')).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await siteShot(page, 'home-1440');
    await expectAccessible(page, 'website home 1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone without sideways scrolling, in both languages', async () => {
    for (const [path, name] of [
      ['/site', 'home-390'],
      ['/site/en', 'home-390-en'],
    ] as const) {
      const { context, page, errors } = await open(390, path, { height: 844 });
      await page.locator('h1').first().waitFor();
      expect(await noSideScroll(page), path).toBe(true);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      await siteShot(page, name);
      await expectAccessible(page, `website ${path} 390`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows a project case with its facts and gallery, and the news list', async () => {
    const { context, page, errors } = await open(390, `/site/projects/${slugs.project}`, { height: 844 });
    await page.getByRole('heading', { level: 1, name: '台中透天住宅新建工程' }).waitFor();
    await page.getByText('台中市西屯區').waitFor();
    expect(await page.locator('.gallery img').count()).toBe(4);
    expect(await noSideScroll(page)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await siteShot(page, 'project-390');
    await expectAccessible(page, 'website project case 390');
    await page.goto(`${server.url}/site/news`);
    await page.getByRole('heading', { level: 1, name: '最新消息' }).waitFor();
    await siteShot(page, 'news-390');
    await expectAccessible(page, 'website news list 390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is readable with JavaScript switched off', async () => {
    const { context, page } = await open(1440, '/site', { javaScriptEnabled: false });
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('本公司');
    for (const text of ['新北市辦公大樓正式動土', '台中透天住宅新建工程', '工地空拍紀錄'])
      expect(await page.getByText(text).first().isVisible()).toBe(true);
    await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '關於我們' }).click();
    await page.locator('main').getByRole('link', { name: '關於我們' }).click();
    await page.getByText('三十年營造經驗').waitFor();
    await siteShot(page, 'about-nojs-1440');
    await page.goto(`${server.url}/site/contact`);
    await page.locator('#f-name').fill('林小姐');
    await page.locator('#f-email').fill('lin@example.com');
    await page.locator('#f-message').fill('想詢問透天厝新建工程的報價');
    await page.getByRole('button', { name: '送出' }).click();
    await page.getByText('已收到您的訊息').waitFor();
    await siteShot(page, 'contact-sent-nojs-1440');
    await context.close();
  });

  it('lets a visitor sign up, confirm by the mailed link, sign in and see the profile, without JavaScript', async () => {
    const email = `site-visitor-${Date.now()}@example.com`;
    const { context, page } = await open(390, '/site/member/sign-up', { javaScriptEnabled: false, height: 844 });
    await page.locator('#f-name').fill('陳大文');
    await page.locator('#f-email').fill(email);
    await page.locator('#f-password').fill('Visitor#2026');
    await siteShot(page, 'sign-up-390');
    await page.getByRole('button', { name: '註冊' }).click();
    await page.getByText('請到信箱收取確認信').waitFor();

    const mail = await mailbox.next(email, 30_000);
    const link = /https?:\/\/\S+\/member\/confirm\?token=[\w%-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(link).toContain('/site/member/confirm?token=');
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByRole('button', { name: '確認並登入' }).click();
    await page.getByRole('heading', { level: 1, name: '會員資料' }).waitFor();
    await page.getByText(email).waitFor();

    await page.getByRole('button', { name: '登出' }).click();
    await page.getByText('您已登出').waitFor();
    await page.locator('#f-email').fill(email);
    await page.locator('#f-password').fill('wrong-password');
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await page.getByText('電子郵件或密碼錯誤').waitFor();
    await siteShot(page, 'sign-in-error-390');
    await page.locator('#f-password').fill('Visitor#2026');
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '會員資料' }).waitFor();
    expect(await page.locator('#f-name').inputValue()).toBe('陳大文');
    await siteShot(page, 'profile-390');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'site_member')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/site' });
    await context.close();
  });

  it('passes axe on the member and contact forms', async () => {
    for (const path of ['/site/member/sign-in', '/site/en/member/sign-up', '/site/contact']) {
      const { context, page, errors } = await open(390, path, { height: 844 });
      await page.locator('form').first().waitFor();
      await expectAccessible(page, `website ${path} 390`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
