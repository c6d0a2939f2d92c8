import {
  RULE_KEYS,
  effectiveRules,
  ruleSettingErrors,
  ruleSettingOfRow,
  ruleSettingRow,
  type EffectiveRule,
  type Rule,
  type RuleOverrides,
  type RuleSetting,
} from '@bo/shared/compliance/rules';
import { COMPLIANCE_RULE_KEYS, type ComplianceRulePatch, type ComplianceRuleView } from '@bo/shared/schemas/compliance-rules';
import type { ReadDb } from '../../db/database.ts';
import { settingsOfOrganizations } from '../../lib/compliance/organization-rules.ts';
import { TAIWAN_PACK } from '../../lib/compliance/taiwan-pack.ts';
import { versionsOfRows } from '../../lib/context/record-versions.ts';
import type { OrganizationContext } from '../../lib/context/request-context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { deleteRuleSetting, saveRuleSetting, storedRuleSetting } from './compliance-rules.repository.ts';

/** A rule's record id for versions and the audit log: one rule of one organization. */
export const ruleRecordId = (organizationId: number, key: string) => `${organizationId}:${key}`;

const PACK_RULES = new Map(TAIWAN_PACK.rules.map((r) => [r.key, r]));
const PACK_KEYS: ReadonlySet<string> = new Set(PACK_RULES.keys());

const refusal = (path: string, key: string) => badRequest({ [path]: [key] });

const settingsOf = async (db: ReadDb, organizationId: number): Promise<RuleSetting[]> =>
  (await settingsOfOrganizations(db, [organizationId])).get(organizationId) ?? [];

const hasOverrides = (o: RuleOverrides) => o.months !== undefined || o.by_age !== undefined || o.warn_days !== undefined;

function viewOf(rule: EffectiveRule, setting: RuleSetting | undefined, version: number): ComplianceRuleView {
  const pack = rule.source === 'pack' ? PACK_RULES.get(rule.key) : undefined;
  return {
    key: rule.key,
    source: rule.source,
    rule_version: rule.version,
    enabled: rule.enabled,
    reason: rule.reason,
    title: rule.title,
    requires: rule.requires,
    citation: rule.citation,
    unconfirmed: rule.unconfirmed,
    per_worker: rule.per_worker,
    applies: rule.applies,
    requirement: rule.requirement,
    timing: rule.timing,
    pack_timing: pack?.timing ?? null,
    overrides: setting?.source === 'pack' && hasOverrides(setting.overrides) ? setting.overrides : null,
    version,
  };
}

/** What a read of the rules needs: a connection and the organization (a read or write context). */
type RuleReader = { db: ReadDb; organizationId: number };

/** The organization's rules as its settings screen shows them, each with its record version. */
export async function complianceRuleViews(ctx: RuleReader): Promise<ComplianceRuleView[]> {
  const settings = await settingsOf(ctx.db, ctx.organizationId);
  const rules = effectiveRules(TAIWAN_PACK, settings);
  const versions = await versionsOfRows(
    ctx.db,
    'compliance_rule',
    rules.map((r) => ruleRecordId(ctx.organizationId, r.key)),
  );
  const byKey = new Map(settings.map((s) => [s.rule_key, s]));
  return rules.map((r) => viewOf(r, byKey.get(r.key), versions.get(ruleRecordId(ctx.organizationId, r.key)) ?? 0));
}

/** One rule's view, or undefined when the organization runs no rule of that key. */
export async function complianceRuleView(ctx: RuleReader, key: string) {
  return (await complianceRuleViews(ctx)).find((r) => r.key === key);
}

const auditedSetting = (s: RuleSetting | null) =>
  s === null
    ? null
    : { enabled: s.enabled, reason: s.reason, ...(s.source === 'pack' ? { overrides: s.overrides } : { definition: s.definition }) };

/** A reason is asked for when a rule is switched off, or an unconfirmed one switched on. */
function checkReason(before: boolean, after: boolean, unconfirmed: boolean, reason: string | null | undefined) {
  const needed = (before && !after) || (!before && after && unconfirmed);
  if (needed && !reason?.trim()) throw refusal('reason', RULE_KEYS.reasonRequired);
}

/**
 * The organization's writes over its rules, each audited on `compliance_rule` (its audit hook then
 * recomputes the organization's due items, lib/compliance/recompute-on-audit.ts).
 */
export function complianceRulesService(ctx: OrganizationContext) {
  const org = ctx.organizationId;
  const answer = async (key: string) => (await complianceRuleView(ctx, key))!;

  return {
    async update(key: string, patch: ComplianceRulePatch): Promise<ComplianceRuleView> {
      const row = await storedRuleSetting(ctx.trx, org, key);
      const pack = PACK_RULES.get(key);
      if (!pack && row?.source !== 'custom') throw notFound();
      const stored = row ? ruleSettingOfRow(row) : null;
      // A switch's reason belongs to that switch: switched back without one, the old reason goes.
      const reasonFor = (switched: boolean) =>
        patch.reason === undefined ? (switched ? null : (stored?.reason ?? null)) : patch.reason?.trim() || null;
      let next: RuleSetting;
      if (pack) {
        if (patch.definition !== undefined) throw refusal('definition', COMPLIANCE_RULE_KEYS.notCustom);
        const current = stored?.source === 'pack' ? stored : null;
        const wasEnabled = current ? current.enabled : pack.unconfirmed === null;
        const enabled = patch.enabled ?? wasEnabled;
        checkReason(wasEnabled, enabled, pack.unconfirmed !== null, patch.reason);
        const overrides = patch.overrides === undefined ? (current?.overrides ?? {}) : (patch.overrides ?? {});
        next = { source: 'pack', rule_key: key, enabled, reason: reasonFor(enabled !== wasEnabled), overrides };
        const errors = ruleSettingErrors(pack, next, PACK_KEYS);
        if (errors.length) throw badRequest(Object.fromEntries(errors.map((e) => [e.path, [e.key]])));
      } else {
        if (patch.overrides !== undefined && patch.overrides !== null) throw refusal('overrides', RULE_KEYS.overrideNotApplicable);
        const current = stored?.source === 'custom' ? stored : null;
        if (!current) throw notFound();
        const enabled = patch.enabled ?? current.enabled;
        checkReason(current.enabled, enabled, false, patch.reason);
        const definition: Rule = patch.definition ? { ...patch.definition, key, source: 'custom' } : current.definition;
        next = { source: 'custom', rule_key: key, enabled, reason: reasonFor(enabled !== current.enabled), definition };
      }
      if (!next.enabled && !next.reason) throw refusal('reason', RULE_KEYS.reasonRequired);
      await saveRuleSetting(ctx.trx, org, ruleSettingRow(next));
      await ctx.audit({
        action: 'update',
        target_type: 'compliance_rule',
        target_id: ruleRecordId(org, key),
        before: auditedSetting(stored) ?? { enabled: pack ? pack.unconfirmed === null : true, reason: null },
        after: { rule_key: key, ...auditedSetting(next) },
      });
      return answer(key);
    },

    async create(input: { rule: Rule; enabled?: boolean; reason?: string | null }): Promise<ComplianceRuleView> {
      const key = input.rule.key;
      if (PACK_KEYS.has(key) || (await storedRuleSetting(ctx.trx, org, key))) throw refusal('rule.key', RULE_KEYS.keyTaken);
      const enabled = input.enabled ?? true;
      const reason = input.reason?.trim() || null;
      if (!enabled && !reason) throw refusal('reason', RULE_KEYS.reasonRequired);
      const definition: Rule = { ...input.rule, source: 'custom' };
      await saveRuleSetting(ctx.trx, org, ruleSettingRow({ source: 'custom', rule_key: key, enabled, reason, definition }));
      await ctx.audit({
        action: 'create',
        target_type: 'compliance_rule',
        target_id: ruleRecordId(org, key),
        after: { rule_key: key, enabled, reason, definition },
      });
      return answer(key);
    },

    async remove(key: string): Promise<void> {
      if (PACK_KEYS.has(key)) throw refusal('key', COMPLIANCE_RULE_KEYS.packNotDeletable);
      const row = await storedRuleSetting(ctx.trx, org, key);
      if (row?.source !== 'custom') throw notFound();
      await deleteRuleSetting(ctx.trx, org, key);
      await ctx.audit({
        action: 'delete',
        target_type: 'compliance_rule',
        target_id: ruleRecordId(org, key),
        before: { rule_key: key, ...auditedSetting(ruleSettingOfRow(row)) },
      });
    },
  };
}
