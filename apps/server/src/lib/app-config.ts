import { appConfigSchema, type AppConfig } from '@bo/shared/app-config';
import type { ReadDb } from '../db/database.ts';
import { readStoredConfig } from './app-config.repository.ts';

/**
 * Config documents kept in app_configs, by name. Only what differs from the defaults is stored, so a
 * default changed in a later release reaches installations that never set the field. Read here, in
 * lib/, because the kit (feature flags) and every module read it; the app-config module writes it.
 */
export const APP_CONFIG_NAMES = ['app'] as const;
export type AppConfigName = (typeof APP_CONFIG_NAMES)[number];
export const isAppConfigName = (n: string): n is AppConfigName => (APP_CONFIG_NAMES as readonly string[]).includes(n);

export type StoredConfig = Record<string, unknown>;

/**
 * The stored overrides over the defaults. A stored value today's rules refuse (a `javascript:`
 * developerUrl saved before URLs had to be http(s)) falls back to its default instead of failing every read.
 */
export function effectiveConfig(stored: StoredConfig): AppConfig {
  const parsed = appConfigSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const refused = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return appConfigSchema.parse(Object.fromEntries(Object.entries(stored).filter(([k]) => !refused.has(k))));
}

/** The stored application config (row 'app') over the defaults of spec section 3. */
export async function loadAppConfig(db: ReadDb): Promise<AppConfig> {
  return effectiveConfig((await readStoredConfig(db, 'app')).stored);
}
