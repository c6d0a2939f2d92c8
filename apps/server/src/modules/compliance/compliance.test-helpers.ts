import type { Database } from '../../db/database.ts';
import type { ComplianceDueItemsTable } from '../../db/tables/sites.ts';

/**
 * Factories for the dashboards' tests: sites, contractors, roster rows and due items straight into the
 * database (the `sites` and `recompute` branches write them in the product).
 */
const now = () => new Date().toISOString();

export async function buildSite(db: Database, organizationId: number, name: string) {
  return db
    .insertInto('sites')
    .values({ organization_id: organizationId, name, created_at: now(), updated_at: now() })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function buildContractor(db: Database, organizationId: number, name: string) {
  return db
    .insertInto('contractors')
    .values({ organization_id: organizationId, name, created_at: now(), updated_at: now() })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function buildRoster(db: Database, organizationId: number, siteId: number, staffId: number, siteRole = 'worker') {
  return db
    .insertInto('site_roster')
    .values({
      organization_id: organizationId,
      site_id: siteId,
      staff_id: staffId,
      site_role: siteRole,
      starts_on: '2026-01-01',
      created_at: now(),
      updated_at: now(),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

type ItemOver = Partial<Pick<ComplianceDueItemsTable, 'due_on' | 'window_opens_on' | 'contractor_id' | 'reason_key'>> & {
  rule_key: string;
  state: ComplianceDueItemsTable['state'];
  reason_params?: Record<string, unknown>;
};

export async function buildDueItem(
  db: Database,
  roster: { organization_id: number; site_id: number; roster_id: number; staff_id: number },
  over: ItemOver,
) {
  return db
    .insertInto('compliance_due_items')
    .values({
      ...roster,
      contractor_id: over.contractor_id ?? null,
      rule_key: over.rule_key,
      rule_version: 1,
      state: over.state,
      due_on: over.due_on ?? null,
      window_opens_on: over.window_opens_on ?? null,
      reason_key: over.reason_key ?? `compliance.reason.${over.state}`,
      reason_params: JSON.stringify(over.reason_params ?? {}),
      computed_at: now(),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}
