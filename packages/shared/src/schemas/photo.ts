import { z } from 'zod';
import { idsBody, listQuery, listResponse, rowIdParam } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { dayOrInstant } from '../date-schemas.ts';

/** Photo library (spec sections 3, 7, 9). Shared by the server routes and the web pages. */
export const PHOTO_SIZES = ['origin', 'xlarge', 'large', 'middle', 'small', 'tiny'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** Upper bounds of each variant's width in pixels (origin keeps the photo's own width); never upscaled. */
export const PHOTO_SIZE_WIDTHS: Record<Exclude<PhotoSize, 'origin'>, number> = {
  xlarge: 1920,
  large: 1280,
  middle: 800,
  small: 480,
  tiny: 160,
};

/** Spec section 9: which variants a screen may use, best first. */
export const PHOTO_SIZE_FALLBACK = {
  large: ['large', 'middle', 'small', 'tiny'],
  small: ['middle', 'small', 'tiny'],
} as const satisfies Record<string, readonly PhotoSize[]>;

/** Spec section 9: image viewer constants. */
export const IMAGE_VIEWER = { initialCoverage: 0.9, slideshowIntervalMs: 5000, zoomRatio: 0.1, minZoom: 0.01, maxZoom: 100 } as const;

/**
 * A folder is a label, never a path on disk: segments of letters, digits, space, `_`, `-`, `.`
 * joined by `/`; no `.`/`..` segment, no `%`, backslash, NUL or leading/trailing slash.
 */
export const FOLDER_PATTERN = /^(?:(?!\.{1,2}(?:\/|$))[\p{L}\p{N} _.()-]{1,64})(?:\/(?!\.{1,2}(?:\/|$))[\p{L}\p{N} _.()-]{1,64}){0,7}$/u;
export const folderParam = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || FOLDER_PATTERN.test(v), VALIDATION_KEYS.invalid);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a tag refuses
export const TAG_PATTERN = /^[^"\\,%\u0000-\u001f]{1,50}$/;
export const photoTag = z.string().trim().regex(TAG_PATTERN, VALIDATION_KEYS.invalid);

export const photoVariantSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  webp_url: z.string(),
});
export type PhotoVariant = z.infer<typeof photoVariantSchema>;

export const photoSchema = z.object({
  id: z.number(),
  uid: z.string(),
  organization_id: z.number().nullable(),
  folder: z.string(),
  /** The origin variant's URL (spec section 3: a photo has a url or a size_list). */
  url: z.string(),
  title: z.string(),
  alt: z.string(),
  tags: z.array(z.string()),
  original_name: z.string(),
  width: z.number(),
  height: z.number(),
  mime: z.string(),
  file_size: z.number(),
  size_list: z.object({
    origin: photoVariantSchema,
    xlarge: photoVariantSchema,
    large: photoVariantSchema,
    middle: photoVariantSchema,
    small: photoVariantSchema,
    tiny: photoVariantSchema,
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

/**
 * Which library a photo route acts on (issue 42): absent, the organization the request acts in (or
 * none); `company`, the company's own photos, which the website's content shows (docs/photos-and-files.md).
 */
export const photoLibraryParam = z.enum(['company']).optional();
export type PhotoLibrary = 'company' | 'organization';

export const photoListQuery = listQuery(['created_at', 'id', 'title'], {
  library: photoLibraryParam,
  tag: photoTag.optional(),
  date_from: dayOrInstant.optional(),
  date_to: dayOrInstant.optional(),
  folder: folderParam.optional(),
});
export type PhotoListQuery = z.input<typeof photoListQuery>;
export const photoListResponse = listResponse(photoSchema);

/** Optional query params of the upload (spec section 7). */
export const photoUploadQuery = z.object({
  folder: folderParam.default(''),
  title: z.string().trim().max(200).optional(),
  alt: z.string().trim().max(500).optional(),
  /** Comma-separated. */
  tags: z.string().max(1000).optional(),
  organization_id: rowIdParam.optional(),
  library: photoLibraryParam,
});

/** Generic patch (spec section 3) limited to the fields an editor may change. */
export const photoPatchBody = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('title'), value: z.string().trim().max(200) }),
    z.object({ field: z.literal('alt'), value: z.string().trim().max(500) }),
    z.object({ field: z.literal('tags'), value: z.array(photoTag).max(30) }),
  ],
  { error: VALIDATION_KEYS.invalid },
);
export type PhotoPatch = z.infer<typeof photoPatchBody>;

/** A library photo as content shows it (a video's or banner's picture): no storage details. */
export const photoSummarySchema = photoSchema.pick({ id: true, title: true, alt: true, width: true, height: true, size_list: true });
export type PhotoSummary = z.infer<typeof photoSummarySchema>;

/**
 * Issue 36: one row using a library photo (a banner, a page's cover, a product, the logo, a staff
 * member…). `on_website`: the public website shows it, so deleting the photo takes it off the site.
 */
export const photoUseSchema = z.object({
  photo_id: z.number().int(),
  kind: z.enum(['banner', 'page', 'page_gallery', 'video', 'logo', 'product', 'product_instance', 'staff']),
  id: z.number().int(),
  label: z.string(),
  /** Where on the site, for a kind that has places (a banner's position: `home`…); else null. */
  place: z.string().nullable(),
  on_website: z.boolean(),
  organization_id: z.number().int().nullable(),
});
export type PhotoUse = z.infer<typeof photoUseSchema>;
export type PhotoUseKind = PhotoUse['kind'];
/** The uses of some photos the caller may see; `hidden` counts the uses in organizations out of its reach. */
export const photoUsesResponse = z.object({ data: z.array(photoUseSchema), hidden: z.number().int() });
export type PhotoUses = z.infer<typeof photoUsesResponse>;
/** The library's delete: photos in use are deleted (and let go) only with `confirm_uses: true`. */
export const photoDeleteBody = idsBody.extend({ confirm_uses: z.boolean().optional() });
