import type { LocalizedText } from '@bo/shared/compliance/rules';
import { TAIWAN_PACK } from '../../lib/compliance/taiwan-pack.ts';

/** What the dashboards show of a rule beside its key: its title and the article it cites, in both languages. */
export interface RuleLabel {
  title: LocalizedText | null;
  citation: LocalizedText | null;
}

const UNKNOWN: RuleLabel = { title: null, citation: null };
const PACK = new Map<string, RuleLabel>(TAIWAN_PACK.rules.map((r) => [r.key, { title: r.title, citation: r.citation.text }]));

/** The shipped pack's title and citation of a rule; neither for a rule it does not know (a custom rule). */
export function ruleLabel(ruleKey: string): RuleLabel {
  return PACK.get(ruleKey) ?? UNKNOWN;
}
