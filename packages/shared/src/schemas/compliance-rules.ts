import { z } from 'zod';
import { rowId } from '../list.ts';
import {
  RULE_SOURCES,
  localizedText,
  ruleApplies,
  ruleCitation,
  ruleKey,
  ruleOverrides,
  ruleRequirement,
  ruleSchema,
  ruleTiming,
} from '../compliance/rules.ts';

/**
 * The organization's rule settings (issue 38 §3, GET/PATCH/POST/DELETE /api/admin/organization/compliance/rules):
 * each rule it runs with where it comes from, whether it is on (and why not), the pack's interval beside
 * its own stricter one, the citation and, for an unconfirmed rule, the note it ships with.
 */
export const complianceRuleView = z.object({
  key: z.string(),
  source: z.enum(RULE_SOURCES),
  /** The rule's own version (a new pack version of the rule raises it). */
  rule_version: z.number().int(),
  enabled: z.boolean(),
  /** Why it was switched off (or switched on though unconfirmed); null when never given. */
  reason: z.string().nullable(),
  title: localizedText(100),
  requires: localizedText(500),
  citation: ruleCitation,
  unconfirmed: localizedText(500).nullable(),
  per_worker: z.boolean(),
  applies: ruleApplies,
  requirement: ruleRequirement,
  /** What the organization runs: the pack's timing with its stricter settings applied. */
  timing: ruleTiming,
  /** The pack's own timing (null for a custom rule). */
  pack_timing: ruleTiming.nullable(),
  /** The organization's stricter settings over the pack's (null: none; a custom rule has none). */
  overrides: ruleOverrides.nullable(),
  /** The record's version, sent back in If-Match by a change (issue 36). */
  version: z.number().int().min(0),
});
export type ComplianceRuleView = z.infer<typeof complianceRuleView>;

export const complianceRuleList = z.object({ data: z.array(complianceRuleView) });

const reason = z.string().trim().max(500).nullable().optional();

/**
 * A change of one rule: switched on or off (a reason required to switch one off, or to switch on an
 * unconfirmed one), a stricter interval (`overrides`; null: back to the pack's), or a custom rule's
 * new definition.
 */
export const complianceRulePatch = z.strictObject({
  enabled: z.boolean().optional(),
  reason,
  overrides: ruleOverrides.nullable().optional(),
  /** A custom rule's whole definition (its key stays). */
  definition: ruleSchema.optional(),
  organization_id: rowId.optional(),
});
export type ComplianceRulePatch = z.infer<typeof complianceRulePatch>;

/** A rule of the organization's own: the rule's schema (source custom), switched on unless said otherwise. */
export const complianceRuleCreate = z.strictObject({
  rule: ruleSchema,
  enabled: z.boolean().optional(),
  reason,
  organization_id: rowId.optional(),
});

export const complianceRuleKeyParams = z.object({ key: ruleKey });

/** Translation keys of the settings' refusals beyond the rule schema's own (RULE_KEYS). */
export const COMPLIANCE_RULE_KEYS = {
  packNotDeletable: 'validate.error.rule_pack_not_deletable',
  notCustom: 'validate.error.rule_not_custom',
} as const;
