import { sql, type Insertable, type Updateable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { ProductInstancesTable } from '../../db/tables/products.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import type { InstanceRow } from './product.repository.ts';

/*
 * product_instances: a product's instances (product-instance.service.ts). SKUs compare whatever their case.
 */

/** The SKUs in use (any product) starting with `prefix`, whatever their case. */
export async function skusStartingWith(db: ReadDb, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('product_instances')
    .select('sku')
    .where(sql<string>`lower(sku)`, 'like', `${prefix.toLowerCase()}%`)
    .execute();
  return rows.map((r) => r.sku);
}

/** Whether an instance other than `self` (of any product) holds `sku`, whatever its case. */
export async function skuHeldByAnother(db: ReadDb, sku: string, self: number): Promise<boolean> {
  const owner = await db
    .selectFrom('product_instances')
    .select('id')
    .where(sql<string>`lower(sku)`, '=', sku.toLowerCase())
    .where('id', '!=', self)
    .executeTakeFirst();
  return !!owner;
}

/** The instances as the kit's order sees them (row-order.ts): one list per product, no organization. */
export const instanceOrder = scopedTable<{ id: number }, InstanceRow>({
  table: 'product_instances',
  alias: 'pi',
  organizationColumn: null,
  toView: (rows) => rows,
  sortColumns: { sort_order: 'pi.sort_order' },
});

export function findInstanceRow(db: ReadDb, productId: number, instanceId: number): Promise<InstanceRow | undefined> {
  return db.selectFrom('product_instances').selectAll().where('id', '=', instanceId).where('product_id', '=', productId).executeTakeFirst();
}

/** A product's instance rows in their order. */
export function instanceRowsOf(db: ReadDb, productId: number): Promise<InstanceRow[]> {
  return db.selectFrom('product_instances').selectAll().where('product_id', '=', productId).orderBy('sort_order').orderBy('id').execute();
}

/** The rows of `ids` that are instances of the product (in no particular order). */
export function instanceRowsAmong(db: ReadDb, productId: number, ids: readonly number[]): Promise<InstanceRow[]> {
  return db.selectFrom('product_instances').selectAll().where('product_id', '=', productId).where('id', 'in', ids).execute();
}

/** The rows of `ids` in their order. */
export function instanceRowsByIds(db: ReadDb, ids: readonly number[]): Promise<InstanceRow[]> {
  return db.selectFrom('product_instances').selectAll().where('id', 'in', ids).orderBy('sort_order').orderBy('id').execute();
}

export async function insertInstance(db: Trx, row: Insertable<ProductInstancesTable>): Promise<void> {
  await db.insertInto('product_instances').values(row).execute();
}

export async function updateInstances(db: Trx, ids: readonly number[], set: Updateable<ProductInstancesTable>): Promise<void> {
  await db.updateTable('product_instances').set(set).where('id', 'in', ids).execute();
}

export async function deleteInstances(db: Trx, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('product_instances').where('id', 'in', ids).execute();
}

/** Every instance of the products goes with them. */
export async function deleteInstancesOfProducts(db: Trx, productIds: readonly number[]): Promise<void> {
  await db.deleteFrom('product_instances').where('product_id', 'in', productIds).execute();
}
