import { z } from 'zod';
import { listQuery, listResponse, rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { youtubeId } from '../validators.ts';
import { enText, sortOrder, zhText } from './content.ts';
import { photoSummarySchema } from './photo.ts';

/** Videos of the site (spec section 3: title, photo, youtube_url; issue 11). */
export const videoSchema = z.object({
  id: z.number(),
  title: z.string(),
  title_en: z.string().nullable(),
  youtube_url: z.string(),
  /** Taken from youtube_url by spec section 5's rule. */
  youtube_id: z.string(),
  photo_id: z.number().nullable(),
  photo: photoSummarySchema.nullable(),
  published: z.boolean(),
  sort_order: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

export const youtubeUrl = z
  .string()
  .trim()
  .min(1, VALIDATION_KEYS.required)
  .max(500)
  .refine((v) => youtubeId(v) !== null, VALIDATION_KEYS.youtubeUrl);

export const videoInput = z.strictObject({
  title: zhText(200),
  title_en: enText(200),
  youtube_url: youtubeUrl,
  photo_id: rowId.nullable().default(null),
  published: z.boolean().default(true),
  sort_order: sortOrder,
});
export type VideoInput = z.input<typeof videoInput>;

export const videoListQuery = listQuery(['sort_order', 'id', 'title', 'created_at', 'updated_at'], {
  published: z.enum(['true', 'false']).optional(),
});

/** What the public API shows of a video, in one locale. */
export const publicVideoSchema = z.object({
  id: z.number(),
  title: z.string(),
  youtube_id: z.string(),
  embed_url: z.string(),
  photo: photoSummarySchema.nullable(),
});
export const publicVideoList = listResponse(publicVideoSchema);
