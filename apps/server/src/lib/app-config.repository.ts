import type { ReadDb } from '../db/database.ts';

/** A config document of app_configs as stored (only what differs from the defaults); lib/app-config.ts applies the defaults. */
export async function readStoredConfig(db: ReadDb, name: string): Promise<{ stored: Record<string, unknown>; updated_at: string | null }> {
  const row = await db.selectFrom('app_configs').select(['value', 'updated_at']).where('name', '=', name).executeTakeFirst();
  return { stored: row ? (JSON.parse(row.value) as Record<string, unknown>) : {}, updated_at: row?.updated_at ?? null };
}
