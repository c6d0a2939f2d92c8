import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  type ApiSession,
  expectAccessible,
  type LibraryPhoto,
  noSideScroll,
  openPage,
  seedAdminSession,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
  uploadLibraryPhotos,
} from './harness.ts';

// Issue 26: the website is the company's. An editor of the site's pages sets its identity in the back
// office (1440 px light, 390 px dark), the site shows it; every page of the site fits a 320 and a 390 px
// phone (a product with a long name, price and stock too), has one h1 and no skipped heading level; a
// video plays embedded from its t=; a featured project case is on the home page.
const editor = { email: 'identity.editor@example.com', password: 'Editor#2026', name: '網站編輯' };
let server: TestServer;
let browser: Browser;
let session: ApiSession;
let logo: LibraryPhoto;
const member = { email: `identity-member-${Date.now()}@example.com`, password: 'Member#2026' };

const SITE_PATHS = [
  '/site',
  '/site/pages/about',
  '/site/news',
  '/site/projects',
  '/site/projects/featured-case',
  '/site/products',
  '/site/products/long-product',
  '/site/videos',
  '/site/contact',
  '/site/member/sign-in',
  '/site/member/sign-up',
  '/site/member/forgot-password',
  '/site/en',
  '/site/en/products/long-product',
];

beforeAll(async () => {
  const flow = await startFlow({ mail: true });
  ({ server, browser } = flow);
  // A confirmed member of the site, to see the member's own page on a phone.
  const memberApi = (path: string, body: unknown) =>
    fetch(`${server.url}/api/member/account/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint': 'identity-e2e' },
      body: JSON.stringify(body),
    });
  expect((await memberApi('sign-up', { ...member, name: '林小華' })).status).toBe(200);
  const token = /[?&]token=([\w%-]+)/.exec((await flow.mailbox.next(member.email, 30_000)).text ?? '')?.[1];
  expect((await memberApi('confirm', { token: decodeURIComponent(token!) })).status).toBe(200);
  session = await seedAdminSession(server, editor, ['ROLE_PAGE', 'ROLE_PHOTO', 'ROLE_PRODUCT', 'ROLE_VIDEO']);
  const [cover, mark] = await uploadLibraryPhotos(server.url, session, { 完工外觀: '#15803d', 公司標誌: '#0a7d48' });
  logo = mark!;
  const page = (body: Record<string, unknown>) =>
    session.post('/api/admin/page', { status: 'published', body: '<h2>簡介</h2><p>內容</p>', cover_photo_id: cover!.id, ...body });
  await page({ type: 'default', slug: 'about', title: '關於我們', title_en: 'About us' });
  await page({ type: 'article', slug: 'news-1', title: '新北市辦公大樓動土' });
  await page({ type: 'project', slug: 'featured-case', title: '精選：台中透天住宅', featured: true, location: '台中市西屯區' });
  await page({ type: 'project', slug: 'plain-case', title: '一般：桃園鋼構廠房' });
  const product = await session.post('/api/admin/product', {
    slug: 'long-product',
    name: '超高強度自充填混凝土預拌材料（特殊配比版本）SuperLongUnbrokenProductNameWithoutAnySpaces',
    summary: '說明',
    photo_ids: [cover!.id],
    attributes: [{ name: '規格', values: ['一千兩百公斤超大包裝規格說明文字非常長', '20kg'] }],
    status: 'published',
  });
  const generated = (await session.post(`/api/admin/product/${product.id}/instances/generate`, {})).data as { id: number }[];
  await session.patch(`/api/admin/product/${product.id}/instances/batch`, {
    ids: generated.map((g) => g.id),
    price: 99_999_999,
    stock: 9_999_999,
  });
  await session.post('/api/admin/video', { title: '工地導覽', youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s' });
});

/**
 * How the page overflows a phone `width` px wide: the document wider than the phone, or elements drawn
 * past its right edge outside a box that scrolls on its own (the instances table, the banners). Measured
 * against `width`, not innerWidth: a phone's browser zooms out to a page wider than it.
 */
const overflowAt = (page: Page, width: number) =>
  page.evaluate((w) => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > w) out.push(`document ${document.documentElement.scrollWidth} px`);
    for (const e of document.querySelectorAll('body *'))
      if (e.getBoundingClientRect().right > w + 1 && !e.closest('.table-scroll, .banners, .skip'))
        out.push(`${e.tagName.toLowerCase()}.${e.className} past the edge`);
    return out.slice(0, 4);
  }, width);

/** What a validator and an outline checker would say of the document: doctype, one h1, heading levels, named regions. */
const outlineProblems = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    if (document.doctype?.name !== 'html' || document.compatMode !== 'CSS1Compat') out.push('no standards-mode doctype');
    const levels = [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => Number(h.tagName[1]));
    if (levels.filter((l) => l === 1).length !== 1) out.push(`${levels.filter((l) => l === 1).length} h1`);
    levels.forEach((l, i) => {
      if (i > 0 && l > levels[i - 1]! + 1) out.push(`h${levels[i - 1]} then h${l}`);
    });
    for (const r of document.querySelectorAll('[role=region]')) {
      const by = r.getAttribute('aria-labelledby');
      if (!r.getAttribute('aria-label') && !(by && document.getElementById(by)?.textContent?.trim())) out.push('unnamed region');
    }
    return out;
  });

describe('the website settings', () => {
  it('are edited in the back office at 1440 px: an http link refused on its field, then saved', async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, editor, { width: 1440 });
    const menu = page.getByTestId('admin-menu');
    await menu.getByText('網站內容').click();
    await menu.getByText('網站設定').click();
    await page.waitForURL(`${server.url}/admin/website-settings`);
    await page.getByRole('heading', { level: 1, name: '網站設定' }).waitFor();
    await page.getByTestId('website-company_name').fill('北辰營造股份有限公司');
    await page.getByTestId('website-company_name_en').fill('Polaris Construction');
    await page.getByTestId('website-tagline').fill('把每一棟房子蓋好');
    await page.getByTestId('website-phone').fill('02-2345-6789');
    await page.getByTestId('website-email').fill('hello@polaris.example');
    await page.getByTestId('website-address').fill('台北市信義區松仁路 100 號');
    await page.getByTestId('website-footer_text').fill('甲級綜合營造業');
    await page.getByTestId('website-social-add').click();
    await page.getByTestId('website-social-0').fill('http://facebook.com/polaris');
    await page.getByTestId('website-save').click();
    await page.getByText('格式不正確').first().waitFor();
    await page.getByTestId('website-social-0').fill('https://www.facebook.com/polaris');
    await page.getByTestId('photo-field-pick').click();
    await page.getByRole('button', { name: `選擇 ${logo.title}` }).click();
    await page.getByTestId('photo-field').locator('img').waitFor();
    await shot(page, 'website-settings-1440');
    await expectAccessible(page, 'website settings 1440 zh-TW light');
    await page.getByTestId('website-save').click();
    await page.getByText('網站設定已儲存').first().waitFor();
    const saved = await session.get('/api/admin/website-settings');
    expect(saved).toMatchObject({
      company_name: '北辰營造股份有限公司',
      company_name_en: 'Polaris Construction',
      phone: '0223456789',
      logo_photo_id: logo.id,
      social_links: [{ network: 'facebook', url: 'https://www.facebook.com/polaris' }],
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('read well at 390 px in dark mode, and the site shows them', async () => {
    const { context, page, errors } = await signedInPage(browser, server.url, editor, {
      width: 390,
      height: 844,
      context: { colorScheme: 'dark', isMobile: true, hasTouch: true },
    });
    await page.goto(`${server.url}/admin/website-settings`);
    await expect.poll(() => page.getByTestId('website-company_name').inputValue()).toBe('北辰營造股份有限公司');
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'website-settings-390-dark');
    await expectAccessible(page, 'website settings 390 zh-TW dark');
    await context.close();

    const site = await openPage(browser, { width: 1440 });
    await site.page.goto(`${server.url}/site`);
    expect(await site.page.title()).toBe('北辰營造股份有限公司');
    await site.page.getByRole('heading', { level: 1, name: '北辰營造股份有限公司' }).waitFor();
    await site.page.locator('header .brand img').waitFor();
    const footer = site.page.locator('footer');
    for (const text of ['台北市信義區松仁路 100 號', 'hello@polaris.example', '甲級綜合營造業', 'Facebook'])
      await footer.getByText(text).first().waitFor();
    expect(await site.page.content()).not.toMatch(/營造後台|back office|BuildOffice/i);
    // The featured project case is on the home page, the plain one is not.
    const projects = site.page.locator('section[aria-labelledby="home-projects"]');
    await projects.getByText('精選：台中透天住宅').waitFor();
    expect(await projects.getByText('一般：桃園鋼構廠房').count()).toBe(0);
    await shot(site.page, 'website-identity-home-1440');
    await expectAccessible(site.page, 'website home 1440 with identity');
    await site.page.goto(`${server.url}/site/en`);
    expect(await site.page.title()).toBe('Polaris Construction');
    expect([...errors, ...site.errors]).toEqual([]);
    await site.context.close();
  });
});

describe('every page of the site on a phone', () => {
  for (const width of [320, 390]) {
    it(`fits ${width} px, with one h1 and no skipped heading level`, async () => {
      const { context, page, errors } = await openPage(browser, { width, height: 800, context: { isMobile: true, hasTouch: true } });
      const wide: string[] = [];
      const outline: string[] = [];
      for (const path of SITE_PATHS) {
        await page.goto(`${server.url}${path}`);
        for (const e of await overflowAt(page, width)) wide.push(`${path}: ${e}`);
        for (const p of await outlineProblems(page)) outline.push(`${path}: ${p}`);
        if (path === '/site/products/long-product') {
          await page.locator('.price').first().waitFor();
          await shot(page, `website-product-long-${width}`);
        }
        if (path === '/site/videos') {
          const frame = page.locator('iframe[title="工地導覽"]');
          expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
        }
      }
      // The member's own page, signed in through the site's form.
      await page.goto(`${server.url}/site/member/sign-in`);
      await page.locator('#f-email').fill(member.email);
      await page.locator('#f-password').fill(member.password);
      await page.getByRole('button', { name: '登入', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: '會員資料' }).waitFor();
      for (const e of await overflowAt(page, width)) wide.push(`/site/member/profile: ${e}`);
      for (const p of await outlineProblems(page)) outline.push(`/site/member/profile: ${p}`);
      expect(wide).toEqual([]);
      expect(outline).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
