import { appConfigSchema, type AppConfig } from '@bo/shared/app-config';
import type { DbOrTrx } from '../../db/database.ts';

/**
 * Config documents kept in app_configs, by name. Only what differs from the defaults is stored, so a
 * default changed in a later release reaches installations that never set the field.
 * 'app' is the row loadAppConfig (modules/settings) reads, through readStoredConfig, for /api/settings.
 */
export const APP_CONFIG_NAMES = ['app'] as const;
export type AppConfigName = (typeof APP_CONFIG_NAMES)[number];
export const isAppConfigName = (n: string): n is AppConfigName => (APP_CONFIG_NAMES as readonly string[]).includes(n);

type Stored = Record<string, unknown>;

export async function readStoredConfig(db: DbOrTrx, name: AppConfigName): Promise<{ stored: Stored; updated_at: string | null }> {
  const row = await db.selectFrom('app_configs').select(['value', 'updated_at']).where('name', '=', name).executeTakeFirst();
  return { stored: row ? (JSON.parse(row.value) as Stored) : {}, updated_at: row?.updated_at ?? null };
}

/**
 * The stored overrides over the defaults. A stored value today's rules refuse (a `javascript:`
 * developerUrl saved before URLs had to be http(s)) falls back to its default instead of failing every read.
 */
export function effectiveConfig(stored: Stored): AppConfig {
  const parsed = appConfigSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const refused = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return appConfigSchema.parse(Object.fromEntries(Object.entries(stored).filter(([k]) => !refused.has(k))));
}

/** The update over the stored overrides; a nested object merges over its current value. */
export function mergeConfig(stored: Stored, patch: Stored): Stored {
  const current = effectiveConfig(stored) as Stored;
  const out: Stored = { ...stored };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const prev = out[k] ?? current[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && prev && typeof prev === 'object' ? { ...(prev as Stored), ...(v as Stored) } : v;
  }
  return out;
}

export async function writeStoredConfig(db: DbOrTrx, name: AppConfigName, stored: Stored, updatedAt: string): Promise<void> {
  const value = JSON.stringify(stored);
  await db
    .insertInto('app_configs')
    .values({ name, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}
