import type { LocalizedText } from '@bo/shared/compliance/rules';
import { TAIWAN_PACK } from '../../lib/compliance/taiwan-pack.ts';
import type { ReadDb } from '../../db/database.ts';
import type { Scope } from '../../lib/context/scope.ts';
import { customRuleDefinitions } from './compliance-dashboard.repository.ts';

/** What the dashboards show of a rule beside its key: its title and the article it cites, in both languages. */
export interface RuleLabel {
  title: LocalizedText | null;
  citation: LocalizedText | null;
}

const UNKNOWN: RuleLabel = { title: null, citation: null };
const PACK = new Map<string, RuleLabel>(TAIWAN_PACK.rules.map((r) => [r.key, { title: r.title, citation: r.citation.text }]));

const localized = (v: unknown): LocalizedText | null => {
  const o = v as Record<string, unknown> | null;
  return o && typeof o['zh-TW'] === 'string' && typeof o['en-US'] === 'string' ? { 'zh-TW': o['zh-TW'], 'en-US': o['en-US'] } : null;
};

function customLabel(definition: string): RuleLabel {
  try {
    const d = JSON.parse(definition) as { title?: unknown; citation?: { text?: unknown } };
    return { title: localized(d.title), citation: localized(d.citation?.text) };
  } catch {
    return UNKNOWN;
  }
}

/** Labels of these rules: the pack's, else the organization's own rule (an organization's custom rule of that key). */
export async function ruleLabelsOf(db: ReadDb, scope: Scope, keys: Iterable<string>) {
  const unknown = [...new Set(keys)].filter((k) => !PACK.has(k));
  const custom = new Map<string, RuleLabel>();
  const anyOrg = new Map<string, RuleLabel>();
  for (const r of await customRuleDefinitions(db, scope, unknown)) {
    const label = customLabel(r.definition);
    custom.set(`${r.organization_id}:${r.rule_key}`, label);
    if (!anyOrg.has(r.rule_key)) anyOrg.set(r.rule_key, label);
  }
  return (ruleKey: string, organizationId?: number): RuleLabel =>
    PACK.get(ruleKey) ?? (organizationId === undefined ? anyOrg.get(ruleKey) : custom.get(`${organizationId}:${ruleKey}`)) ?? UNKNOWN;
}
