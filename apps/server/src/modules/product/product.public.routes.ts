import { categoryAndDescendants, localizeTree } from '../../lib/kit/category-tree.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentLocale } from '@bo/shared/schemas/content';
import { pageSlug } from '@bo/shared/schemas/page';
import { type Product, productCategoryTree, publicProduct, publicProductList, publicProductsQuery } from '@bo/shared/schemas/product';
import type { ReadDb } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { localized, sendPublic } from '../../lib/public-read.ts';
import { shownOnWebsite } from '../review/review-state.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { maxDepth } from './product-category.service.ts';
import { allCategories, categoryTree, instancesOf, products } from './product.repository.ts';

const tags = ['public-content'];
const config = { roles: 'public', fingerprint: false, conditional: true, errors: [404] } as const;

type Category = { id: number; parent_id: number | null; name: string; name_en: string | null };

/** English texts only for a product with an English name (never half translated); zh-TW otherwise. */
const english = (p: Product, locale: string) => locale === 'en-US' && p.name_en !== null;

const item = (p: Product, locale: string, categories: Map<number, Category>) => {
  const category = p.category_id === null ? undefined : categories.get(p.category_id);
  return {
    id: p.id,
    slug: p.slug,
    name: localized(locale, p.name, p.name_en),
    summary: english(p, locale) ? p.summary_en : p.summary,
    cover_photo: p.photos[0] ?? null,
    category: category ? { id: category.id, name: localized(locale, category.name, category.name_en) } : null,
    price_min: p.price_min,
    price_max: p.price_max,
    published_at: p.published_at,
  };
};

const categoriesById = async (db: ReadDb) => new Map((await allCategories(db)).map((c) => [c.id, c]));

/** A product as the public API shows it, with its description, photos and instances (published, or previewed through a signed link). */
export async function publicDetail(db: ReadDb, p: Product, locale: string) {
  const en = english(p, locale);
  const instances = await instancesOf(db, p.id);
  return {
    ...item(p, locale, await categoriesById(db)),
    description: en && p.description_en ? p.description_en : p.description,
    photos: p.photos,
    attributes: p.attributes.map((a) => ({ name: en && a.name_en ? a.name_en : a.name, values: a.values })),
    instances: instances.map((i) => ({ name: i.name, values: i.values, sku: i.sku, price: i.price, stock: i.stock, photo: i.photo })),
    locale: en ? ('en-US' as const) : ('zh-TW' as const),
  };
}

/**
 * The public content API's products: published ones only, per locale (en-US texts where the product
 * has an English name, else zh-TW), in the editors' order; a category lists its sub-categories' products too.
 */
export async function productPublicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const categoryMap = (req: FastifyRequest) => categoriesById(req.read('visitor').db);

  app.get(
    '/api/public/products',
    {
      schema: {
        tags,
        description: 'Published products (of a category and its sub-categories), in order; `keyword` searches names, summaries and SKUs.',
        querystring: publicProductsQuery,
        response: { 200: publicProductList },
      },
      config,
    },
    async (req, reply) => {
      const { category_id, locale, ...paging } = req.query;
      const categories = await categoryMap(req);
      const within = category_id ? categoryAndDescendants(category_id, categories.values()) : null;
      const list = await products.list(req.read('visitor').db, allOrganizations, { ...paging, sort: 'sort_order', order: 'asc' }, (qb) => {
        const q = qb.where('p.status', '=', 'published');
        return within ? q.where('p.category_id', 'in', within) : q;
      });
      // Issue 41: with the review workflow on, each product as published (its snapshot).
      const shown = await shownOnWebsite(req.read('visitor').db, 'product', list.data);
      return sendPublic(req, reply, { data: shown.map((p) => item(p, locale, categories)), meta: list.meta });
    },
  );

  app.get(
    '/api/public/products/:slug',
    {
      schema: {
        tags,
        description: 'One published product by its slug, with its description (sanitised when saved), photos, attributes and instances.',
        params: z.object({ slug: pageSlug }),
        querystring: z.object({ locale: contentLocale }),
        response: { 200: publicProduct },
      },
      config,
    },
    async (req, reply) => {
      const { slug } = req.params;
      const { locale } = req.query;
      const p = await products.findBy(req.read('visitor').db, allOrganizations, (qb) =>
        qb.where('p.slug', '=', slug).where('p.status', '=', 'published'),
      );
      const [shown] = p ? await shownOnWebsite(req.read('visitor').db, 'product', [p]) : [];
      if (!shown) throw notFound();
      return sendPublic(req, reply, await publicDetail(req.read('visitor').db, shown, locale));
    },
  );

  app.get(
    '/api/public/product-categories',
    {
      schema: {
        tags,
        description: 'The product category tree, names in the locale.',
        querystring: z.object({ locale: contentLocale }),
        response: { 200: productCategoryTree },
      },
      config,
    },
    async (req, reply) =>
      sendPublic(req, reply, {
        max_depth: await maxDepth(req.read('visitor').db),
        data: localizeTree(await categoryTree(req.read('visitor').db), req.query.locale),
      }),
  );
}
