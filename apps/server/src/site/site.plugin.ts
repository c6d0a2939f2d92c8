import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_IMMUTABLE } from '../plugins/web-assets.ts';
import { negotiateEncoding } from '../plugins/compression.ts';
import { CSRF_FIELD, SiteSessions } from './member-session.ts';
import { SITE_ASSETS } from './site-assets.ts';
import { SiteCache } from './site-cache.ts';
import { hostRobots } from './robots.ts';
import { SITE_ROUTE, siteContentRoutes } from './site-content.routes.ts';
import { siteMemberRoutes } from './site-member.routes.ts';
import { sitePreviewRoutes } from './site-preview.routes.ts';
import { SiteNotFound, SitePages, SiteRefusal } from './site-pages.ts';

/**
 * Back office writes that change what the website shows: pages and their categories, banners, videos,
 * products and their categories, the app config, the website settings, library photos (their alt texts and variants),
 * and the review workflow's steps and settings (issue 41: its publish puts a version on the website).
 */
const CONTENT_WRITE = /^\/api\/admin\/(?:page|banner|video|product|app-config|website-settings|photo|review)/i;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Forms are small: a contact message is at most 5,000 characters. */
const FORM_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The website's page cache (site-cache.ts): bumped by content writes and every minute. */
    siteCache: SiteCache;
  }
}

/**
 * The company website (issue 12, docs/content.md "Company website"): server-rendered pages under
 * config.site.prefix (and at the root of SITE_HOST, through site-host.ts's rewriteUrl), reading only
 * the public content API and the member API in process. Registered after the API modules.
 */
export async function registerSite(app: FastifyInstance): Promise<void> {
  const cache = new SiteCache();
  app.decorate('siteCache', cache);

  // A published change shows at once on this instance: any successful content write drops the cache.
  // The matched route's pattern decides, not the spelling of the URL.
  app.addHook('onResponse', (req, reply, done) => {
    if (!READS.has(req.method) && reply.statusCode < 400 && CONTENT_WRITE.test(req.routeOptions.url ?? '')) cache.bump();
    done();
  });
  // Scheduled pages go out on the minute (the page module's task runs before this one) and banners turn
  // at the Taipei midnight: no request tells, so every minute drops the cache too.
  app.minuteTasks.add({ name: 'site-cache', run: async () => cache.bump() });

  // The host's own robots.txt (robots.ts): crawlers read it only at the root, where the site may not be.
  const robots = hostRobots(app.config.site);
  app.get('/robots.txt', { ...SITE_ROUTE, config: { ...SITE_ROUTE.config, documentHeaders: false } }, (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );

  const pages = new SitePages(app, cache);
  const sessions = new SiteSessions(app.config.jwtSecret, app.config.site.url.startsWith('https://'), app.config.keepLoginTtlSeconds);

  await app.register(
    async (site) => {
      // The site's forms post application/x-www-form-urlencoded (no script); the API itself never accepts it.
      site.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      // Every form posts its CSRF token: checked before any handler runs (and only on POST, so pages pay nothing).
      site.addHook('onRoute', (route) => {
        if (![route.method].flat().includes('POST')) return;
        const checkCsrf = async (req: FastifyRequest) => {
          if (!sessions.csrfValid(req, (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD])) throw new SiteRefusal(403);
        };
        route.preHandler = [checkCsrf, ...[route.preHandler ?? []].flat()];
      });

      site.setNotFoundHandler((req, reply) => pages.error(req, reply, 404));
      site.setErrorHandler(async (err: FastifyError | SiteRefusal | SiteNotFound, req: FastifyRequest, reply: FastifyReply) => {
        const status =
          err instanceof SiteNotFound ? 404 : err instanceof SiteRefusal ? err.statusCode : ((err as FastifyError).statusCode ?? 500);
        if (status >= 500) req.log.error({ err }, 'the website could not answer');
        return pages.error(req, reply, Math.min(status, 500));
      });

      for (const asset of SITE_ASSETS) {
        site.get(`/assets/${asset.name}`, { ...SITE_ROUTE, config: { ...SITE_ROUTE.config, documentHeaders: false } }, (req, reply) => {
          const encoding = negotiateEncoding(req.headers['accept-encoding']);
          reply.type(asset.type).header('cache-control', CACHE_IMMUTABLE).header('vary', 'Accept-Encoding');
          if (encoding) reply.header('content-encoding', encoding);
          return reply.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.body);
        });
      }

      siteContentRoutes(site, pages, sessions);
      siteMemberRoutes(site, pages, sessions);
      sitePreviewRoutes(site, pages);
    },
    { prefix: app.config.site.prefix },
  );
}
