import { z } from 'zod';
import { listQuery, rowId } from '../list.ts';
import { calendarDay } from '../date-schemas.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { enText, siteLink, sortOrder, zhText } from './content.ts';
import { photoSummarySchema } from './photo.ts';

/** Where on the site a banner shows (docs/content.md); the website of issue 12 reads them by position. */
export const BANNER_POSITIONS = ['home', 'news', 'projects', 'about'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];

/** Banners (issue 11): an image with a link, in a position, shown only inside its dates (Taipei days, inclusive). */
export const bannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  title_en: z.string().nullable(),
  position: z.enum(BANNER_POSITIONS),
  photo_id: z.number().nullable(),
  photo: photoSummarySchema.nullable(),
  link: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  sort_order: z.number(),
  /** Inside its dates today (Asia/Taipei) and with an image: what the public API shows. */
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerInput = z
  .strictObject({
    title: zhText(200),
    title_en: enText(200),
    position: z.enum(BANNER_POSITIONS, { error: VALIDATION_KEYS.required }),
    photo_id: rowId.nullable().refine((v) => v !== null, VALIDATION_KEYS.required),
    link: siteLink
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    starts_on: calendarDay.nullable().default(null),
    ends_on: calendarDay.nullable().default(null),
    sort_order: sortOrder,
  })
  .refine((b) => !b.starts_on || !b.ends_on || b.starts_on <= b.ends_on, { path: ['ends_on'], message: VALIDATION_KEYS.invalid });
export type BannerInput = z.input<typeof bannerInput>;

export const bannerListQuery = listQuery(['sort_order', 'id', 'title', 'starts_on', 'ends_on', 'updated_at'], {
  position: z.enum(BANNER_POSITIONS).optional(),
  /** active: inside its dates today; scheduled: starts later; ended: ended before today. */
  state: z.enum(['active', 'scheduled', 'ended']).optional(),
});

export const publicBannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  position: z.enum(BANNER_POSITIONS),
  link: z.string().nullable(),
  photo: photoSummarySchema,
});
export const publicBannerList = z.object({ data: z.array(publicBannerSchema) });
