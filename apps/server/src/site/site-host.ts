import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';

/** Whether a Host header names the website's own host (SITE_HOST; without a port there, any port matches). */
export function siteHostMatches(siteHost: string | null, header: string | undefined): boolean {
  if (!siteHost || !header) return false;
  const host = header.toLowerCase();
  return host === siteHost || (!siteHost.includes(':') && host.replace(/:\d+$/, '') === siteHost);
}

/** Paths that stay what they are on the website's host: the API (photo and file URLs the pages use, the member API). */
const KEPT = /^\/api(?:[/?#]|$)/i;

/**
 * Fastify's `rewriteUrl`: a request whose Host is SITE_HOST is served the website at `/` by routing it
 * to the site's prefix (`/news` → `/site/news`), before the router runs, so the route it matches (and
 * that route's declared access) decides as for any other request. `/api/…` is left alone on that host.
 * Undefined without SITE_HOST: nothing is rewritten.
 */
export function siteRewriteUrl(site: Config['site']): ((req: IncomingMessage) => string) | undefined {
  const { host, prefix } = site;
  if (!host) return undefined;
  return (req) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/') || KEPT.test(url) || !siteHostMatches(host, req.headers.host)) return url;
    return url === '/' ? prefix : `${prefix}${url}`;
  };
}
