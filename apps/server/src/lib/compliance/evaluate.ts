import type { ReasonKey, ReasonParams } from '@bo/shared/compliance/reasons';
import type { EffectiveRule, Rule } from '@bo/shared/compliance/rules';
import { type DueState, isMigrant } from '@bo/shared/compliance/vocabulary';
import { ageOn } from './calendar.ts';
import { finding } from './evaluate-finding.ts';
import { evaluateTiming } from './evaluate-timing.ts';
import type { WorkerFacts } from './worker-facts.ts';

/** What one rule says of one worker on one roster row: a compliance_due_items row without its ids. */
export interface DueItem {
  rule_key: string;
  rule_version: number;
  state: DueState;
  due_on: string | null;
  window_opens_on: string | null;
  reason_key: ReasonKey;
  reason_params: ReasonParams;
}

const sameText = (a: string, b: string) => a.normalize('NFKC').trim() === b.normalize('NFKC').trim();

/** Whether the rule is about this worker: yes, no, or unknown for want of a birthday (an age band). */
function appliesTo(rule: Rule, facts: WorkerFacts, today: string): 'yes' | 'no' | 'cannot_tell' {
  const a = rule.applies;
  if (a.site_roles || a.job_titles) {
    const role = facts.roster.site_role;
    const title = facts.staff.job_title;
    const byRole = a.site_roles?.some((r) => sameText(r, role)) ?? false;
    const byTitle = !!title && (a.job_titles?.some((t) => sameText(t, title)) ?? false);
    if (!byRole && !byTitle) return 'no';
  }
  if (a.migrant !== null && isMigrant(facts.staff.nationality) !== a.migrant) return 'no';
  if (a.work_kinds && !a.work_kinds.some((k) => facts.roster.work_kinds.includes(k))) return 'no';
  if (a.age_min !== null || a.age_max !== null) {
    if (!facts.staff.birthday) return 'cannot_tell';
    const age = ageOn(facts.staff.birthday, today);
    if ((a.age_min !== null && age < a.age_min) || (a.age_max !== null && age > a.age_max)) return 'no';
  }
  return 'yes';
}

/**
 * The due item of one rule for one worker on `today` (a Taipei day), or null when the rule is not about
 * them (another role, no departure to report, a rule about the site rather than its workers).
 */
export function evaluateRule(rule: Rule, facts: WorkerFacts, today: string): DueItem | null {
  if (!rule.per_worker) return null;
  const applies = appliesTo(rule, facts, today);
  if (applies === 'no') return null;
  const found =
    applies === 'cannot_tell' ? finding('cannot_tell', 'compliance.reason.birthday_needed_age_band') : evaluateTiming(rule, facts, today);
  return found && { rule_key: rule.key, rule_version: rule.version, ...found };
}

/** Every due item of a worker's roster row under the organization's rules (switched-off rules give none). */
export function evaluateWorker(rules: readonly (Rule | EffectiveRule)[], facts: WorkerFacts, today: string): DueItem[] {
  const items: DueItem[] = [];
  for (const rule of rules) {
    if ('enabled' in rule && !rule.enabled) continue;
    const item = evaluateRule(rule, facts, today);
    if (item) items.push(item);
  }
  return items;
}
