import type { ReadDb, Trx } from '../../db/database.ts';
import type { RuleSettingRow } from '@bo/shared/compliance/rules';
import type { ComplianceRulesRow } from '../../lib/compliance/due-items.repository.ts';

/** The organization's setting of one rule (a pack rule's overrides, or its own rule), or undefined. */
export const storedRuleSetting = (db: ReadDb, organizationId: number, key: string): Promise<ComplianceRulesRow | undefined> =>
  db
    .selectFrom('compliance_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('rule_key', '=', key)
    .executeTakeFirst();

/** Writes the organization's setting of one rule (one row per organization and key). */
export async function saveRuleSetting(trx: Trx, organizationId: number, row: RuleSettingRow): Promise<void> {
  const now = new Date().toISOString();
  const values = { source: row.source, enabled: row.enabled ? 1 : 0, reason: row.reason, definition: row.definition, updated_at: now };
  const updated = await trx
    .updateTable('compliance_rules')
    .set(values)
    .where('organization_id', '=', organizationId)
    .where('rule_key', '=', row.rule_key)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await trx
      .insertInto('compliance_rules')
      .values({ ...values, organization_id: organizationId, rule_key: row.rule_key, created_at: now })
      .execute();
}

export const deleteRuleSetting = (trx: Trx, organizationId: number, key: string) =>
  trx.deleteFrom('compliance_rules').where('organization_id', '=', organizationId).where('rule_key', '=', key).execute();
