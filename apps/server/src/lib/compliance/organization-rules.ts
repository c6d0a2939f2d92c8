import { effectiveRules, ruleSettingOfRow, type EffectiveRule, type RuleSetting } from '@bo/shared/compliance/rules';
import type { ReadDb } from '../../db/database.ts';
import { ruleSettingsOf } from './due-items.repository.ts';
import { TAIWAN_PACK } from './taiwan-pack.ts';

/** The organizations' settings (compliance_rules) as the engine reads them; a row that no longer parses is left out. */
export async function settingsOfOrganizations(db: ReadDb, organizationIds: readonly number[]): Promise<Map<number, RuleSetting[]>> {
  const rows = await ruleSettingsOf(db, organizationIds);
  return new Map([...rows].map(([org, list]) => [org, list.map(ruleSettingOfRow).filter((s): s is RuleSetting => s !== null)]));
}

/** The rules each organization runs: the Taiwan pack under its settings, and its own rules. */
export async function rulesOfOrganizations(db: ReadDb, organizationIds: readonly number[]): Promise<Map<number, EffectiveRule[]>> {
  const settings = await settingsOfOrganizations(db, organizationIds);
  return new Map([...settings].map(([org, list]) => [org, effectiveRules(TAIWAN_PACK, list)]));
}
