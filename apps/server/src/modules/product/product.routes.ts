import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, orderBody, rowIdParam } from '@bo/shared/list';
import { MESSAGES } from '@bo/shared/messages';
import { ROLES } from '@bo/shared/permissions';
import {
  PRODUCT_KEYS,
  generateInstancesBody,
  generateInstancesConflict,
  generateInstancesResult,
  instanceBatchBody,
  productCategoryTree,
  productInstanceInput,
  productInstanceList,
  productInstanceSchema,
} from '@bo/shared/schemas/product';
import { withVersion, versionConflictBody } from '@bo/shared/versions';
import { answerVersioned } from '../../lib/kit/versioned-read.ts';
import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import { productReads } from './product.service.ts';
import { maxDepth } from './product-category.service.ts';
import { productInstanceReads, productInstanceService } from './product-instance.service.ts';
import { categoryTree } from './product.repository.ts';

const tags = ['product'];
const roles = ROLES.product;

/** The back office's product routes beyond the kit's: the category tree and the instance set. */
/** Issue 36: a product with its instances is one record: an instance write sends the product's version. */
const ofProduct: VersionDeclaration = {
  target: 'product',
  id: (r) => (r.params as { id: number }).id,
  current: async (ctx, id) => {
    const reads = productReads(ctx as AdminReadContext);
    const [row] = await reads.find([Number(id)]);
    return row && (reads.detail ? reads.detail(row) : row);
  },
};

export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/product-category/tree',
    {
      schema: {
        tags,
        description: 'The product categories as a tree, with the depth the app config allows (productCategoryDepth).',
        response: { 200: productCategoryTree },
      },
      config: { roles },
    },
    async (req) => {
      const { db } = req.read('admin');
      return { max_depth: await maxDepth(db), data: await categoryTree(db) };
    },
  );

  app.get(
    '/api/admin/product/:id/instances',
    {
      schema: {
        tags,
        description: "The product's instances in order (the attribute combinations' order, or as an editor dragged them).",
        params: idParam,
        response: { 200: withVersion(productInstanceList) },
      },
      config: { roles },
    },
    // The product's version (its instances count as its own), which the instance writes send back.
    async (req, reply) => {
      const ctx = req.read('admin');
      return answerVersioned(reply, ctx.db, 'product', req.params.id, { data: await productInstanceReads(ctx).list(req.params.id) });
    },
  );

  app.post(
    '/api/admin/product/:id/instances/generate',
    {
      schema: {
        tags,
        description:
          'Rebuilds the instance set from the attribute lists (none: one instance named after the product; one: one per ' +
          'value; two: every pair), names joined with the app config productInstanceSeparator. Instances still in the set ' +
          'keep their SKU, price, stock and photo (names follow); new ones get a generated SKU (P{id}-001…), price 0, ' +
          'stock 0. Instances no longer in the set: 409 naming them and nothing written, unless `remove: true` deletes ' +
          'them. One transaction; audited generate_instances on the product.',
        params: idParam,
        body: generateInstancesBody,
        response: { 200: generateInstancesResult, 409: z.union([generateInstancesConflict, versionConflictBody]) },
      },
      config: { roles, errors: [409], version: ofProduct },
    },
    async (req, reply) => {
      const outcome = await req.write('admin', (ctx) => productInstanceService(ctx).generate(req.params.id, req.body.remove));
      if (outcome.wouldRemove)
        return reply.code(409).send({
          message: MESSAGES.conflict,
          errors: { instances: [PRODUCT_KEYS.instancesWouldBeRemoved] },
          instances: outcome.wouldRemove,
        });
      return outcome.result;
    },
  );

  // Declared before `:instanceId` so the static segment is never read as an id (the router prefers it anyway).
  app.patch(
    '/api/admin/product/:id/instances/batch',
    {
      schema: {
        tags,
        description:
          "Sets the price and/or stock of many of the product's instances, all or nothing: an id that is not an instance " +
          'of this product refuses the whole batch (404). Audited patch per instance.',
        params: idParam,
        body: instanceBatchBody,
        response: { 200: productInstanceList },
      },
      config: { roles, version: ofProduct },
    },
    async (req) => ({ data: await req.write('admin', (ctx) => productInstanceService(ctx).batch(req.params.id, req.body)) }),
  );

  app.put(
    '/api/admin/product/:id/instances/order',
    {
      schema: {
        tags,
        description:
          "The product's instances in their new order (drag and drop; the website lists them so): `ids` must be exactly " +
          'its instances, else 409 `ids: validate.error.order_stale` and nothing written. Audited reorder_instances on the product.',
        params: idParam,
        body: orderBody(),
        response: { 200: productInstanceList },
      },
      config: { roles, errors: [409], version: ofProduct },
    },
    async (req) => ({ data: await req.write('admin', (ctx) => productInstanceService(ctx).reorder(req.params.id, req.body.ids)) }),
  );

  app.put(
    '/api/admin/product/:id/instances/:instanceId',
    {
      schema: {
        tags,
        description: "One instance's SKU (unique across all products, whatever its case: 409 `sku`), price, stock and photo.",
        params: z.object({ id: rowIdParam, instanceId: rowIdParam }),
        body: productInstanceInput,
        response: { 200: productInstanceSchema },
      },
      config: { roles, errors: [409], version: ofProduct },
    },
    async (req) => req.write('admin', (ctx) => productInstanceService(ctx).update(req.params.id, req.params.instanceId, req.body)),
  );
}
