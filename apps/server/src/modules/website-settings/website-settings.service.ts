import type { z } from 'zod';
import type { ContentLocale } from '@bo/shared/schemas/content';
import {
  companyNameIn,
  textIn,
  type PublicWebsite,
  type WebsiteSettings,
  type websiteSettingsInput,
} from '@bo/shared/schemas/website-settings';
import type { ReadDb } from '../../db/database.ts';
import { restoreMarks, type RestoredFrom } from '../../lib/kit/document-history.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import { checkPickablePhoto } from '../photo/content-photos.ts';
import { readWebsiteSettings, writeWebsiteSettings } from './website-settings.repository.ts';

type Input = z.output<typeof websiteSettingsInput>;

export const websiteSettingsReads = ({ db }: AdminReadContext) => ({
  read: () => readWebsiteSettings(db),
});

/** The whole document replaced, audited with its before and after. */
export function websiteSettingsService(ctx: RequestContext) {
  return {
    /** `restored`: a restore from the history (docs/history.md), audited `restore` naming its entry. */
    async update(input: Input, restored?: RestoredFrom): Promise<WebsiteSettings> {
      const before = await readWebsiteSettings(ctx.db);
      await checkPickablePhoto(ctx, input.logo_photo_id, before.logo_photo_id, 'logo_photo_id');
      await writeWebsiteSettings(ctx.db, input, new Date().toISOString());
      const after = await readWebsiteSettings(ctx.db);
      const { logo: _b, ...beforeFields } = before;
      const { logo: _a, ...afterFields } = after;
      await ctx.audit(
        restored
          ? {
              action: 'restore',
              target_type: 'website_settings',
              target_id: 1,
              before: beforeFields,
              after: { ...afterFields, ...restoreMarks(restored) },
            }
          : { action: 'update', target_type: 'website_settings', target_id: 1, before: beforeFields, after: afterFields },
      );
      return after;
    },
  };
}

/** The identity in one locale with its defaults: the company name is never empty, and never the back office's. */
export async function publicWebsite(db: ReadDb, locale: ContentLocale): Promise<PublicWebsite> {
  const s = await readWebsiteSettings(db);
  const text = (zh: string | null, en: string | null) => textIn(locale, zh, en);
  return {
    company_name: companyNameIn(locale, s.company_name, s.company_name_en),
    tagline: text(s.tagline, s.tagline_en),
    logo: s.logo,
    phone: s.phone,
    email: s.email,
    address: text(s.address, s.address_en),
    social_links: s.social_links,
    footer_text: text(s.footer_text, s.footer_text_en),
  };
}
