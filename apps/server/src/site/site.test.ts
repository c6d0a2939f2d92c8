import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { jsonLdOf, siteBrowser, uploadPhoto } from './site.testkit.ts';

// Issue 12: the company website, server-rendered from the public content API, at /site and at the
// root of SITE_HOST, on SQLite and PostgreSQL alike.
const SITE_HOST = 'www.example.test';
let t: TestApp;
let editor: string;
let cover: number;
let other: number;
const as = () => api(t.app, editor);
let n = 0;
const slug = (name: string) => `${name}-${++n}`;

const newPage = async (body: Record<string, unknown>) => {
  const res = await as().post('/api/admin/page', { type: 'article', body: '<p>內容</p>', status: 'published', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; slug: string };
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp({ SITE_HOST, SITE_URL: `https://${SITE_HOST}`, PUBLIC_URL: 'https://admin.example.test' });
  editor = await login(
    t.app,
    await buildAdmin(t.db, { roles: ['ROLE_PAGE', 'ROLE_BANNER', 'ROLE_VIDEO', 'ROLE_PHOTO', 'ROLE_CONTACT', 'ROLE_PRODUCT'] }),
  );
  cover = await uploadPhoto(t.app, editor, '#2563eb', 1600, 900);
  other = await uploadPhoto(t.app, editor, '#16a34a', 1200, 800);
});
afterAll(async () => {
  await t?.close();
});

describe('the home page', () => {
  let ids: { news: string; project: string };
  beforeAll(async () => {
    const today = todayInTaipei();
    await as().post('/api/admin/banner', { title: '秋季工程實績', position: 'home', photo_id: cover, link: '/projects' });
    await as().post('/api/admin/banner', { title: '安全第一', position: 'home', photo_id: other, starts_on: today });
    await as().post('/api/admin/banner', { title: '過期橫幅', position: 'home', photo_id: other, ends_on: addDays(today, -1) });
    ids = {
      news: (
        await newPage({
          slug: slug('news'),
          title: '新北市辦公大樓動土',
          title_en: 'Office tower breaks ground',
          summary: '今日動土',
          cover_photo_id: other,
        })
      ).slug,
      project: (
        await newPage({
          type: 'project',
          slug: slug('project'),
          title: '台中透天住宅新建工程',
          location: '台中市西屯區',
          client: '王先生',
          period_start: '2025-03-01',
          period_end: '2025-12-20',
          cover_photo_id: cover,
          gallery: [cover, other],
        })
      ).slug,
    };
    await as().post('/api/admin/video', { title: '工地空拍紀錄', youtube_url: 'https://youtu.be/dQw4w9WgXcQ', photo_id: cover });
  });

  it('shows the active banners, the latest news, project cases and videos, with the company default name, never the back office name', async () => {
    const res = await get('/site');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="zh-Hant-TW">');
    expect(html).toContain('<title>本公司</title>');
    expect(html).not.toMatch(/營造後台|back office|BuildOffice/i);
    expect(html).toContain('秋季工程實績');
    expect(html).toContain('安全第一');
    expect(html).not.toContain('過期橫幅');
    expect(html).toContain('新北市辦公大樓動土');
    expect(html).toContain(`href="/site/news/${ids.news}"`);
    expect(html).toContain('台中透天住宅新建工程');
    expect(html).toContain('工地空拍紀錄');
    // Issue 26: a video plays embedded on the videos page; the home card leads there.
    expect(html).toMatch(/<a href="\/site\/videos#video-\d+">工地空拍紀錄<\/a>/);
    // The banner's site link keeps the site's prefix.
    expect(html).toContain('href="/site/projects"');
  });

  it('draws responsive images from the photo variants: srcset, sizes, width and height, only the first banner eager', async () => {
    const html = (await get('/site')).body;
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(imgs.length).toBeGreaterThanOrEqual(4);
    for (const img of imgs) {
      expect(img).toMatch(/ srcset="[^"]*\/api\/files\/[^"]* \d+w/);
      expect(img).toMatch(/ sizes="[^"]+"/);
      expect(img).toMatch(/ width="\d+" height="\d+"/);
      expect(img).toMatch(/ alt="/);
    }
    expect(imgs[0]).toContain('fetchpriority="high"');
    expect(imgs[0]).not.toContain('loading="lazy"');
    for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy"');
    // The 1600 px photo offers 160, 480, 800, 1280 and 1600 (never upscaled to 1920), WebP first.
    expect(html).toMatch(/<source type="image\/webp" srcset="[^"]+ 160w, [^"]+ 480w, [^"]+ 800w, [^"]+ 1280w, [^"]+ 1600w"/);
  });

  it('tells search engines its canonical address, languages, Open Graph image and the Organization', async () => {
    const html = (await get('/site')).body;
    expect(html).toContain(`<link rel="canonical" href="https://${SITE_HOST}/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="https://${SITE_HOST}/en/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="https://${SITE_HOST}/">`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="https://${SITE_HOST.replace(/\./g, '\\.')}/api/files/[^"]+">`));
    expect(html).toContain('<meta name="description" content="本公司">');
    expect(jsonLdOf(html)).toContainEqual(
      expect.objectContaining({ '@type': 'Organization', name: '本公司', url: `https://${SITE_HOST}/` }),
    );
  });

  it('answers under a strict policy: no script, its styles by hash, never framed; revalidated by ETag', async () => {
    const res = await get('/site');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).toMatch(/style-src 'self' 'sha256-[\w+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await get('/site', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(res.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    // The stylesheet is named by its content and kept a year, compressed.
    const css = /<link rel="stylesheet" href="(\/site\/assets\/site\.[0-9a-f]{10}\.css)">/.exec(res.body)![1]!;
    const sheet = await get(css, { 'accept-encoding': 'br' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sheet.headers['content-encoding']).toBe('br');
  });

  it('compresses the page once for every visitor asking for brotli or gzip', async () => {
    const br = await get('/site', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await get('/site', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('reads in English under /en, with English texts where the content has them and zh-TW otherwise', async () => {
    const res = await get('/site/en');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Office tower breaks ground');
    expect(res.body).toContain('台中透天住宅新建工程');
    expect(res.body).toContain(`href="/site/en/news/${ids.news}"`);
    expect(res.body).toContain(`<link rel="canonical" href="https://${SITE_HOST}/en/">`);
    expect(res.body).toContain('>News<');
    const detail = await get(`/site/en/news/${ids.news}`);
    expect(detail.body).toContain('<title>Office tower breaks ground | Our company</title>');
  });
});

describe('pages, project cases and their lists', () => {
  it('shows a project case with its facts, gallery and Article structured data', async () => {
    const p = await newPage({
      type: 'project',
      slug: slug('case'),
      title: '桃園廠房工程',
      summary: '鋼構廠房',
      location: '桃園市',
      client: '某科技公司',
      period_start: '2024-01-10',
      period_end: '2024-09-30',
      gallery: [cover, other],
      cover_photo_id: cover,
      seo_description: '桃園鋼構廠房新建工程',
    });
    const res = await get(`/site/projects/${p.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>桃園廠房工程 | 本公司</title>');
    expect(res.body).toContain('<meta name="description" content="桃園鋼構廠房新建工程">');
    expect(res.body).toContain('<dd>桃園市</dd>');
    expect(res.body).toContain('<dd>2024-01-10 – 2024-09-30</dd>');
    expect(res.body.match(/<ul class="gallery">[\s\S]*?<\/ul>/)![0].match(/<img /g)).toHaveLength(2);
    const ld = jsonLdOf(res.body);
    expect(ld).toContainEqual(
      expect.objectContaining({
        '@type': 'Article',
        headline: '桃園廠房工程',
        mainEntityOfPage: `https://${SITE_HOST}/projects/${p.slug}`,
      }),
    );
    expect(ld).toContainEqual(expect.objectContaining({ '@type': 'BreadcrumbList' }));
    expect(ld).toContainEqual(expect.objectContaining({ '@type': 'Organization' }));
  });

  it('lists a type by category, sub-categories included, with pages of 12', async () => {
    const parent = (await as().post('/api/admin/page-category', { type: 'article', name: '公司新聞' })).json();
    const child = (await as().post('/api/admin/page-category', { type: 'article', name: '得獎', parent_id: parent.id })).json();
    await newPage({ slug: slug('award'), title: '榮獲金安獎', category_id: child.id });
    const res = await get(`/site/news/category/${parent.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>公司新聞</h1>');
    expect(res.body).toContain('榮獲金安獎');
    expect(res.body).toContain(`href="/site/news/category/${child.id}"`);
    expect((await get('/site/news/category/999999')).statusCode).toBe(404);
    for (let i = 0; i < 12; i++) await newPage({ slug: slug('bulk'), title: `消息 ${i}` });
    const first = await get('/site/news');
    expect(first.body).toContain('href="/site/news?page=2"');
    expect((await get('/site/news?page=2')).statusCode).toBe(200);
    expect((await get('/site/news?page=99')).statusCode).toBe(404);
  });

  it('answers the site 404 page for an unknown slug or path, in the site layout', async () => {
    for (const url of ['/site/news/no-such-page', '/site/projects/NOT%20A%20SLUG', '/site/no-such-section', '/site/en/pages/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toMatch(/找不到頁面|Page not found/);
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('escapes content everywhere it is written: text, attributes and JSON-LD', async () => {
    const evil = `<script>alert("x")</script> & 'quote'`;
    const p = await newPage({
      slug: slug('escape'),
      title: evil,
      summary: `"><img src=x onerror=alert(1)>`,
      seo_description: '</script><script>alert(2)</script>',
    });
    for (const url of [`/site/news/${p.slug}`, '/site/news', '/site']) {
      const html = (await get(url)).body;
      expect(html, url).not.toContain('<script>alert');
      expect(html, url).not.toContain('<img src=x');
      expect(html, url).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quote&#39;');
    }
    const detail = (await get(`/site/news/${p.slug}`)).body;
    expect(detail).toContain('\\u003c/script>\\u003cscript>alert(2)');
    expect(jsonLdOf(detail)).toContainEqual(expect.objectContaining({ headline: evil }));
  });
});

describe('products', () => {
  it('shows a published product with its instances (name, SKU, NT$ price, stock) and Product data with offers in TWD', async () => {
    const res = await as().post('/api/admin/product', {
      slug: 'portland-cement',
      name: '水泥',
      name_en: 'Portland cement',
      summary: '一般用途卜特蘭水泥',
      description: '<p>適用於結構混凝土。</p>',
      photo_ids: [cover, other],
      attributes: [{ name: '規格', values: ['20kg', '40kg'] }],
      status: 'published',
    });
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json();
    const generated = (await as().post(`/api/admin/product/${product.id}/instances/generate`, {})).json().data as { id: number }[];
    await as().patch(`/api/admin/product/${product.id}/instances/batch`, { ids: [generated[0]!.id], price: 180, stock: 25 });
    await as().patch(`/api/admin/product/${product.id}/instances/batch`, { ids: [generated[1]!.id], price: 1350, stock: 0 });
    await as().post('/api/admin/product', { slug: 'secret-mix', name: '未上架配方', status: 'draft' });

    const page = await get('/site/products/portland-cement');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<title>水泥 | 本公司</title>');
    expect(html).toContain('NT$180 – NT$1,350');
    expect(html).toMatch(/<th scope="row">20kg<\/th><td>P\d+-001<\/td><td class="num">NT\$180<\/td><td class="num">25 件<\/td>/);
    expect(html).toMatch(
      /<th scope="row">40kg<\/th><td>P\d+-002<\/td><td class="num">NT\$1,350<\/td><td class="num"><span class="out">缺貨<\/span>/,
    );
    const ld = jsonLdOf(html).find((x) => x['@type'] === 'Product');
    expect(ld).toMatchObject({
      name: '水泥',
      offers: { '@type': 'AggregateOffer', priceCurrency: 'TWD', lowPrice: 180, highPrice: 1350, offerCount: 2 },
    });
    expect(ld.offers.offers[1]).toMatchObject({ price: 1350, priceCurrency: 'TWD', availability: 'https://schema.org/OutOfStock' });
    expect(ld.image).toHaveLength(2);
    expect((await get('/site/en/products/portland-cement')).body).toContain('<h1>Portland cement</h1>');

    const list = (await get('/site/products')).body;
    expect(list).toContain('href="/site/products/portland-cement"');
    expect(list).not.toContain('未上架配方');
    expect((await get('/site/products/secret-mix')).statusCode).toBe(404);
    const sitemap = (await get('/site/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>https://${SITE_HOST}/products/portland-cement</loc>`);
    expect(sitemap).not.toContain('secret-mix');
  });
});

describe('only published content', () => {
  it('never shows a draft, scheduled or unpublished page, nor lists it in sitemap.xml', async () => {
    const soon = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const hidden = [
      await newPage({ slug: slug('draft'), title: '草稿消息', status: 'draft' }),
      await newPage({ slug: slug('scheduled'), title: '排程消息', status: 'scheduled', publish_at: soon }),
      await newPage({ slug: slug('unpublished'), title: '下架消息', status: 'unpublished' }),
    ];
    const shown = await newPage({ slug: slug('shown'), title: '公開消息' });
    await as().post('/api/admin/video', { title: '未公開影片', youtube_url: 'https://youtu.be/aaaaaaaaaaa', published: false });
    for (const url of ['/site', '/site/news', '/site/videos']) {
      const html = (await get(url)).body;
      for (const title of ['草稿消息', '排程消息', '下架消息', '未公開影片']) expect(html, `${url} ${title}`).not.toContain(title);
    }
    for (const p of hidden) expect((await get(`/site/news/${p.slug}`)).statusCode).toBe(404);
    const sitemap = await get('/site/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain(`<loc>https://${SITE_HOST}/news/${shown.slug}</loc>`);
    expect(sitemap.body).toContain(`<loc>https://${SITE_HOST}/en/news/${shown.slug}</loc>`);
    expect(sitemap.body).toContain(`hreflang="en" href="https://${SITE_HOST}/en/news/${shown.slug}"`);
    for (const p of hidden) expect(sitemap.body).not.toContain(`/news/${p.slug}<`);
    const robots = await get('/site/robots.txt');
    expect(robots.body).toContain(`Sitemap: https://${SITE_HOST}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /member/');
  });

  it('shows a publish at once: the change through the back office drops the cached pages', async () => {
    const p = await newPage({ slug: slug('later'), title: '稍後公開的消息', status: 'draft' });
    expect((await get('/site/news')).body).not.toContain('稍後公開的消息');
    expect((await get('/site')).body).not.toContain('稍後公開的消息');
    const publish = await as().patch(`/api/admin/page/${p.id}`, { field: 'status', value: 'published' });
    expect(publish.statusCode, publish.body).toBe(200);
    expect((await get('/site/news')).body).toContain('稍後公開的消息');
    expect((await get('/site')).body).toContain('稍後公開的消息');
    expect((await get(`/site/news/${p.slug}`)).statusCode).toBe(200);
    await as().patch(`/api/admin/page/${p.id}`, { field: 'status', value: 'unpublished' });
    expect((await get(`/site/news/${p.slug}`)).statusCode).toBe(404);
    expect((await get('/site/sitemap.xml')).body).not.toContain(`/news/${p.slug}<`);
  });

  it('shows a scheduled page once the minute task has published it, without a back office request', async () => {
    const at = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
    const p = await newPage({ slug: slug('on-time'), title: '準時發布的消息', status: 'scheduled', publish_at: at.toISOString() });
    expect((await get('/site/news')).body).not.toContain('準時發布的消息');
    await t.app.minuteTasks.tick(new Date(at.getTime() + 500));
    expect((await get('/site/news')).body).toContain('準時發布的消息');
    expect((await get(`/site/news/${p.slug}`)).statusCode).toBe(200);
  });

  it('follows the app config (colour, modules) and the website settings (the name), not the app title', async () => {
    const admin = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    const update = (config: Record<string, unknown>) => api(t.app, admin).put('/api/admin/app-config/app/update', config);
    const name = (company_name: string | null) => api(t.app, admin).put('/api/admin/website-settings/update', { company_name });
    expect((await update({ title: '後台標題', primaryColor: '#c2410c', modules: { video: false } })).statusCode).toBe(200);
    expect((await name('大成營造')).statusCode).toBe(200);
    try {
      const html = (await get('/site')).body;
      expect(html).toContain('<title>大成營造</title>');
      expect(html).toContain('--brand:#c2410c');
      expect(html).not.toContain('href="/site/videos"');
      expect((await get('/site/videos')).statusCode).toBe(404);
      expect((await get('/site/news')).body).toContain('<title>最新消息 | 大成營造</title>');
    } finally {
      expect((await get('/site')).body).not.toContain('後台標題');
      await update({ title: '營造後台', primaryColor: '#1677ff', modules: { video: true } });
      await name(null);
    }
  });
});

describe('SITE_HOST', () => {
  it('serves the website at the root of its host, links without the prefix, the API and photos beside it', async () => {
    const browser = siteBrowser(t.app, SITE_HOST);
    const home = await browser.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>本公司</title>');
    expect(home.body).toContain('href="/news"');
    expect(home.body).not.toContain('href="/site/');
    const stylesheet = /href="(\/assets\/site\.[0-9a-f]{10}\.css)"/.exec(home.body)![1]!;
    expect((await browser.get(stylesheet)).statusCode).toBe(200);
    const photo = /<img src="(\/api\/files\/[^"]+)"/.exec(home.body)![1]!;
    const image = await browser.get(photo);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const list = await browser.get('/api/public/pages?type=article');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    expect((await browser.get('/news')).body).toContain('<h1>最新消息</h1>');
    expect((await browser.get('/en/news')).body).toContain('<h1>News</h1>');
    // The site's own rules at the root of its host; the back office's host keeps every crawler out.
    const robots = (await browser.get('/robots.txt')).body;
    expect(robots).toContain('Disallow: /member/');
    expect(robots).toContain(`Sitemap: https://${SITE_HOST}/sitemap.xml`);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    const admin = await get('/robots.txt', { host: 'admin.example.test' });
    expect(admin.headers['content-type']).toMatch(/^text\/plain/);
    expect(admin.body).toBe('User-agent: *\nDisallow: /\n');
    expect((await browser.get('/no-such-page')).statusCode).toBe(404);
    // The same host with a port, as behind a local proxy.
    expect((await siteBrowser(t.app, `${SITE_HOST}:8080`).get('/')).body).toContain('href="/news"');
  });

  it('leaves every other host as it was: the back office API at /api, the site only under /site', async () => {
    expect((await get('/', { host: 'admin.example.test' })).body).not.toContain('<title>本公司</title>');
    expect((await get('/news', { host: 'admin.example.test' })).statusCode).toBe(404);
    expect((await get('/site/news', { host: 'admin.example.test' })).statusCode).toBe(200);
    // The API keeps its access rules on the site's host: the admin API still wants a token.
    expect((await get('/api/admin/page/index', { host: SITE_HOST, 'x-fingerprint': 'f' })).statusCode).toBe(401);
  });
});
