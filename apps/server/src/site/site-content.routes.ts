import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_TYPES, type PageType } from '@bo/shared/schemas/page';
import type { ApiAnswer, PublicApi } from './public-api.ts';
import { contactPage } from './render/contact-page.ts';
import { homePage, pageDetailPage, pageListPage, videoListPage, type HomeData } from './render/content-pages.ts';
import { emptyForm, type FormState } from './render/forms.ts';
import { escapeHtml } from './render/html.ts';
import type { LayoutInput } from './render/layout.ts';
import type { BannerItem, CategoryNode, ListMeta, PageItem, ProductItem, VideoItem } from './render/parts.ts';
import { pagePath, productPath, TYPE_PATHS, typeNav } from './render/parts.ts';
import { productDetailPage, productListPage } from './render/product-pages.ts';
import type { SiteSessions } from './member-session.ts';
import { canonical, href, localePrefix, type SiteContext } from './site-context.ts';
import { apiText, HTML_LANG, SITE_LOCALES, STRINGS, type SiteLocale } from './site-i18n.ts';
import { SiteNotFound, type SitePages } from './site-pages.ts';
import { siteRobots } from './robots.ts';

/** Every route of the website is public, needs no fingerprint and stays out of the API reference. */
export const SITE_ROUTE = { config: { roles: 'public', fingerprint: false }, schema: { hide: true } } as const;

const LIST_SIZE = 12;
const SLUG = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;
const ID = /^\d{1,10}$/;

type Params = Record<string, string>;
type Query = Record<string, string | undefined>;

/** `?page=` as a number (1 when absent or not a plain number). */
export const pageNumber = (req: FastifyRequest): number => {
  const raw = (req.query as Query).page;
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(n, 1);
};

/**
 * What makes one cached page differ from another, as the page reads it (issue 34: `?page=` on a detail
 * page and a slug's letter case each made a new entry, so a client could have every request rendered):
 * the route, its parameters normalised (a slug in lower case, an id as a number), and the page number
 * on a list only. Anything else in the address (other query parameters) shows the same page.
 */
export function pageCacheKey(route: string, req: FastifyRequest, paged: boolean): string {
  const params = Object.entries(req.params as Params).map(([name, value]) =>
    name === 'slug' ? value.toLowerCase() : name === 'id' && ID.test(value) ? String(Number(value)) : value,
  );
  return [route, ...params, paged ? pageNumber(req) : ''].join('\u0000');
}

const slugOf = (req: FastifyRequest): string => {
  const slug = ((req.params as Params).slug ?? '').toLowerCase();
  if (!SLUG.test(slug) || slug.length > 120) throw new SiteNotFound();
  return slug;
};

const categoryIdOf = (req: FastifyRequest): number | null => {
  const id = (req.params as Params).id;
  if (id === undefined) return null;
  if (!ID.test(id)) throw new SiteNotFound();
  return Number(id);
};

/** An API read the page cannot do without: 404 (or the module off) is the site's 404, anything else but 200 an error. */
async function must<T>(answer: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await answer;
  if (res.status === 404) throw new SiteNotFound();
  if (res.status !== 200) throw new Error(`the public API answered ${res.status}`);
  return res.body;
}

/** An API read a page can show without: empty when its module is off. */
async function optional<T>(answer: Promise<{ status: number; body: { data: T[] } }>): Promise<T[]> {
  const res = await answer;
  if (res.status === 404) return [];
  if (res.status !== 200) throw new Error(`the public API answered ${res.status}`);
  return res.body.data;
}

const findCategory = (tree: CategoryNode[], id: number): CategoryNode | null => {
  for (const n of tree) {
    if (n.id === id) return n;
    const found = findCategory(n.children ?? [], id);
    if (found) return found;
  }
  return null;
};

/** A list page past its last page is not a page of the site. */
const checkPage = (meta: ListMeta) => {
  if (meta.page > 1 && meta.page > meta.last_page) throw new SiteNotFound();
};

const treeOf = (body: unknown): CategoryNode[] => {
  const data = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as CategoryNode[]) : [];
};

/** What the home page shows: the home position's banners, the latest news, the featured (or latest) project cases and videos. */
export async function homeData(api: PublicApi, locale: SiteLocale): Promise<HomeData> {
  const [banners, news, featured, latest, videos] = await Promise.all([
    optional<BannerItem>(api.get('/api/public/banners', { position: 'home', locale })),
    optional<PageItem>(api.get('/api/public/pages', { type: 'article', locale, per_page: 3 })),
    optional<PageItem>(api.get('/api/public/pages', { type: 'project', featured: '1', locale, per_page: 4 })),
    optional<PageItem>(api.get('/api/public/pages', { type: 'project', locale, per_page: 4 })),
    optional<VideoItem>(api.get('/api/public/videos', { locale, per_page: 4 })),
  ]);
  // The featured project cases in their order; the latest ones while none is featured.
  return { banners, news, projects: featured.length ? featured : latest, videos };
}

/** The content pages, sitemap.xml and robots.txt, each content page in both languages; the contact form. */
export function siteContentRoutes(app: FastifyInstance, pages: SitePages, sessions: SiteSessions): void {
  const cookiePath = (req: FastifyRequest) => pages.baseOf(req) || '/';

  for (const locale of SITE_LOCALES) {
    const lp = localePrefix(locale);
    /** A cached page of this locale, kept under pageCacheKey (`paged`: a list, whose page number counts). */
    const get = (path: string, produce: (ctx: SiteContext, api: PublicApi, req: FastifyRequest) => Promise<LayoutInput>, paged = false) =>
      app.get(`${lp}${path}`, SITE_ROUTE, (req: FastifyRequest, reply: FastifyReply) =>
        pages.cached(req, reply, locale, pageCacheKey(`${lp}${path}`, req, paged), (ctx, api) => produce(ctx, api, req)),
      );

    get(lp ? '' : '/', async (ctx, api) => homePage(ctx, await homeData(api, locale)));

    for (const type of PAGE_TYPES) {
      const base = TYPE_PATHS[type];
      const list = async (ctx: SiteContext, api: PublicApi, req: FastifyRequest) => {
        const categoryId = categoryIdOf(req);
        const [answer, tree, banners] = await Promise.all([
          must(api.get('/api/public/pages', { type, locale, category_id: categoryId, page: pageNumber(req), per_page: LIST_SIZE })),
          must(api.get('/api/public/page-categories', { type, locale })).then(treeOf),
          optional<BannerItem>(api.get('/api/public/banners', { position: typeNav(type), locale })),
        ]);
        const category = categoryId === null ? null : findCategory(tree, categoryId);
        if (categoryId !== null && !category) throw new SiteNotFound();
        checkPage(answer.meta);
        return pageListPage(ctx, { type: type as PageType, list: answer.data, meta: answer.meta, tree, category, banners });
      };
      get(base, list, true);
      get(`${base}/category/:id`, list, true);
      get(`${base}/:slug`, async (ctx, api, req) =>
        pageDetailPage(ctx, await must(api.get(`/api/public/pages/${type}/${encodeURIComponent(slugOf(req))}`, { locale }))),
      );
    }

    const productList = async (ctx: SiteContext, api: PublicApi, req: FastifyRequest) => {
      const categoryId = categoryIdOf(req);
      const [answer, tree] = await Promise.all([
        must(api.get('/api/public/products', { locale, category_id: categoryId, page: pageNumber(req), per_page: LIST_SIZE })),
        api.get('/api/public/product-categories', { locale }).then((r) => (r.status === 200 ? treeOf(r.body) : [])),
      ]);
      const category = categoryId === null ? null : findCategory(tree, categoryId);
      if (categoryId !== null && !category) throw new SiteNotFound();
      checkPage(answer.meta);
      return productListPage(ctx, { list: answer.data, meta: answer.meta, tree, category });
    };
    get('/products', productList, true);
    get('/products/category/:id', productList, true);
    get('/products/:slug', async (ctx, api, req) =>
      productDetailPage(ctx, await must(api.get(`/api/public/products/${encodeURIComponent(slugOf(req))}`, { locale }))),
    );

    get(
      '/videos',
      async (ctx, api, req) => {
        const answer = await must(api.get('/api/public/videos', { locale, page: pageNumber(req), per_page: LIST_SIZE }));
        checkPage(answer.meta);
        return videoListPage(ctx, { list: answer.data, meta: answer.meta });
      },
      true,
    );

    // The contact form: a page of its own per visitor (its CSRF token), posted to the public contact API.
    const contact = async (req: FastifyRequest, reply: FastifyReply, form: FormState, status = 200) => {
      const ctx = await pages.context(req, locale);
      if (!ctx.settings.modules.contact) throw new SiteNotFound();
      const sent = (req.query as Query).sent === '1';
      return pages.fresh(reply, ctx, status, contactPage(ctx, form, sessions.csrfToken(req, reply, cookiePath(req)), sent));
    };
    app.get(`${lp}/contact`, SITE_ROUTE, (req, reply) => contact(req, reply, emptyForm()));
    app.post(`${lp}/contact`, SITE_ROUTE, async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, string>;
      const values = {
        name: String(body.name ?? '').slice(0, 200),
        email: String(body.email ?? '').slice(0, 300),
        phone: String(body.phone ?? '').slice(0, 60),
        company: String(body.company ?? '').slice(0, 300),
        message: String(body.message ?? '').slice(0, 6000),
      };
      const res = await pages.api(req).post('/api/public/contact', {
        name: values.name,
        email: values.email,
        message: values.message,
        ...(values.phone ? { phone: values.phone } : {}),
        ...(values.company ? { company: values.company } : {}),
        locale,
        ...(body.recaptcha ? { recaptcha: String(body.recaptcha).slice(0, 4000) } : {}),
      });
      if (res.status === 404) throw new SiteNotFound();
      if (res.status === 200) return reply.redirect(`${href(await pages.context(req, locale), '/contact')}?sent=1`, 303);
      return contact(req, reply, formFromAnswer(locale, values, res, Object.keys(values)), res.status >= 500 ? 502 : res.status);
    });
  }

  app.get('/sitemap.xml', SITE_ROUTE, (req, reply) =>
    pages.text(req, reply, 'sitemap.xml', 'application/xml; charset=utf-8', async () =>
      sitemap(await pages.context(req, 'zh-TW'), pages.api(req)),
    ),
  );
  app.get('/robots.txt', SITE_ROUTE, (req, reply) =>
    pages.text(req, reply, 'robots.txt', 'text/plain; charset=utf-8', async () => siteRobots(req.linkConfig.site)),
  );
}

/** A form sent back with what the API said: each field's translated errors, the rest as a message above the form. */
export function formFromAnswer(
  locale: SiteLocale,
  values: Record<string, string>,
  res: ApiAnswer<unknown>,
  fields: string[],
  n?: number,
): FormState {
  // A refusal's body is the API's error answer, whatever the route answers with 200.
  const refusal = res.body as { message?: string; errors?: Record<string, string[]> } | null;
  const errors: Record<string, string[]> = {};
  const other: string[] = [];
  for (const [field, keys] of Object.entries(refusal?.errors ?? {})) {
    const texts = (Array.isArray(keys) ? keys : []).map((k) => apiText(locale, String(k), { n }));
    if (fields.includes(field)) errors[field] = texts;
    else other.push(...texts);
  }
  const text = other.length
    ? other.join('、')
    : Object.keys(errors).length
      ? STRINGS[locale].formErrors
      : apiText(locale, refusal?.message ?? (res.status === 429 ? 'Too Many Requests' : ''));
  return { values, errors, notice: { kind: 'bad', text } };
}

/** Published content only (the public API shows nothing else), each address with its other language. */
async function sitemap(ctx: SiteContext, api: PublicApi): Promise<string> {
  const { modules } = ctx.settings;
  const entries: { path: string; lastmod?: string | null }[] = [{ path: '/' }];
  const all = async <T>(path: string, query: Record<string, string | number>): Promise<T[]> => {
    const out: T[] = [];
    for (let page = 1; page <= 100; page++) {
      // `path` is any list route here, so its answer is named by the caller.
      const res = (await api.get(path, { ...query, page, per_page: 100 })) as ApiAnswer<{ data: T[]; meta: ListMeta }>;
      if (res.status !== 200) break;
      out.push(...res.body.data);
      if (page >= res.body.meta.last_page) break;
    }
    return out;
  };
  if (modules.page) {
    for (const type of PAGE_TYPES) {
      entries.push({ path: TYPE_PATHS[type] });
      for (const p of await all<PageItem>('/api/public/pages', { type })) entries.push({ path: pagePath(p), lastmod: p.published_at });
    }
  }
  if (modules.product) {
    const products = await all<ProductItem>('/api/public/products', {});
    entries.push({ path: '/products' });
    for (const p of products) entries.push({ path: productPath(p), lastmod: p.published_at });
  }
  if (modules.video) entries.push({ path: '/videos' });
  if (modules.contact) entries.push({ path: '/contact' });
  const alternates = (path: string) =>
    SITE_LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${HTML_LANG[l]}" href="${escapeHtml(canonical(ctx, path, l))}"/>`).join(
      '',
    );
  const urls = entries.flatMap((e) =>
    SITE_LOCALES.map(
      (l) =>
        `<url><loc>${escapeHtml(canonical(ctx, e.path, l))}</loc>${alternates(e.path)}${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}</url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
