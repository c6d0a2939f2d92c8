import type { Config } from '../config.ts';

/** The member area's pages (sign-in, profile, orders…) in both languages, under the site's root path. */
const memberPaths = (root: string): string[] => [`${root}/member/`, `${root}/en/member/`];

/** The website's own robots.txt, at the root of its host (SITE_HOST) or at `<prefix>/robots.txt`. */
export function siteRobots(site: Config['site']): string {
  const root = new URL(site.url).pathname.replace(/\/$/, '');
  return `User-agent: *\nAllow: /\n${memberPaths(root)
    .map((p) => `Disallow: ${p}\n`)
    .join('')}\nSitemap: ${site.url}/sitemap.xml\n`;
}

/**
 * The robots.txt at the root of the back office's host. With SITE_HOST the website has a host of its
 * own, so this host keeps every crawler out. Without it the website lives at `<prefix>` on this host,
 * which crawlers only read robots.txt from at the root: everything but the back office's screens
 * (`/admin`), the API (`/api`) and the website's member area stays open, and the sitemap is listed.
 * The back office's public screens (sign-in, password reset) answer `X-Robots-Tag: noindex` anyway.
 */
export function hostRobots(site: Config['site']): string {
  if (site.host) return 'User-agent: *\nDisallow: /\n';
  const closed = ['/admin', '/api/', ...memberPaths(site.prefix)];
  return `User-agent: *\n${closed.map((p) => `Disallow: ${p}\n`).join('')}\nSitemap: ${site.url}/sitemap.xml\n`;
}
