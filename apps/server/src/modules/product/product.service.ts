import type { z } from 'zod';
import { PRODUCT_KEYS, type Product, type ProductStatus, type productInput, type productListQuery } from '@bo/shared/schemas/product';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { sanitizeFields } from '../../lib/html/sanitize-pool.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { pick } from '../../lib/pick.ts';
import { checkPickablePhoto } from '../photo/content-photos.ts';
import { deleteInstancesOfProducts } from './product-instance.repository.ts';
import { productCategoryExists, productIdBySlug, products } from './product.repository.ts';

type Input = z.output<typeof productInput>;
type Query = z.output<typeof productListQuery>;

export const productReads = ({ db, scope }: AdminReadContext): ResourceReads<Product, Query> => ({
  list: (query) =>
    products.list(db, scope, query, (qb) => {
      let q = query.status ? qb.where('p.status', '=', query.status) : qb;
      if (query.category_id) q = q.where('p.category_id', '=', query.category_id);
      return q;
    }),
  find: (ids) => products.find(db, scope, ids),
});

/**
 * Products: the description sanitised on the server (lib/html), a category that exists, photos the
 * editor may pick, a slug unique across products (409 with a field error), published_at set the first
 * time the product is published (and kept afterwards). The instance set is product-instance.service.ts.
 */
export function productService(ctx: RequestContext): ResourceWrites<Product, Input> {
  const { db, scope } = ctx;

  /** Each new photo must be one the library shows the editor; the error names the list's field. */
  const checkPhotos = async (ids: number[], before?: Product) => {
    const had = new Set(before?.photo_ids);
    for (const id of ids) {
      if (had.has(id)) continue;
      try {
        await checkPickablePhoto(ctx, id);
      } catch (e) {
        if (e instanceof AppError && e.statusCode === 400) throw badRequest({ photo_ids: ['validate.error.invalid'] });
        throw e;
      }
    }
  };

  const publishedAt = (status: ProductStatus, before?: Product) =>
    before?.published_at ?? (status === 'published' ? new Date().toISOString() : null);

  const columns = async (input: Input, before?: Product) => {
    // First: a body the editor cannot produce is refused before anything else is looked up.
    const rich = await sanitizeFields(
      'rich',
      { description: input.description, description_en: input.description_en },
      `admin:${ctx.principal.id}`,
    );
    if (input.category_id !== null && input.category_id !== before?.category_id) {
      if (!(await productCategoryExists(db, input.category_id))) throw badRequest({ category_id: ['validate.error.invalid'] });
    }
    const photoIds = [...new Set(input.photo_ids)];
    await checkPhotos(photoIds, before);
    const slugOwner = await productIdBySlug(db, input.slug);
    if (slugOwner !== null && slugOwner !== before?.id) throw conflict({ slug: [PRODUCT_KEYS.slugTaken] });
    return {
      ...pick(input, ['slug', 'name', 'name_en', 'category_id', 'summary', 'summary_en', 'status', 'sort_order']),
      description: rich.description ?? '',
      description_en: rich.description_en || null,
      photo_ids: JSON.stringify(photoIds),
      attributes: JSON.stringify(input.attributes.map((a) => ({ name: a.name, name_en: a.name_en, values: a.values }))),
      published_at: publishedAt(input.status, before),
      updated_by: ctx.principal.id,
    };
  };

  return {
    async create(input) {
      return products.create(db, scope, await columns(input));
    },
    async update(before, input) {
      await products.update(db, scope, before.id, await columns(input, before));
      return products.findOr404(db, scope, before.id);
    },
    /** Order, or publish / back to draft in one click. */
    async patch(before, change) {
      const values: Record<string, unknown> = { [change.field]: change.value, updated_by: ctx.principal.id };
      if (change.field === 'status') values.published_at = publishedAt(change.value as ProductStatus, before);
      await products.update(db, scope, before.id, values);
      return products.findOr404(db, scope, before.id);
    },
    async remove(rows) {
      const ids = rows.map((r) => r.id);
      await deleteInstancesOfProducts(db, ids);
      await products.remove(db, scope, ids);
    },
  };
}
