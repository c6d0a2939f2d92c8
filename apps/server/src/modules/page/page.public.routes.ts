import { categoryAndDescendants, localizeTree } from '../../lib/kit/category-tree.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentLocale } from '@bo/shared/schemas/content';
import { PAGE_TYPES, pageCategoryTree, pageSlug, publicPage, publicPageList, publicPagesQuery, type Page } from '@bo/shared/schemas/page';
import { notFound } from '../../lib/errors.ts';
import { localized, sendPublic } from '../../lib/public-read.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { categoryTree, maxDepth } from './page-category.service.ts';
import { categoryParentsOf, pages } from './page.repository.ts';
import { shownOnWebsite } from '../review/review-state.ts';

const tags = ['public-content'];
const config = { roles: 'public', fingerprint: false, conditional: true, errors: [404] } as const;

const item = (p: Page, locale: string) => ({
  id: p.id,
  type: p.type,
  slug: p.slug,
  title: localized(locale, p.title, p.title_en),
  summary: locale === 'en-US' && p.title_en ? p.summary_en : p.summary,
  cover_photo: p.cover_photo,
  category: p.category,
  published_at: p.published_at,
});

/** A page as the public API shows it, with its body (published, or previewed through a signed link). */
export function publicDetail(p: Page, locale: string) {
  const english = locale === 'en-US' && p.title_en !== null;
  return {
    ...item(p, locale),
    body: english && p.body_en ? p.body_en : p.body,
    seo_description: english ? p.seo_description_en : p.seo_description,
    location: p.location,
    client: p.client,
    period_start: p.period_start,
    period_end: p.period_end,
    gallery: p.gallery,
    locale: english ? ('en-US' as const) : ('zh-TW' as const),
  };
}

/**
 * The public content API's pages: published ones only, per locale (en-US texts where the page has an
 * English title, else zh-TW), in the editors' order (newest first among equals); a category lists its
 * sub-categories' pages too.
 */
export async function pagePublicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/public/pages',
    {
      schema: {
        tags,
        description:
          "Published pages of a type (and category, sub-categories included) in the editors' order, newest first among equals; `featured=1`: only the featured ones.",
        querystring: publicPagesQuery,
        response: { 200: publicPageList },
      },
      config,
    },
    async (req, reply) => {
      const { type, category_id, featured, locale, ...paging } = req.query;
      const db = req.read('visitor').db;
      const categories = category_id ? categoryAndDescendants(category_id, await categoryParentsOf(db, type)) : null;
      const list = await pages.list(db, allOrganizations, { ...paging, sort: 'published_at', order: 'desc' }, (qb) => {
        // The editors' order first (drag and drop, issue 26); the paging's sort then puts the newest first among equals.
        const q = qb.where('p.type', '=', type).where('p.status', '=', 'published').orderBy('p.sort_order', 'asc');
        const shown = featured ? q.where('p.featured', '=', 1) : q;
        return categories ? shown.where('p.category_id', 'in', categories) : shown;
      });
      // Issue 41: with the review workflow on, each page as it was published (its snapshot), never an unapproved change.
      const shown = await shownOnWebsite(db, 'page', list.data);
      return sendPublic(req, reply, { data: shown.map((p) => item(p, locale)), meta: list.meta });
    },
  );

  app.get(
    '/api/public/pages/:type/:slug',
    {
      schema: {
        tags,
        description: 'One published page by its type and slug, with its body (sanitised when saved).',
        params: z.object({ type: z.enum(PAGE_TYPES), slug: pageSlug }),
        querystring: z.object({ locale: contentLocale }),
        response: { 200: publicPage },
      },
      config,
    },
    async (req, reply) => {
      const { type, slug } = req.params;
      const { locale } = req.query;
      const p = await pages.findBy(req.read('visitor').db, allOrganizations, (qb) =>
        qb.where('p.type', '=', type).where('p.slug', '=', slug).where('p.status', '=', 'published'),
      );
      const [shown] = p ? await shownOnWebsite(req.read('visitor').db, 'page', [p]) : [];
      if (!shown) throw notFound();
      return sendPublic(req, reply, publicDetail(shown, locale));
    },
  );

  app.get(
    '/api/public/page-categories',
    {
      schema: {
        tags,
        description: "A page type's category tree, names in the locale.",
        querystring: z.object({ type: z.enum(PAGE_TYPES), locale: contentLocale }),
        response: { 200: pageCategoryTree },
      },
      config,
    },
    async (req, reply) => {
      const { type, locale } = req.query;
      return sendPublic(req, reply, {
        type,
        max_depth: await maxDepth(req.read('visitor').db, type),
        data: localizeTree(await categoryTree(req.read('visitor').db, type), locale),
      });
    },
  );
}
