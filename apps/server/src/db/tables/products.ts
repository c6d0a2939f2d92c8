import type { Generated } from 'kysely';
import type { CategoryColumns } from './category-columns.ts';

/** Migration 0082: a product category; `depth` 1 for a root, at most productCategoryDepth. */
export type ProductCategoriesTable = CategoryColumns;

/** Migration 0082: a product of the site (the master of its instances). */
export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  name_en: string | null;
  category_id: number | null;
  summary: string | null;
  summary_en: string | null;
  /** Rich text, sanitised when saved. */
  description: string;
  description_en: string | null;
  /** JSON array of library photo ids, the first is the cover. */
  photo_ids: string;
  /** JSON array of at most two attribute lists: {name, name_en, values}. */
  attributes: string;
  status: 'draft' | 'published';
  sort_order: number;
  /** When it was first published; kept when it goes back to draft. */
  published_at: string | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Migration 0082: one combination of a product's attribute values, sold under its SKU. */
export interface ProductInstancesTable {
  id: Generated<number>;
  product_id: number;
  /** The values joined with the app config's productInstanceSeparator (the product's name without attributes). */
  name: string;
  /** JSON array: one value per attribute list. */
  values: string;
  /** The values joined with U+0001: how a regeneration recognises an instance. */
  combo_key: string;
  sku: string;
  price: number;
  stock: number;
  photo_id: number | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface ProductTables {
  product_categories: ProductCategoriesTable;
  products: ProductsTable;
  product_instances: ProductInstancesTable;
}
