import { z } from 'zod';
import { rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { isEmail } from '../validators.ts';
import { contactPhone } from './contact.ts';
import { enText } from './content.ts';
import { photoSummarySchema } from './photo.ts';

/**
 * The website's identity (issue 26, docs/content.md "Website settings"): what the site shows as the
 * company's, never the back office's. One document; an empty field reads as its default.
 */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'line', 'youtube', 'linkedin', 'x', 'other'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** What the site shows while a company name is not set: never the back office's name. */
export const WEBSITE_DEFAULT_NAME = { 'zh-TW': '本公司', 'en-US': 'Our company' } as const;

/** A text in `locale`: the en-US one when there is one, else the zh-TW one (else the other). */
export const textIn = (locale: 'zh-TW' | 'en-US', zh: string | null, en: string | null): string | null =>
  (locale === 'en-US' ? en || zh : zh || en) || null;

/** The company's name in `locale`, its default when none is set. */
export const companyNameIn = (locale: 'zh-TW' | 'en-US', zh: string | null, en: string | null): string =>
  textIn(locale, zh, en) ?? WEBSITE_DEFAULT_NAME[locale];

/** https only: a social link is shown as a link to another site. */
const httpsUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && u.hostname.includes('.') && !/[\s\\]/.test(v);
    } catch {
      return false;
    }
  }, VALIDATION_KEYS.invalid);

export const socialLink = z.strictObject({ network: z.enum(SOCIAL_NETWORKS, { error: VALIDATION_KEYS.required }), url: httpsUrl });
export type SocialLink = z.infer<typeof socialLink>;

export const websiteSettingsSchema = z.object({
  company_name: z.string().nullable(),
  company_name_en: z.string().nullable(),
  tagline: z.string().nullable(),
  tagline_en: z.string().nullable(),
  logo_photo_id: z.number().nullable(),
  logo: photoSummarySchema.nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  address_en: z.string().nullable(),
  social_links: z.array(socialLink),
  footer_text: z.string().nullable(),
  footer_text_en: z.string().nullable(),
  updated_at: z.string(),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;

/** PUT /api/admin/website-settings/update: the whole document (an empty text clears its field). */
export const websiteSettingsInput = z.strictObject({
  company_name: enText(100),
  company_name_en: enText(100),
  tagline: enText(200),
  tagline_en: enText(200),
  logo_photo_id: rowId.nullable().default(null),
  phone: contactPhone.nullish().transform((v) => v ?? null),
  email: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || isEmail(v), VALIDATION_KEYS.email)
    .nullish()
    .transform((v) => v || null),
  address: enText(200),
  address_en: enText(200),
  social_links: z.array(socialLink).max(10).default([]),
  footer_text: enText(500),
  footer_text_en: enText(500),
});
export type WebsiteSettingsInput = z.input<typeof websiteSettingsInput>;

/** GET /api/public/website: the identity in one locale, defaults applied (what every page of the site shows). */
export const publicWebsiteSchema = z.object({
  company_name: z.string(),
  tagline: z.string().nullable(),
  logo: photoSummarySchema.nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  social_links: z.array(socialLink),
  footer_text: z.string().nullable(),
});
export type PublicWebsite = z.infer<typeof publicWebsiteSchema>;
