import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../plugins/compression.ts';
import { PublicApi } from './public-api.ts';
import { errorPage } from './render/error-pages.ts';
import { layout, type LayoutInput } from './render/layout.ts';
import type { SiteCache } from './site-cache.ts';
import { siteContext, type SiteContext, type SiteSettings } from './site-context.ts';
import { siteContentSecurityPolicy } from './site-csp.ts';
import { siteHostMatches } from './site-host.ts';
import type { SiteLocale } from './site-i18n.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page as it is kept in the cache: the HTML, its policy and ETag, and its compressed bodies once asked for. */
export interface RenderedPage {
  status: number;
  html: string;
  /** The HTML encoded once (UTF-8), not on every response. */
  body: Buffer;
  csp: string;
  etag: string;
  /** The compressed bodies, made once, when a visitor first asks for them. */
  encoded: { br?: Buffer | Promise<Buffer>; gzip?: Buffer | Promise<Buffer> };
}

/** A page the site does not have (unknown slug, category, page number, or its module is off). */
export class SiteNotFound extends Error {
  constructor() {
    super('not found on the site');
  }
}

/** A status the site answers with its own page (403 for a form without its CSRF token). */
export class SiteRefusal extends Error {
  constructor(readonly statusCode: number) {
    super(`site refusal ${statusCode}`);
  }
}

/** Pages are revalidated on every use (their ETag), so a published change shows at the next view. */
const PAGE_CACHE_CONTROL = 'public, no-cache';
/** Pages with a form (its CSRF token) or a member's data. */
const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * How the site answers: the request's context (locale, host mode, the app config), cached pages with
 * ETag and precompressed bodies, uncached pages (forms, member pages) and its error pages.
 */
export class SitePages {
  constructor(
    private readonly app: FastifyInstance,
    readonly cache: SiteCache,
  ) {}

  /** The API client for a request's own calls (forms, member pages): from the visitor's address. */
  api(req: FastifyRequest): PublicApi {
    return PublicApi.for(this.app, req);
  }

  /** '' when the request came to SITE_HOST (the site at the root), the site's prefix otherwise. */
  baseOf(req: FastifyRequest): string {
    return siteHostMatches(this.app.config.site.host, req.headers.host) ? '' : this.app.config.site.prefix;
  }

  /** The locale of a path of the site (under `/en` in English). */
  localeOf(req: FastifyRequest): SiteLocale {
    const path = (req.url.split('?')[0] ?? '').slice(this.app.config.site.prefix.length);
    return /^\/en(?:\/|$)/i.test(path) ? 'en-US' : 'zh-TW';
  }

  /** The app config and the website's identity as the site shows them, read through the public routes and cached with the pages. */
  settings(): Promise<SiteSettings> {
    return this.cache.get('settings', async () => {
      const api = new PublicApi(this.app);
      const [res, zh, en] = await Promise.all([
        api.get('/api/settings'),
        api.get('/api/public/website', { locale: 'zh-TW' }),
        api.get('/api/public/website', { locale: 'en-US' }),
      ]);
      for (const [path, r] of [
        ['/api/settings', res],
        ['/api/public/website', zh],
        ['/api/public/website', en],
      ] as const)
        if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}`);
      const c = res.body.config;
      // A section shows while its module is on and its public API exists (products came later than pages).
      const products = this.app.hasRoute({ method: 'GET', url: '/api/public/products' });
      return {
        identity: { 'zh-TW': zh.body, 'en-US': en.body },
        primaryColor: c.primaryColor,
        startYear: c.startYear,
        modules: { ...c.modules, product: c.modules.product && products },
        recaptchaSiteKey: res.body.recaptcha.client,
        oauthProviders: res.body.oauth_providers,
      };
    });
  }

  async context(req: FastifyRequest, locale: SiteLocale = this.localeOf(req)): Promise<SiteContext> {
    return siteContext(locale, this.baseOf(req), req.linkConfig.site.url, await this.settings());
  }

  render(ctx: SiteContext, status: number, input: LayoutInput, formTargets?: string[]): RenderedPage {
    const html = layout(ctx, input);
    return {
      status,
      html,
      body: Buffer.from(html),
      csp: siteContentSecurityPolicy(ctx.settings.primaryColor, {
        recaptcha: Boolean(input.recaptcha && ctx.settings.recaptchaSiteKey),
        formTargets,
      }),
      etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      encoded: {},
    };
  }

  /**
   * A page everyone sees alike, from the cache (site-cache.ts) under `key`; `produce` reads the API
   * and lays the page out. Unknown content (SiteNotFound) is the 404 page, never kept.
   */
  cached(
    req: FastifyRequest,
    reply: FastifyReply,
    locale: SiteLocale,
    key: string,
    produce: (ctx: SiteContext, api: PublicApi) => Promise<LayoutInput>,
  ): FastifyReply | Promise<FastifyReply> {
    const base = this.baseOf(req);
    // Canonical links name the address the page was asked on (PUBLIC_URL unset: lib/link-origin.ts), so it is part of the key.
    const siteUrl = req.linkConfig.site.url;
    const cacheKey = `${base}\u0000${siteUrl}\u0000${locale}\u0000${key}`;
    // The common case, a fresh page, is answered without a promise of its own.
    const fresh = this.cache.fresh<RenderedPage>(cacheKey);
    if (fresh) return this.send(req, reply, fresh);
    return this.cache
      .get(
        cacheKey,
        async () => {
          const ctx = siteContext(locale, base, siteUrl, await this.settings());
          try {
            return this.render(ctx, 200, await produce(ctx, new PublicApi(this.app)));
          } catch (err) {
            if (err instanceof SiteNotFound) return this.render(ctx, 404, errorPage(ctx, 404, pathOf(req, this.app.config.site.prefix)));
            throw err;
          }
        },
        (p) => p.status === 200,
      )
      .then((page) => this.send(req, reply, page));
  }

  /** A page made for this request only (a form with its CSRF token, a member's page): never stored anywhere. */
  fresh(reply: FastifyReply, ctx: SiteContext, status: number, input: LayoutInput, formTargets?: string[]): FastifyReply {
    const page = this.render(ctx, status, input, formTargets);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', page.csp)
      .header('cache-control', PRIVATE_CACHE_CONTROL)
      .send(page.body);
  }

  /** A text file of the site (sitemap.xml, robots.txt), cached like a page. */
  async text(req: FastifyRequest, reply: FastifyReply, key: string, type: string, produce: () => Promise<string>): Promise<FastifyReply> {
    const body = await this.cache.get(`${key}\u0000${req.linkConfig.site.url}`, produce);
    return reply.type(type).header('cache-control', 'public, max-age=300').send(body);
  }

  /**
   * The site's error page for `status`. A 404 or a refused form is a page of the site (the app config is
   * read if need be); any other refusal (a malformed path or body, refused before any route ran) uses the
   * app config only when it is cached, else a bare page, so such a request reaches no route at all.
   */
  async error(req: FastifyRequest, reply: FastifyReply, status: number): Promise<FastifyReply> {
    let ctx: SiteContext | null = null;
    try {
      const settings = status === 404 || status === 403 ? await this.settings() : this.cache.peek<SiteSettings>('settings');
      if (settings) ctx = siteContext(this.localeOf(req), this.baseOf(req), req.linkConfig.site.url, settings);
    } catch {
      ctx = null;
    }
    if (!ctx)
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', PRIVATE_CACHE_CONTROL)
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
        .send(
          `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><title>${status}</title></head><body><h1>${status}</h1></body></html>`,
        );
    return this.fresh(reply, ctx, status, errorPage(ctx, status, pathOf(req, this.app.config.site.prefix)));
  }

  private send(req: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply | Promise<FastifyReply> {
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', page.csp)
      .header('cache-control', page.status === 200 ? PAGE_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
      .header('vary', 'Accept-Encoding');
    if (page.status !== 200) return reply.send(page.body);
    reply.header('etag', page.etag);
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === page.etag)) return reply.code(304).send();
    // Compressed once per cached page, not on every request (the compression plugin leaves an encoded body alone).
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(page.body);
    let body = page.encoded[encoding];
    if (!body) {
      const compressing =
        encoding === 'br'
          ? brotli(page.body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
            })
          : gzipAsync(page.body, { level: 9 });
      body = compressing.then((buffer) => {
        page.encoded[encoding] = buffer;
        return buffer;
      });
      page.encoded[encoding] = body;
    }
    reply.header('content-encoding', encoding);
    return Buffer.isBuffer(body) ? reply.send(body) : body.then((buffer) => reply.send(buffer));
  }
}

/** The path of a request within the site, without prefix and locale (`/news/a-slug`), for the alternates of an error page. */
export function pathOf(req: FastifyRequest, prefix: string): string {
  const path = (req.url.split('?')[0] ?? '/').slice(prefix.length).replace(/^\/en(?=\/|$)/i, '');
  return path.startsWith('/') ? path : `/${path}`;
}
