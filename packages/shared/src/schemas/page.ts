import { z } from 'zod';
import { listQuery, listResponse, rowId, rowIdParam } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { calendarDay } from '../date-schemas.ts';
import { RICH_TEXT_MAX_CHARS, contentLocale, enText, sortOrder, zhText } from './content.ts';
import { photoSummarySchema } from './photo.ts';

/**
 * Pages of the site (issue 11, docs/content.md): `default` pages, `article` (news) and `project`
 * (construction project cases), each type with its own category tree (app config pageCategoryDepth).
 */
export const PAGE_TYPES = ['default', 'article', 'project'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const PAGE_STATUSES = ['draft', 'published', 'scheduled', 'unpublished'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const PAGE_KEYS = {
  categoryTooDeep: 'validate.error.category_too_deep',
  slugTaken: 'validate.error.slug_taken',
  publishAtPast: 'validate.error.publish_at_past',
} as const;

// ---- categories ----

export const pageCategorySchema = z.object({
  id: z.number(),
  type: z.enum(PAGE_TYPES),
  parent_id: z.number().nullable(),
  name: z.string(),
  name_en: z.string().nullable(),
  depth: z.number(),
  sort_order: z.number(),
  page_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PageCategory = z.infer<typeof pageCategorySchema>;

export const pageCategoryInput = z.strictObject({
  type: z.enum(PAGE_TYPES, { error: VALIDATION_KEYS.required }),
  parent_id: rowId.nullable().default(null),
  name: zhText(100),
  name_en: enText(100),
  sort_order: sortOrder,
});
export const pageCategoryListQuery = listQuery(['sort_order', 'id', 'name'], {
  type: z.enum(PAGE_TYPES).optional(),
  parent_id: rowIdParam.optional(),
});

export interface PageCategoryNode {
  id: number;
  name: string;
  name_en: string | null;
  depth: number;
  children: PageCategoryNode[];
}
/**
 * A tree node, nested as deep as a tree can be (pageCategoryDepth is at most 5): written out level
 * by level instead of recursively, so the OpenAPI document needs no self-reference.
 */
const MAX_CATEGORY_DEPTH = 5;
const nodeOf = (children: z.ZodType) =>
  z.object({ id: z.number(), name: z.string(), name_en: z.string().nullable(), depth: z.number(), children: z.array(children) });
export const pageCategoryNode = Array.from({ length: MAX_CATEGORY_DEPTH - 1 }).reduce<z.ZodType>(
  (inner) => nodeOf(inner),
  nodeOf(z.never()),
) as z.ZodType<PageCategoryNode>;
export const pageCategoryTree = z.object({ type: z.enum(PAGE_TYPES), max_depth: z.number(), data: z.array(pageCategoryNode) });

// ---- pages ----

/** The URL name of a page: lowercase letters (any script), digits and hyphens. */
export const pageSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, VALIDATION_KEYS.required)
  .max(120)
  .regex(/^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u, VALIDATION_KEYS.invalid);

const optionalText = (max: number) => enText(max);

/** The fields a revision keeps and a restore puts back. */
export const pageContentShape = {
  slug: pageSlug,
  title: zhText(200),
  title_en: enText(200),
  summary: optionalText(500),
  summary_en: optionalText(500),
  /** Rich text: sanitised on the server before it is stored. */
  body: z.string().max(RICH_TEXT_MAX_CHARS).default(''),
  body_en: z
    .string()
    .max(RICH_TEXT_MAX_CHARS)
    .nullish()
    .transform((v) => v || null),
  cover_photo_id: rowId.nullable().default(null),
  category_id: rowId.nullable().default(null),
  seo_description: optionalText(300),
  seo_description_en: optionalText(300),
  sort_order: sortOrder,
  // Project cases only (ignored for other types).
  location: optionalText(200),
  client: optionalText(200),
  period_start: calendarDay.nullable().default(null),
  period_end: calendarDay.nullable().default(null),
  gallery: z.array(rowId).max(40).default([]),
};

export const pageInput = z
  .strictObject({
    type: z.enum(PAGE_TYPES, { error: VALIDATION_KEYS.required }),
    ...pageContentShape,
    status: z.enum(PAGE_STATUSES).default('draft'),
    /** Issue 26: a project case shown on the home page (in sort order); ignored for other types. */
    featured: z.boolean().default(false),
    /** With status `scheduled`: the instant it goes out (the web sends Asia/Taipei wall time with its offset). */
    publish_at: z.iso.datetime({ offset: true, message: VALIDATION_KEYS.invalid }).nullable().default(null),
  })
  .refine((p) => p.status !== 'scheduled' || p.publish_at !== null, { path: ['publish_at'], message: VALIDATION_KEYS.required })
  .refine((p) => !p.period_start || !p.period_end || p.period_start <= p.period_end, {
    path: ['period_end'],
    message: VALIDATION_KEYS.invalid,
  });
export type PageInput = z.input<typeof pageInput>;

export const pageSchema = z.object({
  id: z.number(),
  type: z.enum(PAGE_TYPES),
  slug: z.string(),
  title: z.string(),
  title_en: z.string().nullable(),
  summary: z.string().nullable(),
  summary_en: z.string().nullable(),
  body: z.string(),
  body_en: z.string().nullable(),
  cover_photo_id: z.number().nullable(),
  cover_photo: photoSummarySchema.nullable(),
  category_id: z.number().nullable(),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  seo_description: z.string().nullable(),
  seo_description_en: z.string().nullable(),
  sort_order: z.number(),
  location: z.string().nullable(),
  client: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  gallery: z.array(photoSummarySchema),
  featured: z.boolean(),
  status: z.enum(PAGE_STATUSES),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  revision_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

export const pageListQuery = listQuery(['updated_at', 'id', 'title', 'sort_order', 'published_at', 'publish_at'], {
  type: z.enum(PAGE_TYPES).optional(),
  status: z.enum(PAGE_STATUSES).optional(),
  category_id: rowIdParam.optional(),
});

export const pageRevisionSchema = z.object({
  id: z.number(),
  page_id: z.number(),
  number: z.number(),
  status: z.enum(PAGE_STATUSES),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  /** The page's content fields as saved (pageContentShape), in the full read. */
  content: z.record(z.string(), z.unknown()).optional(),
});
export type PageRevision = z.infer<typeof pageRevisionSchema>;

// ---- public ----

export const publicPageItem = z.object({
  id: z.number(),
  type: z.enum(PAGE_TYPES),
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  cover_photo: photoSummarySchema.nullable(),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  published_at: z.string().nullable(),
});
export const publicPageList = listResponse(publicPageItem);
export const publicPage = publicPageItem.extend({
  body: z.string(),
  seo_description: z.string().nullable(),
  location: z.string().nullable(),
  client: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  gallery: z.array(photoSummarySchema),
  /** Which language the texts are in: en-US only when the page has an English title. */
  locale: contentLocale,
});
export const publicPagesQuery = listQuery(['published_at'])
  .pick({ page: true, per_page: true })
  .extend({
    type: z.enum(PAGE_TYPES),
    category_id: rowIdParam.optional(),
    /** `1`: only the featured project cases, in their sort order (the home page's). */
    featured: z.literal('1').optional(),
    locale: contentLocale,
  });
