import type { Kysely } from 'kysely';

/**
 * Issue 40, a large company's lists (bench/README.md "A large company"): the sorts the staff and product
 * screens offer read an index instead of sorting the whole table (30,000 staff, 5,000 products at the
 * benchmark's size). The staff list across organizations sorts by name, hire date, creation or last change;
 * one organization's by hire date (its name sort has `staff_org_name_idx`); products by publication date
 * whatever their status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('staff_hire_date_idx').on('staff').columns(['hire_date', 'id']).execute();
  await db.schema.createIndex('staff_org_hire_date_idx').on('staff').columns(['organization_id', 'hire_date', 'id']).execute();
  await db.schema.createIndex('staff_name_idx').on('staff').columns(['name', 'id']).execute();
  await db.schema.createIndex('staff_created_idx').on('staff').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('staff_updated_idx').on('staff').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('products_published_idx').on('products').columns(['published_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'staff_hire_date_idx',
    'staff_org_hire_date_idx',
    'staff_name_idx',
    'staff_created_idx',
    'staff_updated_idx',
    'products_published_idx',
  ])
    await db.schema.dropIndex(name).execute();
}
