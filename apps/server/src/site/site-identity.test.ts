import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { jsonLdOf, uploadPhoto } from './site.testkit.ts';

// Issue 26: the website is the company's, not the back office's: its name, tagline, logo, contact,
// social links and footer come from the website settings; its markup has a doctype, one h1, no
// skipped heading level and named regions; videos play embedded from t=; featured project cases on the home page.
let t: TestApp;
let catcher: SmtpCatcher;
let editor: string;
let logo: number;
const as = () => api(t.app, editor);
const get = (url: string) => t.app.inject({ method: 'GET', url });
const BACK_OFFICE = /營造後台|back office|BuildOffice/i;

/** Every kind of page of the site, in both languages. */
const PATHS = [
  '',
  '/pages/about',
  '/news',
  '/news/identity-news',
  '/projects',
  '/projects/featured-b',
  '/products',
  '/products/long-product',
  '/videos',
  '/contact',
  '/member/sign-in',
  '/member/sign-up',
  '/member/forgot-password',
  '/no-such-page',
];
const ALL = PATHS.flatMap((p) => [`/site${p}`, `/site/en${p}`]);

/** What a markup validator and an outline checker would say of a page of the site (its HTML is ours: regular). */
function markupProblems(html: string): string[] {
  const out: string[] = [];
  if (!html.startsWith('<!doctype html>\n<html lang="')) out.push('no doctype first');
  const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
  if (levels.filter((l) => l === 1).length !== 1) out.push(`h1 count ${levels.filter((l) => l === 1).length}`);
  if (levels[0] !== 1) out.push('first heading is not the h1');
  levels.forEach((l, i) => {
    if (i > 0 && l > levels[i - 1]! + 1) out.push(`h${levels[i - 1]} then h${l}`);
  });
  for (const m of html.matchAll(/<[a-z]+ [^>]*role="region"[^>]*>/g)) {
    const label = /aria-label="[^"]+"/.test(m[0]);
    const by = /aria-labelledby="([^"]+)"/.exec(m[0])?.[1];
    if (!label && !(by && html.includes(`id="${by}"`))) out.push(`unnamed region ${m[0]}`);
  }
  for (const m of html.matchAll(/<section(?![^>]*aria-label)[^>]*>/g)) out.push(`unnamed section ${m[0]}`);
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  if (new Set(ids).size !== ids.length) out.push('duplicate ids');
  return out;
}

const settings = {
  company_name: '北辰營造股份有限公司',
  company_name_en: 'Polaris Construction Co.',
  tagline: '把每一棟房子蓋好',
  tagline_en: 'Building every house right',
  phone: '02-2345-6789',
  email: 'hello@polaris.example',
  address: '台北市信義區松仁路 100 號',
  address_en: '100 Songren Rd, Taipei',
  social_links: [
    { network: 'facebook', url: 'https://www.facebook.com/polaris' },
    { network: 'other', url: 'https://blog.polaris.example/' },
  ],
  footer_text: '甲級綜合營造業',
  footer_text_en: 'Class A general contractor',
};

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '100', SITE_URL: 'https://www.example.com' });
  editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE', 'ROLE_VIDEO', 'ROLE_PHOTO', 'ROLE_PRODUCT', 'ROLE_CONTACT'] }));
  logo = await uploadPhoto(t.app, editor, '#0a7d48', 400, 120);
  const cover = await uploadPhoto(t.app, editor, '#2563eb', 1200, 800);
  const page = async (body: Record<string, unknown>) => {
    const res = await as().post('/api/admin/page', {
      status: 'published',
      body: '<h2>小節</h2><p>內容</p>',
      cover_photo_id: cover,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number };
  };
  await page({ type: 'default', slug: 'about', title: '關於我們', title_en: 'About us' });
  await page({ type: 'article', slug: 'identity-news', title: '新聞一則', title_en: 'A news item' });
  await page({ type: 'project', slug: 'featured-b', title: '精選乙案', featured: true, sort_order: 20, location: '台北' });
  await page({ type: 'project', slug: 'featured-a', title: '精選甲案', featured: true, sort_order: 10 });
  await page({ type: 'project', slug: 'latest-plain', title: '最新一般案' });
  // Featured is for project cases only: an article's flag is not kept.
  expect((await page({ type: 'article', slug: 'not-a-case', title: '不是案例', featured: true })) as unknown).toMatchObject({
    featured: false,
  });
  const product = (
    await as().post('/api/admin/product', {
      slug: 'long-product',
      name: '超高強度自充填混凝土預拌材料（特殊配比版本）ExtraLongUnbrokenProductNameWithoutAnySpacesAtAll',
      photo_ids: [cover],
      attributes: [{ name: '規格', values: ['一千兩百公斤超大包裝規格說明文字很長', '20kg'] }],
      status: 'published',
    })
  ).json();
  const generated = (await as().post(`/api/admin/product/${product.id}/instances/generate`, {})).json().data as { id: number }[];
  const priced = await as().patch(`/api/admin/product/${product.id}/instances/batch`, {
    ids: generated.map((g) => g.id),
    price: 99_999_999,
    stock: 9_999_999,
  });
  expect(priced.statusCode, priced.body).toBe(200);
  expect(
    (await as().post('/api/admin/video', { title: '工地導覽', youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s' }))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

describe('the website before its settings are made', () => {
  it('names the company by its default on every page, never the back office', async () => {
    for (const url of ALL) {
      const res = await get(url);
      expect([200, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(BACK_OFFICE);
      expect(res.body, url).toMatch(url.includes('/en') ? /<title>[^<]*Our company<\/title>/ : /<title>[^<]*本公司<\/title>/);
    }
  });
});

describe('the markup of every page', () => {
  it('has the doctype first, one h1, no skipped heading level, named regions and unique ids', async () => {
    const found = [];
    for (const url of ALL) for (const p of markupProblems((await get(url)).body)) found.push(`${url}: ${p}`);
    expect(found).toEqual([]);
  });
});

describe('the website settings on the site', () => {
  beforeAll(async () => {
    const res = await as().put('/api/admin/website-settings/update', { ...settings, logo_photo_id: logo });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('shows the name, tagline, logo, contact, social links and footer text in each language', async () => {
    const zh = (await get('/site')).body;
    expect(zh).toContain('<title>北辰營造股份有限公司</title>');
    expect(zh).toMatch(/<h1 id="home-title">北辰營造股份有限公司<\/h1><p class="lead">把每一棟房子蓋好<\/p>/);
    expect(zh).toMatch(
      /<a class="brand with-logo" href="\/site\/"><picture class="logo">[\s\S]*?alt=""[\s\S]*?<\/picture><span>北辰營造股份有限公司<\/span><\/a>/,
    );
    expect(zh).toContain('<p class="footer-name">北辰營造股份有限公司</p>');
    expect(zh).toContain('<li>台北市信義區松仁路 100 號</li>');
    expect(zh).toContain('<a href="tel:0223456789">電話：02-2345-6789</a>');
    expect(zh).toContain('<a href="mailto:hello@polaris.example">hello@polaris.example</a>');
    expect(zh).toContain(
      '<ul class="social" aria-label="社群連結"><li><a href="https://www.facebook.com/polaris" rel="noopener me">Facebook</a></li><li><a href="https://blog.polaris.example/" rel="noopener me">blog.polaris.example</a></li></ul>',
    );
    expect(zh).toContain('<p class="footer-text">甲級綜合營造業</p>');
    expect(zh).toMatch(/© \d{4}(–\d{4})? 北辰營造股份有限公司 版權所有/);
    expect(jsonLdOf(zh).find((x) => x['@type'] === 'Organization')).toMatchObject({
      name: '北辰營造股份有限公司',
      description: '把每一棟房子蓋好',
      sameAs: ['https://www.facebook.com/polaris', 'https://blog.polaris.example/'],
      contactPoint: { email: 'hello@polaris.example', telephone: '0223456789' },
    });
    const en = (await get('/site/en/news')).body;
    expect(en).toContain('<title>News | Polaris Construction Co.</title>');
    expect(en).toContain('<p class="footer-name">Polaris Construction Co.</p>');
    expect(en).toContain('<li>100 Songren Rd, Taipei</li>');
    expect(en).toContain('<p class="footer-text">Class A general contractor</p>');
    expect(en).toContain('<ul class="social" aria-label="Social links">');
  });

  it('changes at once when the settings change (the site cache is dropped), and escapes what it shows', async () => {
    await as().put('/api/admin/website-settings/update', { ...settings, company_name: '<b>新名</b> & 公司', logo_photo_id: null });
    const html = (await get('/site')).body;
    expect(html).toContain('<title>&lt;b&gt;新名&lt;/b&gt; &amp; 公司</title>');
    expect(html).not.toContain('<b>新名</b>');
    expect(html).toContain('<a class="brand" href="/site/"><span>');
    await as().put('/api/admin/website-settings/update', { ...settings, logo_photo_id: logo });
  });

  it('names the company in the mails to members, never BuildOffice', async () => {
    const address = `identity-${Date.now()}@example.com`;
    const signUp = await api(t.app).post('/api/member/account/sign-up', { email: address, password: 'Passw0rd!', name: '林小華' });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const confirm = await catcher.next(address);
    expect(confirm.subject).toBe('請確認您在 北辰營造股份有限公司 的電子郵件');
    // From the company, at MAIL_FROM's address (its default name is the back office's product name).
    expect(confirm.from?.value).toEqual([{ name: '北辰營造股份有限公司', address: 'no-reply@localhost' }]);
    expect(`${confirm.subject} ${confirm.html} ${confirm.text}`).not.toMatch(BACK_OFFICE);
    const en = `identity-en-${Date.now()}@example.com`;
    await api(t.app).post('/api/member/account/sign-up', { email: en, password: 'Passw0rd!', name: 'Lin', locale: 'en-US' });
    const enMail = await catcher.next(en);
    expect(enMail.subject).toBe('Confirm your e-mail for Polaris Construction Co.');
    expect(`${enMail.html} ${enMail.text}`).not.toMatch(BACK_OFFICE);
  });
});

describe('videos and featured project cases', () => {
  it('plays a video embedded from the start time of its link, in a titled frame the policy admits', async () => {
    const res = await get('/site/videos');
    expect(res.body).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90" title="工地導覽" loading="lazy"');
    expect(res.headers['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com');
    // The home page's card leads to it.
    expect((await get('/site')).body).toMatch(/<a href="\/site\/videos#video-\d+">工地導覽<\/a>/);
  });

  it('shows the featured project cases on the home page in their order, not the latest plain one', async () => {
    const home = (await get('/site')).body;
    const section = home.slice(home.indexOf('id="home-projects"'), home.indexOf('id="home-videos"'));
    expect(section.indexOf('精選甲案')).toBeGreaterThan(-1);
    expect(section.indexOf('精選甲案')).toBeLessThan(section.indexOf('精選乙案'));
    expect(section).not.toContain('最新一般案');
    // The projects list still shows every case.
    expect((await get('/site/projects')).body).toContain('最新一般案');
  });
});
