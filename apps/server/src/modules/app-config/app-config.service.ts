import { DEFAULT_APP_CONFIG, type AppConfig } from '@bo/shared/app-config';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import { effectiveConfig, isAppConfigName, type AppConfigName } from '../../lib/app-config.ts';
import { readStoredConfig } from '../../lib/app-config.repository.ts';
import { findConfigAuditEntry, mergeConfig, writeStoredConfig } from './app-config.repository.ts';

type Answer = { name: AppConfigName; config: AppConfig; updated_at: string | null };

/** A name outside APP_CONFIG_NAMES does not exist (404). */
function known(name: string): AppConfigName {
  if (!isAppConfigName(name)) throw notFound();
  return name;
}

/** The effective config, or 400 naming each field the merged overrides make invalid. */
function effectiveConfigOrFieldErrors(stored: Record<string, unknown>): AppConfig {
  try {
    return effectiveConfig(stored);
  } catch (err: any) {
    const errors: Record<string, string[]> = {};
    for (const i of err?.issues ?? []) {
      const field = i.path.join('.') || '_';
      const key =
        field === 'supportEmail'
          ? VALIDATION_KEYS.email
          : i.code === 'too_small' && i.origin === 'string'
            ? VALIDATION_KEYS.required
            : VALIDATION_KEYS.invalid;
      errors[field] = [...(errors[field] ?? []), key];
    }
    throw badRequest(errors);
  }
}

/** Config documents by name (spec section 3): read over the defaults. */
export const appConfigReads = ({ db }: AdminReadContext) => ({
  async read(name: string): Promise<Answer> {
    const n = known(name);
    const { stored, updated_at } = await readStoredConfig(db, n);
    return { name: n, config: effectiveConfig(stored), updated_at };
  },
});

/** Config documents updated by merging, or restored from an audit entry; audited. */
export function appConfigService(ctx: RequestContext) {
  const { db } = ctx;
  return {
    async update(name: string, patch: Record<string, unknown>): Promise<Answer> {
      const n = known(name);
      const { stored } = await readStoredConfig(db, n);
      const before = effectiveConfig(stored);
      const next = mergeConfig(stored, patch);
      const checked = effectiveConfigOrFieldErrors(next);
      const updatedAt = new Date().toISOString();
      await writeStoredConfig(db, n, next, updatedAt);
      await ctx.audit({ action: 'update', target_type: 'app_config', target_id: n, before, after: checked });
      return { name: n, config: checked, updated_at: updatedAt };
    },

    /**
     * Puts back the config as an audit entry of this document left it (`after`; for the entry of the
     * first change, `before` gives the defaults back through `side`). Fields added since read as their
     * defaults and fields removed since are dropped; only what differs from the defaults is stored.
     */
    async restore(name: string, auditId: number, side: 'after' | 'before'): Promise<Answer> {
      const n = known(name);
      const entry = await findConfigAuditEntry(db, n, auditId);
      const snapshot = entry?.[side];
      if (!snapshot) throw badRequest({ audit_id: ['validate.error.invalid'] });
      const version = effectiveConfigOrFieldErrors(JSON.parse(snapshot) as Record<string, unknown>);
      const stored: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(version)) {
        if (JSON.stringify(v) !== JSON.stringify(DEFAULT_APP_CONFIG[k as keyof AppConfig])) stored[k] = v;
      }
      const { stored: current } = await readStoredConfig(db, n);
      const before = effectiveConfig(current);
      const updatedAt = new Date().toISOString();
      await writeStoredConfig(db, n, stored, updatedAt);
      await ctx.audit({ action: 'restore', target_type: 'app_config', target_id: n, before, after: version });
      return { name: n, config: version, updated_at: updatedAt };
    },
  };
}
