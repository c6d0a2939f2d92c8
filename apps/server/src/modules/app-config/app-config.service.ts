import { restoreMarks, type RestoredFrom } from '../../lib/kit/document-history.ts';
import { DEFAULT_APP_CONFIG, type AppConfig } from '@bo/shared/app-config';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest, notFound, roleMissing } from '../../lib/errors.ts';
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

/**
 * The developer's link and the version are the maintainer's (who builds and ships the app), not the
 * office's: 系統設定 shows them to a maintainer only, and only a maintainer changes them.
 */
const MAINTAINER_FIELDS = ['developerUrl', 'version'] as const;
const isMaintainer = (ctx: RequestContext) => ctx.principal.adminRoles.includes('ROLE_MAINTAINER');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
    /** `restored`: a restore from the history (docs/history.md), audited `restore` naming its entry. */
    async update(name: string, patch: Record<string, unknown>, restored?: RestoredFrom): Promise<Answer> {
      const n = known(name);
      const { stored } = await readStoredConfig(db, n);
      const before = effectiveConfig(stored);
      // Sent unchanged (a form that round-trips the document) is not a change.
      if (n === 'app' && !isMaintainer(ctx) && MAINTAINER_FIELDS.some((k) => k in patch && !same(patch[k], before[k])))
        throw roleMissing(['ROLE_MAINTAINER']);
      const next = mergeConfig(stored, patch);
      const checked = effectiveConfigOrFieldErrors(next);
      const updatedAt = new Date().toISOString();
      await writeStoredConfig(db, n, next, updatedAt);
      await ctx.audit(
        restored
          ? {
              action: 'restore',
              target_type: 'app_config',
              target_id: n,
              before,
              after: { ...checked, ...restoreMarks(restored) },
            }
          : { action: 'update', target_type: 'app_config', target_id: n, before, after: checked },
      );
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
      const { stored: current } = await readStoredConfig(db, n);
      const before = effectiveConfig(current);
      const version = effectiveConfigOrFieldErrors(JSON.parse(snapshot) as Record<string, unknown>);
      // Another admin's restore puts back the office's fields; the maintainer's stay as they are.
      if (n === 'app' && !isMaintainer(ctx)) for (const k of MAINTAINER_FIELDS) Object.assign(version, { [k]: before[k] });
      const stored: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(version)) {
        if (JSON.stringify(v) !== JSON.stringify(DEFAULT_APP_CONFIG[k as keyof AppConfig])) stored[k] = v;
      }
      const updatedAt = new Date().toISOString();
      await writeStoredConfig(db, n, stored, updatedAt);
      await ctx.audit({ action: 'restore', target_type: 'app_config', target_id: n, before, after: version });
      return { name: n, config: version, updated_at: updatedAt };
    },
  };
}
