import { companyNameIn } from '@bo/shared/schemas/website-settings';
import type { ContentLocale } from '@bo/shared/schemas/content';
import type { ReadDb } from '../db/database.ts';

/** The company's name on the website in `locale` (website settings, migration 0088), for mails to the site's members. */
export async function websiteCompanyName(db: ReadDb, locale: ContentLocale): Promise<string> {
  const row = await db.selectFrom('website_settings').select(['company_name', 'company_name_en']).where('id', '=', 1).executeTakeFirst();
  return companyNameIn(locale, row?.company_name ?? null, row?.company_name_en ?? null);
}

/** The e-mail in 網站設定 (the company's public address), null when none is set: enquiries go there first. */
export async function websiteContactEmail(db: ReadDb): Promise<string | null> {
  const row = await db.selectFrom('website_settings').select('email').where('id', '=', 1).executeTakeFirst();
  const email = row?.email?.trim() ?? '';
  return email === '' ? null : email;
}
