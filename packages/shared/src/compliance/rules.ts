import { z } from 'zod';
import { HEALTH_CHECK_KINDS, INSURANCE_SCHEMES, MIGRANT_DOCUMENTS, TRAINING_KINDS, WORK_KINDS } from './vocabulary.ts';

/**
 * A rule of law as data (issue 38 §3, docs/compliance.md): who it applies to, which evidence it asks
 * for, when, and the article it cites. The Taiwan pack (apps/server/src/lib/compliance/taiwan-pack.ts)
 * is a list of these; an organization's settings may switch one off, make its interval stricter, or
 * add a rule of its own (`source: 'custom'`). The engine (lib/compliance/evaluate.ts) turns them into
 * due items; nothing else holds an interval.
 */
export const RULE_KEYS = {
  timingMismatch: 'validate.error.rule_timing_mismatch',
  intervalNeeded: 'validate.error.rule_interval_needed',
  ageBandsOverlap: 'validate.error.rule_age_bands_overlap',
  notStricter: 'validate.error.rule_not_stricter',
  warningNotLonger: 'validate.error.rule_warning_not_longer',
  overrideNotApplicable: 'validate.error.rule_override_not_applicable',
  reasonRequired: 'validate.error.rule_reason_required',
  keyTaken: 'validate.error.rule_key_taken',
  unknownRule: 'validate.error.rule_unknown',
} as const;

export const RULE_SOURCES = ['pack', 'custom'] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

export const ruleKey = z
  .string()
  .trim()
  .min(1, 'validate.error.required')
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validate.error.invalid');

const text = (max: number) => z.string().trim().min(1, 'validate.error.required').max(max);
export const localizedText = (max = 500) => z.strictObject({ 'zh-TW': text(max), 'en-US': text(max) });
export type LocalizedText = { 'zh-TW': string; 'en-US': string };

const months = z.number().int().min(1).max(240);
const days = z.number().int().min(0).max(3650);
const age = z.number().int().min(0).max(120);

/** The laws a rule cites: the readable citation, and each law with its article (null: the law as a whole). */
export const ruleCitation = z.strictObject({
  text: localizedText(300),
  laws: z
    .array(z.strictObject({ law: text(100), article: z.string().trim().max(60).nullable() }))
    .min(1)
    .max(5),
});

/**
 * Who a rule applies to; every field set narrows it, null means "anyone". `site_roles` and `job_titles`
 * together say who holds the function (either matches: a roster role key or its exact text, or the staff
 * record's job title); the age band (inclusive years, on the evaluation day), the migrant flag
 * (nationality other than TW) and the kinds of work (any of them on the roster row) narrow further.
 * All null: everyone on a site.
 */
export const ruleApplies = z.strictObject({
  site_roles: z.array(text(100)).min(1).max(50).nullable().default(null),
  job_titles: z.array(text(100)).min(1).max(50).nullable().default(null),
  age_min: age.nullable().default(null),
  age_max: age.nullable().default(null),
  migrant: z.boolean().nullable().default(null),
  work_kinds: z.array(z.enum(WORK_KINDS)).min(1).nullable().default(null),
});

/** Which evidence satisfies a rule. */
export const ruleRequirement = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('training'),
    course_kinds: z.array(z.enum(TRAINING_KINDS)).min(1),
    /** The course's subject must contain this text (case and spaces ignored); null: any subject. */
    subject: text(100).nullable().default(null),
    /** Per site role, the subject its course must contain (the matching 作業主管 course); a role not named falls back to `subject`. */
    subject_by_site_role: z.record(z.string(), text(100)).nullable().default(null),
    min_hours: z.number().min(0).max(1000).nullable().default(null),
  }),
  z.strictObject({ kind: z.literal('health_check'), check_kinds: z.array(z.enum(HEALTH_CHECK_KINDS)).min(1) }),
  z.strictObject({
    kind: z.literal('insurance'),
    schemes: z.array(z.enum(INSURANCE_SCHEMES)).min(1),
    /** The schemes a migrant worker needs, when not the same (就業保險 does not cover most migrant workers). */
    migrant_schemes: z.array(z.enum(INSURANCE_SCHEMES)).min(1).nullable().default(null),
  }),
  z.strictObject({ kind: z.literal('migrant_document'), document: z.enum(MIGRANT_DOCUMENTS) }),
  /** A certificate whose type has one of these names (certificate_types.name, exact, spaces trimmed). */
  z.strictObject({ kind: z.literal('certificate'), type_names: z.array(text(100)).min(1).max(20) }),
  /** The staff record's departure report date (專任工程人員). */
  z.strictObject({ kind: z.literal('departure_report') }),
  /** Informational rules ask for no evidence of a worker. */
  z.strictObject({ kind: z.literal('none') }),
]);
export type RuleRequirement = z.output<typeof ruleRequirement>;

/** An interval by age on the due date: `age_min`..`age_max` inclusive (null: open), bands may not overlap. */
export const ageBand = z.strictObject({ age_min: age.nullable(), age_max: age.nullable(), months });
export type AgeBand = z.output<typeof ageBand>;
export const ageBands = z
  .array(ageBand)
  .min(1)
  .max(10)
  .superRefine((bands, ctx) => {
    for (const [i, a] of bands.entries()) {
      if (a.age_min !== null && a.age_max !== null && a.age_min > a.age_max)
        ctx.addIssue({ code: 'custom', path: [i, 'age_max'], message: 'validate.error.invalid' });
      for (const b of bands.slice(i + 1))
        if ((a.age_min ?? 0) <= (b.age_max ?? 999) && (b.age_min ?? 0) <= (a.age_max ?? 999))
          ctx.addIssue({ code: 'custom', path: [i], message: RULE_KEYS.ageBandsOverlap });
    }
  });

export const INFORMATIONAL_TOPICS = ['site_entry_control', 'records_retention', 'other'] as const;

/**
 * When the evidence is due:
 * - before_work: on or before the roster's start (`anchor: 'hire_date'`: the hire date, or the roster's start when unknown).
 * - every: `months` after the last evidence, or by the age on the due date (`by_age`); exactly one of the two.
 * - valid_until: the document's end (less `min_remaining_months`), warned `warn_days` before.
 * - windows_after_entry: a check within ±`tolerance_days` of each of `months` after the date of entry.
 * - within_days_of_departure: `days` after the staff record's departure.
 * - informational: shown with the pack, no item per worker.
 */
export const ruleTiming = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('before_work'), anchor: z.enum(['roster_start', 'hire_date']).default('roster_start') }),
  z.strictObject({ kind: z.literal('every'), months: months.nullable().default(null), by_age: ageBands.nullable().default(null) }),
  z.strictObject({ kind: z.literal('valid_until'), warn_days: days, min_remaining_months: months.nullable().default(null) }),
  z.strictObject({
    kind: z.literal('windows_after_entry'),
    months: z.array(months).min(1).max(10),
    tolerance_days: z.number().int().min(0).max(180),
  }),
  z.strictObject({ kind: z.literal('within_days_of_departure'), days: z.number().int().min(1).max(365) }),
  z.strictObject({ kind: z.literal('informational'), topic: z.enum(INFORMATIONAL_TOPICS) }),
]);
export type RuleTiming = z.output<typeof ruleTiming>;

/** Which requirements each timing can read a date from. */
const TIMING_REQUIREMENTS: Record<RuleTiming['kind'], RuleRequirement['kind'][]> = {
  before_work: ['training', 'health_check', 'insurance', 'certificate'],
  every: ['training', 'health_check', 'certificate'],
  valid_until: ['migrant_document', 'certificate'],
  windows_after_entry: ['health_check'],
  within_days_of_departure: ['departure_report'],
  informational: ['none'],
};

export const ruleSchema = z
  .strictObject({
    key: ruleKey,
    version: z.number().int().min(1),
    source: z.enum(RULE_SOURCES),
    title: localizedText(100),
    /** What it requires, in words. */
    requires: localizedText(500),
    citation: ruleCitation,
    applies: ruleApplies.prefault({}),
    requirement: ruleRequirement,
    timing: ruleTiming,
    /** Why the rule is not confirmed from the official text (it ships switched off, this note shown), or null. */
    unconfirmed: localizedText(500).nullable().default(null),
    /** False for rules about a site or the records (no item per worker). */
    per_worker: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    if (!TIMING_REQUIREMENTS[rule.timing.kind].includes(rule.requirement.kind))
      ctx.addIssue({ code: 'custom', path: ['requirement', 'kind'], message: RULE_KEYS.timingMismatch });
    if ((rule.timing.kind === 'informational') === rule.per_worker)
      ctx.addIssue({ code: 'custom', path: ['per_worker'], message: RULE_KEYS.timingMismatch });
    if (rule.timing.kind === 'every' && (rule.timing.months === null) === (rule.timing.by_age === null))
      ctx.addIssue({ code: 'custom', path: ['timing', 'months'], message: RULE_KEYS.intervalNeeded });
    const { age_min, age_max } = rule.applies;
    if (age_min !== null && age_max !== null && age_min > age_max)
      ctx.addIssue({ code: 'custom', path: ['applies', 'age_max'], message: 'validate.error.invalid' });
  });
export type Rule = z.output<typeof ruleSchema>;
export type RuleInput = z.input<typeof ruleSchema>;

export const rulePackSchema = z.strictObject({
  key: ruleKey,
  version: z.number().int().min(1),
  rules: z.array(ruleSchema).superRefine((rules, ctx) => {
    const seen = new Set<string>();
    for (const [i, r] of rules.entries()) {
      if (seen.has(r.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: RULE_KEYS.keyTaken });
      seen.add(r.key);
    }
  }),
});
export type RulePack = z.output<typeof rulePackSchema>;

// ---- an organization's settings (compliance_rules rows) ----

/** What a setting may change of a pack rule: only stricter (a shorter interval, a longer warning). */
export const ruleOverrides = z.strictObject({
  months: months.optional(),
  by_age: ageBands.optional(),
  warn_days: days.optional(),
});
export type RuleOverrides = z.output<typeof ruleOverrides>;

const settingReason = z.string().trim().max(500).nullable().default(null);

export const ruleSetting = z
  .discriminatedUnion('source', [
    z.strictObject({
      source: z.literal('pack'),
      rule_key: ruleKey,
      enabled: z.boolean(),
      reason: settingReason,
      overrides: ruleOverrides.prefault({}),
    }),
    z.strictObject({
      source: z.literal('custom'),
      rule_key: ruleKey,
      enabled: z.boolean(),
      reason: settingReason,
      definition: ruleSchema,
    }),
  ])
  .superRefine((s, ctx) => {
    if (!s.enabled && !s.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: RULE_KEYS.reasonRequired });
    if (s.source === 'custom' && (s.definition.key !== s.rule_key || s.definition.source !== 'custom'))
      ctx.addIssue({ code: 'custom', path: ['definition', 'key'], message: 'validate.error.invalid' });
  });
export type RuleSetting = z.output<typeof ruleSetting>;

/** A rule as the organization runs it: the pack's (with its stricter settings) or its own. */
export type EffectiveRule = Rule & { enabled: boolean; reason: string | null; overridden: boolean };

/** A refusal of a setting: the field and the translation key (a 400's `errors`). */
export interface RuleSettingError {
  path: string;
  key: string;
}

/** The interval of a by-age table at `age` (null: the table has no band for it). */
export function monthsAtAge(bands: readonly AgeBand[], atAge: number): number | null {
  const band = bands.find((b) => (b.age_min ?? 0) <= atAge && atAge <= (b.age_max ?? Number.POSITIVE_INFINITY));
  return band ? band.months : null;
}

const AGES = Array.from({ length: 121 }, (_, i) => i);
const intervalAt = (t: { months: number | null; by_age: readonly AgeBand[] | null }, atAge: number) =>
  t.by_age ? monthsAtAge(t.by_age, atAge) : t.months;

/** What is wrong with a setting over `rule` (the pack rule it names; undefined: no such rule): nothing when it is stricter or equal. */
export function ruleSettingErrors(rule: Rule | undefined, setting: RuleSetting, packKeys: ReadonlySet<string>): RuleSettingError[] {
  if (setting.source === 'custom') return packKeys.has(setting.rule_key) ? [{ path: 'rule_key', key: RULE_KEYS.keyTaken }] : [];
  if (!rule) return [{ path: 'rule_key', key: RULE_KEYS.unknownRule }];
  const errors: RuleSettingError[] = [];
  const { months: m, by_age, warn_days } = setting.overrides;
  const t = rule.timing;
  if (m !== undefined || by_age !== undefined) {
    if (t.kind !== 'every')
      errors.push({ path: m !== undefined ? 'overrides.months' : 'overrides.by_age', key: RULE_KEYS.overrideNotApplicable });
    else {
      if (m !== undefined && by_age !== undefined) errors.push({ path: 'overrides.by_age', key: RULE_KEYS.intervalNeeded });
      const proposed = { months: m ?? null, by_age: by_age ?? null };
      // Stricter at every age: a shorter (or equal) interval wherever the rule has one.
      const laxer = AGES.some((a) => {
        const before = intervalAt(t, a);
        const after = intervalAt(proposed, a);
        return before !== null && (after === null || after > before);
      });
      if (laxer) errors.push({ path: m !== undefined ? 'overrides.months' : 'overrides.by_age', key: RULE_KEYS.notStricter });
    }
  }
  if (warn_days !== undefined) {
    if (t.kind !== 'valid_until') errors.push({ path: 'overrides.warn_days', key: RULE_KEYS.overrideNotApplicable });
    else if (warn_days < t.warn_days) errors.push({ path: 'overrides.warn_days', key: RULE_KEYS.warningNotLonger });
  }
  return errors;
}

/** The rule with the setting's overrides that are stricter (one the pack has since overtaken is dropped). */
function applyOverrides(rule: Rule, overrides: RuleOverrides): { rule: Rule; overridden: boolean } {
  const t = rule.timing;
  if (t.kind === 'every' && (overrides.months !== undefined || overrides.by_age !== undefined)) {
    const only = { source: 'pack' as const, rule_key: rule.key, enabled: true, reason: null };
    const interval = { months: overrides.months, by_age: overrides.months !== undefined ? undefined : overrides.by_age };
    if (ruleSettingErrors(rule, { ...only, overrides: interval }, new Set()).length === 0)
      return {
        rule: { ...rule, timing: { kind: 'every', months: interval.months ?? null, by_age: interval.by_age ?? null } },
        overridden: true,
      };
  }
  if (t.kind === 'valid_until' && overrides.warn_days !== undefined && overrides.warn_days > t.warn_days)
    return { rule: { ...rule, timing: { ...t, warn_days: overrides.warn_days } }, overridden: true };
  return { rule, overridden: false };
}

/**
 * The rules an organization runs: every pack rule (switched on unless unconfirmed, or as its setting says,
 * with the setting's stricter intervals), then its custom rules. Settings naming no pack rule, and custom
 * rules reusing a pack key, are left out (the settings routes refuse them with `ruleSettingErrors`).
 */
export function effectiveRules(pack: RulePack, settings: readonly RuleSetting[]): EffectiveRule[] {
  const packSettings = new Map<string, Extract<RuleSetting, { source: 'pack' }>>();
  const custom: Extract<RuleSetting, { source: 'custom' }>[] = [];
  for (const s of settings) {
    if (s.source === 'pack') packSettings.set(s.rule_key, s);
    else custom.push(s);
  }
  const keys = new Set(pack.rules.map((r) => r.key));
  const out: EffectiveRule[] = pack.rules.map((base) => {
    const s = packSettings.get(base.key);
    if (!s) return { ...base, enabled: base.unconfirmed === null, reason: null, overridden: false };
    const { rule, overridden } = applyOverrides(base, s.overrides);
    return { ...rule, enabled: s.enabled, reason: s.reason, overridden };
  });
  for (const s of custom)
    if (!keys.has(s.rule_key)) out.push({ ...s.definition, source: 'custom', enabled: s.enabled, reason: s.reason, overridden: false });
  return out;
}

/** A setting as a compliance_rules row holds it: `definition` is the JSON of a pack rule's overrides or of a custom rule. */
export interface RuleSettingRow {
  rule_key: string;
  source: RuleSource;
  enabled: number | boolean;
  reason: string | null;
  definition: string;
}

export function ruleSettingRow(s: RuleSetting): RuleSettingRow {
  const definition = JSON.stringify(s.source === 'pack' ? s.overrides : s.definition);
  return { rule_key: s.rule_key, source: s.source, enabled: s.enabled ? 1 : 0, reason: s.reason, definition };
}

/** A compliance_rules row as a setting, or null when it no longer reads as one (the pack's own rule then applies). */
export function ruleSettingOfRow(row: RuleSettingRow): RuleSetting | null {
  let definition: unknown;
  try {
    definition = JSON.parse(row.definition);
  } catch {
    return null;
  }
  const base = { source: row.source, rule_key: row.rule_key, enabled: !!row.enabled, reason: row.reason };
  const parsed = ruleSetting.safeParse(row.source === 'pack' ? { ...base, overrides: definition } : { ...base, definition });
  return parsed.success ? parsed.data : null;
}
