/** What the dashboards show of a rule beside its key: its title and the article it cites. */
export interface RuleLabel {
  title: string | null;
  citation: string | null;
}

const UNKNOWN: RuleLabel = { title: null, citation: null };

/**
 * The shipped pack's title and citation of a rule (branch `engine`: lib/compliance/taiwan-pack.ts);
 * until the pack is merged, or for a rule it does not know, neither.
 */
export function ruleLabel(_ruleKey: string): RuleLabel {
  return UNKNOWN;
}
