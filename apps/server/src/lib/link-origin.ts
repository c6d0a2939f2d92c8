import { hostname, networkInterfaces } from 'node:os';
import type { Config } from '../config.ts';

/** What deciding a request's link origin needs of it (a FastifyRequest has both). */
export interface LinkRequest {
  /** The Host header as sent, port included. */
  host: string;
  protocol: string;
}

/** The names this machine answers to: loopback, its host name and every interface's address. */
function ownHostnames(): Set<string> {
  const names = new Set(['localhost', hostname().toLowerCase()]);
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) names.add(a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address);
  }
  return names;
}

const parseHost = (host: string): URL | null => {
  try {
    return new URL(`http://${host}`);
  } catch {
    return null;
  }
};

/**
 * The origin a request's links may be built on when PUBLIC_URL is unset: the address the admin is
 * using, but only when it is one of this server's own (a machine address or name, on the port it
 * listens on) or SITE_HOST. Any other Host header is a forged or proxied one and is never trusted:
 * a link minted from it would send an invitation's token to somebody else's server. Null: keep the
 * configured origin.
 */
export function requestLinkOrigin(config: Pick<Config, 'publicUrlConfigured' | 'listenUrl' | 'site'>, req: LinkRequest): string | null {
  if (config.publicUrlConfigured) return null;
  const asked = parseHost(req.host ?? '');
  if (!asked || asked.username || asked.password || asked.pathname !== '/') return null;
  const name = asked.hostname.toLowerCase();
  const protocol = req.protocol === 'https' ? 'https:' : 'http:';
  if (config.site.host && name === config.site.host) return `${protocol}//${asked.host}`;
  const listening = new URL(config.listenUrl).port;
  if (asked.port !== listening || !ownHostnames().has(name)) return null;
  return `${protocol}//${asked.host}`;
}

/** Whether links on `origin` open on this machine only (a loopback name or address). */
export function linksStayLocal(origin: string): boolean {
  const name = new URL(origin).hostname.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127\./.test(name);
}

/**
 * The config a request's contexts build links with: `config` itself when PUBLIC_URL is set or the
 * request's host is not trusted, else one whose back-office and (when it lives under the back
 * office's /site) website links start at the address the request came to.
 */
export function linkConfigFor(config: Config, req: LinkRequest): Config {
  const origin = requestLinkOrigin(config, req);
  if (origin === null || origin === config.publicUrl) return config;
  // On SITE_HOST the site's links already name it (config.site.url), and the back office is not there.
  if (config.site.host && new URL(origin).hostname.toLowerCase() === config.site.host) return config;
  const siteUnderApp = config.site.url === `${config.publicUrl}${config.site.prefix}`;
  return {
    ...config,
    publicUrl: origin,
    site: siteUnderApp ? { ...config.site, url: `${origin}${config.site.prefix}` } : config.site,
  };
}
