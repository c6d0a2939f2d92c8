import type { z } from 'zod';
import {
  PRODUCT_KEYS,
  type ProductAttribute,
  type ProductInstance,
  type generateInstancesResult,
  type instanceBatchBody,
  type productInstanceInput,
} from '@bo/shared/schemas/product';
import { conflict, notFound } from '../../lib/errors.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import { checkPickablePhoto } from '../photo/content-photos.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import {
  deleteInstances,
  findInstanceRow,
  insertInstance,
  instanceRowsAmong,
  instanceRowsByIds,
  instanceOrder,
  instanceRowsOf,
  skuHeldByAnother,
  skusStartingWith,
  updateInstances,
} from './product-instance.repository.ts';
import { instancesOf, products, toInstances } from './product.repository.ts';
import { storeOrder } from '../../lib/kit/row-order.ts';

type GenerateResult = z.infer<typeof generateInstancesResult>;
type InstanceInput = z.output<typeof productInstanceInput>;
type BatchInput = z.output<typeof instanceBatchBody>;

/** Joins an instance's values into its combo key: no value holds a control character (attributeValue). */
export const COMBO_SEPARATOR = '\u0001';

/**
 * The instance set the attribute lists make, in order (the first list's values outermost): no list
 * makes one instance without values, one list one instance per value, two lists every pair.
 */
export function combinations(attributes: readonly Pick<ProductAttribute, 'values'>[]): string[][] {
  let combos: string[][] = [[]];
  for (const a of attributes) combos = combos.flatMap((c) => a.values.map((v) => [...c, v]));
  return combos;
}

/** An instance's name: its values joined with the app config's separator, the product's name when it has none. */
export const instanceName = (values: readonly string[], separator: string, productName: string) =>
  values.length ? values.join(separator) : productName;

/**
 * `P{productId}-001`, `-002`…: numbers after the highest such SKU in use, skipping any SKU an instance
 * of any product holds (whatever its case). A number freed by an edited or deleted SKU is not handed
 * to another combination while a higher one is in use (labels printed with it stay unambiguous).
 */
async function skuGenerator(ctx: RequestContext, productId: number) {
  const prefix = `P${productId}-`;
  const taken = new Set((await skusStartingWith(ctx.db, prefix)).map((sku) => sku.toLowerCase()));
  const numbered = new RegExp(`^${prefix.toLowerCase()}(\\d{1,9})$`);
  let n = Math.max(0, ...[...taken].map((sku) => Number(numbered.exec(sku)?.[1] ?? 0)));
  return () => {
    let sku: string;
    do sku = `${prefix}${String(++n).padStart(3, '0')}`;
    while (taken.has(sku.toLowerCase()));
    taken.add(sku.toLowerCase());
    return sku;
  };
}

/**
 * Where each wanted combination goes (0, 1, …): the kept ones stay in their current order (existing
 * is in order, perhaps dragged), and a new one follows the combination before it in the lists' order
 * (the first one leads). Without a drag this is the lists' order.
 */
export function placeOf(existing: readonly string[], wanted: readonly string[]): Map<string, number> {
  const want = new Set(wanted);
  const order = existing.filter((k) => want.has(k));
  const kept = new Set(order);
  for (const [i, key] of wanted.entries()) {
    if (kept.has(key)) continue;
    order.splice(i === 0 ? 0 : order.indexOf(wanted[i - 1]!) + 1, 0, key);
  }
  return new Map(order.map((k, i) => [k, i]));
}

export type GenerateOutcome =
  | { result: GenerateResult; wouldRemove?: never }
  | { wouldRemove: { id: number; name: string; sku: string }[] };

/** A product's instances, in order (404 for a product out of reach). */
export const productInstanceReads = ({ db, scope }: AdminReadContext) => ({
  async list(productId: number): Promise<ProductInstance[]> {
    await products.findOr404(db, scope, productId);
    return instancesOf(db, productId);
  },
});

/**
 * A product's instances (product 12's "instance set"): regenerated from the
 * attribute lists, edited one by one (SKU, price, stock, photo) or in a batch (price, stock).
 */
export function productInstanceService(ctx: RequestContext) {
  const { db, scope } = ctx;

  const instanceOr404 = async (productId: number, instanceId: number) => {
    const row = await findInstanceRow(db, productId, instanceId);
    if (!row) throw notFound();
    return row;
  };

  return {
    /**
     * Rebuilds the set from the product's attribute lists. An instance whose values are still a
     * combination is kept with its SKU, price, stock, photo and place among the kept ones (an editor's
     * drag order; its name follows the lists and the separator); a new combination gets a generated SKU, price 0 and stock 0. Instances whose
     * combination is gone are deleted only with `remove`; without it nothing is written and the
     * outcome names them. Audited once, on the product (generate_instances).
     */
    async generate(productId: number, remove: boolean): Promise<GenerateOutcome> {
      const product = await products.findOr404(db, scope, productId);
      const { productInstanceSeparator: separator } = await loadAppConfig(db);
      const existing = await instanceRowsOf(db, productId);
      const combos = combinations(product.attributes).map((values) => ({ values, key: values.join(COMBO_SEPARATOR) }));
      const places = placeOf(
        existing.map((e) => e.combo_key),
        combos.map((c) => c.key),
      );
      const wanted = combos.map((c) => ({ ...c, name: instanceName(c.values, separator, product.name), sort_order: places.get(c.key)! }));
      const keys = new Set(wanted.map((w) => w.key));
      const gone = existing.filter((e) => !keys.has(e.combo_key));
      if (gone.length && !remove) return { wouldRemove: gone.map((g) => ({ id: g.id, name: g.name, sku: g.sku })) };

      const nextSku = await skuGenerator(ctx, productId);
      if (gone.length)
        await deleteInstances(
          db,
          gone.map((g) => g.id),
        );
      const byKey = new Map(existing.map((e) => [e.combo_key, e]));
      const now = new Date().toISOString();
      const created: { name: string; sku: string }[] = [];
      const renamed: { id: number; from: string; to: string }[] = [];
      let kept = 0;
      for (const w of wanted) {
        const had = byKey.get(w.key);
        if (had) {
          kept++;
          if (had.name !== w.name) renamed.push({ id: had.id, from: had.name, to: w.name });
          if (had.name !== w.name || had.sort_order !== w.sort_order)
            await updateInstances(db, [had.id], { name: w.name, sort_order: w.sort_order, updated_at: now });
          continue;
        }
        const sku = nextSku();
        await insertInstance(db, {
          product_id: productId,
          name: w.name,
          values: JSON.stringify(w.values),
          combo_key: w.key,
          sku,
          price: 0,
          stock: 0,
          photo_id: null,
          sort_order: w.sort_order,
          created_at: now,
          updated_at: now,
        });
        created.push({ name: w.name, sku });
      }
      const removed = gone.map((g) => ({ id: g.id, name: g.name, sku: g.sku }));
      if (created.length || removed.length || renamed.length)
        await ctx.audit({
          action: 'generate_instances',
          target_type: 'product',
          target_id: productId,
          before: { instances: existing.map((e) => e.name) },
          after: { instances: wanted.map((w) => w.name), created, removed, renamed, kept },
        });
      return { result: { created: created.length, kept, removed: removed.length, data: await instancesOf(db, productId) } };
    },

    /** The product's instances dragged into a new order: exactly its instances (row-order.ts), audited reorder_instances. */
    async reorder(productId: number, ids: readonly number[]): Promise<ProductInstance[]> {
      await products.findOr404(db, scope, productId);
      await storeOrder(ctx, { table: instanceOrder }, { product_id: productId }, ids, {
        action: 'reorder_instances',
        target_type: 'product',
        target_id: productId,
      });
      return instancesOf(db, productId);
    },

    /** SKU (unique across products, whatever its case: 409), price, stock and photo of one instance of the product. */
    async update(productId: number, instanceId: number, input: InstanceInput): Promise<ProductInstance> {
      const before = await instanceOr404(productId, instanceId);
      if (await skuHeldByAnother(db, input.sku, before.id)) throw conflict({ sku: [PRODUCT_KEYS.skuTaken] });
      await checkPickablePhoto(ctx, input.photo_id, before.photo_id);
      await updateInstances(db, [before.id], { ...input, updated_at: new Date().toISOString() });
      const [after] = await toInstances([await instanceOr404(productId, instanceId)], db);
      const pick = (r: { sku: string; price: number; stock: number; photo_id: number | null }) => ({
        sku: r.sku,
        price: r.price,
        stock: r.stock,
        photo_id: r.photo_id,
      });
      await ctx.audit({
        action: 'update',
        target_type: 'product_instance',
        target_id: before.id,
        before: { name: before.name, ...pick(before) },
        after: { name: after.name, ...pick(after) },
        version_of: { target_type: 'product', target_id: productId, fields: ['instances'] },
      });
      return after;
    },

    /**
     * Price and/or stock of many instances of the product, all or nothing: an id that is not an
     * instance of this product (another product's, or none) refuses the whole batch with 404.
     */
    async batch(productId: number, body: BatchInput): Promise<ProductInstance[]> {
      await products.findOr404(db, scope, productId);
      const rows = await loadAllOr404(body.ids, (unique) => instanceRowsAmong(db, productId, unique));
      const change = {
        ...(body.price === undefined ? {} : { price: body.price }),
        ...(body.stock === undefined ? {} : { stock: body.stock }),
      };
      const ids = rows.map((r) => r.id);
      await updateInstances(db, ids, { ...change, updated_at: new Date().toISOString() });
      for (const r of rows) {
        const before = Object.fromEntries(Object.keys(change).map((k) => [k, r[k as keyof typeof change]]));
        await ctx.audit({
          action: 'patch',
          target_type: 'product_instance',
          target_id: r.id,
          before,
          after: change,
          version_of: { target_type: 'product', target_id: productId, fields: ['instances'] },
        });
      }
      const after = await instanceRowsByIds(db, ids);
      return toInstances(after, db);
    },
  };
}
