import { z } from 'zod';
import { listQuery, listResponse, rowId, rowIdParam } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { RICH_TEXT_MAX_CHARS, contentLocale, enText, sortOrder, zhText } from './content.ts';
import { type PageCategoryNode, pageCategoryNode, pageSlug } from './page.ts';
import { photoSummarySchema } from './photo.ts';

/**
 * Products of the site (spec section 3, issue 12, docs/content.md): a product master (photos,
 * attributes, instances each with a photo) and its instance set (name, sku, price, stock), whose names
 * combine the values of at most two attribute lists with the app config's separator (`-` by default).
 */
export const PRODUCT_STATUSES = ['draft', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_KEYS = {
  categoryTooDeep: 'validate.error.category_too_deep',
  slugTaken: 'validate.error.slug_taken',
  skuTaken: 'validate.error.sku_taken',
  /** A regeneration would delete instances: the answer (409) names them; sent again with `remove: true`. */
  instancesWouldBeRemoved: 'validate.error.instances_would_be_removed',
  duplicateValue: 'validate.error.duplicate_value',
} as const;

// ---- categories (one tree, depth productCategoryDepth) ----

export const productCategorySchema = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  name_en: z.string().nullable(),
  depth: z.number(),
  sort_order: z.number(),
  product_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

export const productCategoryInput = z.strictObject({
  parent_id: rowId.nullable().default(null),
  name: zhText(100),
  name_en: enText(100),
  sort_order: sortOrder,
});
export const productCategoryListQuery = listQuery(['sort_order', 'id', 'name'], { parent_id: rowIdParam.optional() });

/** A node of the category tree (the same shape as a page category's). */
export type ProductCategoryNode = PageCategoryNode;
/** The tree, in order, with the depth the app config allows (productCategoryDepth). */
export const productCategoryTree = z.object({ max_depth: z.number(), data: z.array(pageCategoryNode) });

// ---- attributes ----

/**
 * The value of an attribute: trimmed, at most 30 characters, no control characters (the server
 * matches instances by their values joined with one).
 */
export const attributeValue = z
  .string()
  .trim()
  .min(1, VALIDATION_KEYS.required)
  .max(30)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]*$/, VALIDATION_KEYS.invalid);

/** One attribute list, e.g. 規格: 20kg / 40kg. Values are unique within the list. */
export const productAttribute = z
  .strictObject({
    name: zhText(30),
    name_en: enText(30),
    values: z.array(attributeValue).min(1, VALIDATION_KEYS.required).max(30),
  })
  .refine((a) => new Set(a.values).size === a.values.length, { path: ['values'], message: PRODUCT_KEYS.duplicateValue });
export type ProductAttribute = z.output<typeof productAttribute>;

/** At most two lists combine into the instance set. */
export const productAttributes = z
  .array(productAttribute)
  .max(2)
  .default([])
  .refine((list) => new Set(list.map((a) => a.name)).size === list.length, { message: PRODUCT_KEYS.duplicateValue });

// ---- instances ----

/** A stock-keeping unit: letters, digits and `-_.`, unique across all products. */
export const productSku = z
  .string()
  .trim()
  .min(1, VALIDATION_KEYS.required)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, VALIDATION_KEYS.invalid);
/** New Taiwan dollars, whole. */
export const productPrice = z.number().int().min(0).max(100_000_000);
export const productStock = z.number().int().min(0).max(10_000_000);

export const productInstanceSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  /** The values joined with the separator, e.g. `20kg-灰`; the product's name when it has no attributes. */
  name: z.string(),
  /** One value per attribute list, in the lists' order. */
  values: z.array(z.string()),
  sku: z.string(),
  price: z.number(),
  stock: z.number(),
  photo_id: z.number().nullable(),
  photo: photoSummarySchema.nullable(),
  sort_order: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductInstance = z.infer<typeof productInstanceSchema>;

export const productInstanceInput = z.strictObject({
  sku: productSku,
  price: productPrice,
  stock: productStock,
  photo_id: rowId.nullable().default(null),
});

/** Regenerate the set from the product's attributes: keeps existing instances (and their SKUs). */
export const generateInstancesBody = z.strictObject({
  /** Delete the instances whose values are no longer in the lists; without it such a call answers 409. */
  remove: z.boolean().default(false),
});
export const generateInstancesResult = z.object({
  created: z.number(),
  kept: z.number(),
  removed: z.number(),
  data: z.array(productInstanceSchema),
});
/**
 * The 409 of a regeneration without `remove: true` that would delete instances: nothing is written;
 * `instances` names them (absent on any other conflict, e.g. a concurrent write).
 */
export const generateInstancesConflict = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  instances: z.array(z.object({ id: z.number(), name: z.string(), sku: z.string() })).optional(),
});
export type GenerateInstancesConflict = z.infer<typeof generateInstancesConflict>;
/** The instances of a product, in order (the list route and the batch edit's answer). */
export const productInstanceList = z.object({ data: z.array(productInstanceSchema) });

/** Batch edit of price and/or stock. */
export const instanceBatchBody = z
  .strictObject({
    ids: z.array(rowId).min(1).max(500),
    price: productPrice.optional(),
    stock: productStock.optional(),
  })
  .refine((b) => b.price !== undefined || b.stock !== undefined, { path: ['price'], message: VALIDATION_KEYS.required });

// ---- products ----

export const productInput = z.strictObject({
  slug: pageSlug,
  name: zhText(200),
  name_en: enText(200),
  category_id: rowId.nullable().default(null),
  summary: enText(500),
  summary_en: enText(500),
  /** Rich text: sanitised on the server before it is stored. */
  description: z.string().max(RICH_TEXT_MAX_CHARS).default(''),
  description_en: z
    .string()
    .max(RICH_TEXT_MAX_CHARS)
    .nullish()
    .transform((v) => v || null),
  /** Photos from the library, the first is the cover. */
  photo_ids: z.array(rowId).max(40).default([]),
  attributes: productAttributes,
  status: z.enum(PRODUCT_STATUSES).default('draft'),
  sort_order: sortOrder,
});
export type ProductInput = z.input<typeof productInput>;

export const productSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
  category_id: z.number().nullable(),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  summary: z.string().nullable(),
  summary_en: z.string().nullable(),
  description: z.string(),
  description_en: z.string().nullable(),
  photo_ids: z.array(z.number()),
  photos: z.array(photoSummarySchema),
  attributes: z.array(z.object({ name: z.string(), name_en: z.string().nullable(), values: z.array(z.string()) })),
  status: z.enum(PRODUCT_STATUSES),
  sort_order: z.number(),
  published_at: z.string().nullable(),
  instance_count: z.number(),
  /** Lowest and highest instance price; null without instances. */
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  stock_total: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuery = listQuery(['sort_order', 'id', 'name', 'updated_at', 'published_at'], {
  status: z.enum(PRODUCT_STATUSES).optional(),
  category_id: rowIdParam.optional(),
});

// ---- public ----

export const publicProductItem = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  summary: z.string().nullable(),
  cover_photo: photoSummarySchema.nullable(),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  published_at: z.string().nullable(),
});
export const publicProductList = listResponse(publicProductItem);
export const publicProduct = publicProductItem.extend({
  description: z.string(),
  photos: z.array(photoSummarySchema),
  attributes: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  instances: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.string()),
      sku: z.string(),
      price: z.number(),
      stock: z.number(),
      photo: photoSummarySchema.nullable(),
    }),
  ),
  /** Which language the texts are in: en-US only when the product has an English name. */
  locale: contentLocale,
});
export type PublicProduct = z.infer<typeof publicProduct>;
export const publicProductsQuery = listQuery(['sort_order'])
  .pick({ page: true, per_page: true, keyword: true })
  .extend({ category_id: rowIdParam.optional(), locale: contentLocale });
