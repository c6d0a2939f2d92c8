import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';
import { hasNoWhitespace, isHttpUrl, isSitePath } from '../validators.ts';

/**
 * What every site content schema shares (issue 11, docs/content.md): zh-TW texts required, en-US
 * optional (`*_en`, null when empty), the order a list of the site shows, and the locale of a public read.
 */
export const zhText = (max: number) => z.string().trim().min(1, VALIDATION_KEYS.required).max(max);
export const enText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
export const sortOrder = z.number().int().min(0).max(1_000_000).default(0);

export const CONTENT_LOCALES = ['zh-TW', 'en-US'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
/** `?locale=` of the public API; zh-TW when absent. */
export const contentLocale = z.enum(CONTENT_LOCALES).default('zh-TW');

/** A link on the site: http(s), or a path of the site itself (validators.ts: isHttpUrl, isSitePath). */
export const siteLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => isHttpUrl(v) || (isSitePath(v) && hasNoWhitespace(v)), VALIDATION_KEYS.invalid);

/**
 * The longest rich-text body (page body, product description) the server takes: a long page the
 * editor writes is well under 100,000 characters (images are links, not data), and the sanitiser's
 * cost grows with the size (docs/content.md).
 */
export const RICH_TEXT_MAX_CHARS = 200_000;
