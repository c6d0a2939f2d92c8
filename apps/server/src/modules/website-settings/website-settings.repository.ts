import type { Selectable } from 'kysely';
import type { SocialLink, WebsiteSettings } from '@bo/shared/schemas/website-settings';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { WebsiteSettingsTable } from '../../db/tables/site-content.ts';
import { photoSummaries } from '../photo/content-photos.ts';

type Row = Selectable<WebsiteSettingsTable>;
type Fields = Omit<WebsiteSettings, 'logo' | 'updated_at'>;

/** The one row (id 1, made by migration 0088). */
const ROW_ID = 1;

function socialLinksOf(json: string): SocialLink[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? (v as SocialLink[]) : [];
  } catch {
    return [];
  }
}

async function toView(db: ReadDb, r: Row): Promise<WebsiteSettings> {
  const { id: _id, created_at: _c, social_links, ...fields } = r;
  const logo = r.logo_photo_id === null ? null : ((await photoSummaries(db, [r.logo_photo_id])).get(r.logo_photo_id) ?? null);
  return { ...fields, social_links: socialLinksOf(social_links), logo };
}

export async function readWebsiteSettings(db: ReadDb): Promise<WebsiteSettings> {
  const row = await db.selectFrom('website_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirstOrThrow();
  return toView(db, row);
}

export async function writeWebsiteSettings(db: Trx, fields: Fields, updatedAt: string): Promise<void> {
  await db
    .updateTable('website_settings')
    .set({ ...fields, social_links: JSON.stringify(fields.social_links), updated_at: updatedAt })
    .where('id', '=', ROW_ID)
    .execute();
}
