import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

// Issue 27: without SITE_HOST the website lives at /site, and crawlers read robots.txt only at the
// host's root: that file must leave the site open (Lighthouse's SEO check failed on `Disallow: /`).
let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Whether a crawler may fetch `path` under these rules (longest matching rule wins, Allow on a tie). */
function allowed(robots: string, path: string): boolean {
  let best: { len: number; allow: boolean } = { len: -1, allow: true };
  for (const line of robots.split('\n')) {
    const m = /^(Allow|Disallow):\s*(\S*)/.exec(line);
    if (!m?.[2] || !path.startsWith(m[2])) continue;
    const allow = m[1] === 'Allow';
    if (m[2].length > best.len || (m[2].length === best.len && allow)) best = { len: m[2].length, allow };
  }
  return best.allow;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://admin.example.test' });
});
afterAll(async () => {
  await t?.close();
});

describe('robots.txt at the root of a host that serves the website under /site', () => {
  it('opens the website, lists its sitemap, and keeps crawlers out of the back office, the API and the member area', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Sitemap: https:\/\/admin\.example\.test\/site\/sitemap\.xml$/m);
    for (const path of ['/site', '/site/', '/site/en/', '/site/news/a-slug', '/site/projects/p-1', '/site/sitemap.xml'])
      expect(allowed(res.body, path), path).toBe(true);
    for (const path of [
      '/admin',
      '/admin/staff',
      '/api/admin/page/index',
      '/api/public/pages',
      '/site/member/sign-in',
      '/site/en/member/profile',
    ])
      expect(allowed(res.body, path), path).toBe(false);
  });

  it("answers the same rules as the site's own robots.txt for its member area, and keeps the site's canonical links", async () => {
    expect((await get('/site/robots.txt')).body).toContain('Disallow: /site/member/');
    const sitemap = await get('/site/sitemap.xml');
    expect(sitemap.body).toContain('<loc>https://admin.example.test/site/</loc>');
    const home = await get('/site');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="https://admin.example.test/site/">');
    expect(home.body).toContain('<link rel="alternate" hreflang="en" href="https://admin.example.test/site/en/">');
  });
});
