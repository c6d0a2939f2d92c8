import type { ReadDb, Trx } from '../../db/database.ts';
import type { ComplianceRulesRow } from '../../lib/compliance/due-items.repository.ts';

/** The organization's setting of one rule (a pack rule's overrides, or its own rule), or undefined. */
export const ruleSettingRow = (db: ReadDb, organizationId: number, key: string): Promise<ComplianceRulesRow | undefined> =>
  db
    .selectFrom('compliance_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('rule_key', '=', key)
    .executeTakeFirst();

export interface RuleSettingValues {
  source: 'pack' | 'custom';
  enabled: boolean;
  reason: string | null;
  definition: unknown;
}

/** Writes the organization's setting of one rule (one row per organization and key). */
export async function saveRuleSetting(trx: Trx, organizationId: number, key: string, v: RuleSettingValues): Promise<void> {
  const now = new Date().toISOString();
  const values = {
    source: v.source,
    enabled: v.enabled ? 1 : 0,
    reason: v.reason,
    definition: JSON.stringify(v.definition ?? {}),
    updated_at: now,
  };
  const updated = await trx
    .updateTable('compliance_rules')
    .set(values)
    .where('organization_id', '=', organizationId)
    .where('rule_key', '=', key)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await trx
      .insertInto('compliance_rules')
      .values({ ...values, organization_id: organizationId, rule_key: key, created_at: now })
      .execute();
}

export const deleteRuleSetting = (trx: Trx, organizationId: number, key: string) =>
  trx.deleteFrom('compliance_rules').where('organization_id', '=', organizationId).where('rule_key', '=', key).execute();
