import type { AppConfig } from '@bo/shared/app-config';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/kit/request-context.ts';
import {
  effectiveConfig,
  isAppConfigName,
  mergeConfig,
  readStoredConfig,
  writeStoredConfig,
  type AppConfigName,
} from './app-config.repository.ts';

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
      errors[field] = [...(errors[field] ?? []), 'validate.error.invalid'];
    }
    throw badRequest(errors);
  }
}

/** Config documents by name (spec section 3): read over the defaults, updated by merging, audited. */
export function appConfigService(ctx: RequestContext) {
  const { db } = ctx;
  return {
    async read(name: string): Promise<Answer> {
      const n = known(name);
      const { stored, updated_at } = await readStoredConfig(db, n);
      return { name: n, config: effectiveConfig(stored), updated_at };
    },

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
  };
}
