import type { ReadDb, Trx } from '../../db/database.ts';
import { effectiveConfig, type AppConfigName, type StoredConfig as Stored } from '../../lib/app-config.ts';

/*
 * Writing the config documents lib/app-config.ts reads (the app-config module's calls).
 */

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

export async function writeStoredConfig(db: Trx, name: AppConfigName, stored: Stored, updatedAt: string): Promise<void> {
  const value = JSON.stringify(stored);
  await db
    .insertInto('app_configs')
    .values({ name, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/** An audit entry of a change to config document `name` (its before and after), if `auditId` is one. */
export function findConfigAuditEntry(db: ReadDb, name: AppConfigName, auditId: number) {
  return db
    .selectFrom('audit_logs')
    .select(['before', 'after'])
    .where('id', '=', auditId)
    .where('target_type', '=', 'app_config')
    .where('target_id', '=', name)
    .executeTakeFirst();
}
