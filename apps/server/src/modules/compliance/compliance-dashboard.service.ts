import { DUE_STATUSES, type DueStatus } from '@bo/shared/compliance/vocabulary';
import type { ComplianceItem, ComplianceSummary, ComplianceWorker, StatusCounts } from '@bo/shared/schemas/compliance-dashboard';
import type { ReadDb } from '../../db/database.ts';
import type { Scope } from '../../lib/context/scope.ts';
import { notFound } from '../../lib/errors.ts';
import {
  contractorsOf,
  dueCounts,
  inScope,
  itemsOfRosters,
  rosterCount,
  sitesOf,
  workerPage,
  type DueItemFilter,
  type WorkerSort,
} from './compliance-dashboard.repository.ts';
import { ruleLabelsOf, type RuleLabel } from './rule-labels.ts';

export const zeroCounts = (): StatusCounts => Object.fromEntries(DUE_STATUSES.map((s) => [s, 0])) as StatusCounts;

/** A site or contractor named in a filter that is not in the caller's scope is 404, as its own read would be. */
export async function checkFilterRows(db: ReadDb, scope: Scope, f: DueItemFilter): Promise<void> {
  if (f.site_id !== undefined && !(await inScope(db, 'sites', f.site_id, scope))) throw notFound();
  if (f.contractor_id !== undefined && !(await inScope(db, 'contractors', f.contractor_id, scope))) throw notFound();
}

export async function complianceSummary(
  db: ReadDb,
  scope: Scope,
  f: DueItemFilter,
  today: string,
  withOrganization = false,
): Promise<ComplianceSummary> {
  await checkFilterRows(db, scope, f);
  const [counted, sites, roster_count, contractors] = await Promise.all([
    dueCounts(db, scope, f, today),
    sitesOf(db, scope, f.site_id),
    rosterCount(db, scope, f.site_id),
    contractorsOf(db, scope),
  ]);
  const counts = zeroCounts();
  const siteCounts = new Map<number, StatusCounts>();
  const ruleCounts = new Map<string, StatusCounts>();
  for (const r of counted) {
    if (!(r.status in counts)) continue;
    counts[r.status] += r.n;
    const bySite = siteCounts.get(r.site_id) ?? zeroCounts();
    bySite[r.status] += r.n;
    siteCounts.set(r.site_id, bySite);
    const byRule = ruleCounts.get(r.rule_key) ?? zeroCounts();
    byRule[r.status] += r.n;
    ruleCounts.set(r.rule_key, byRule);
  }
  const labelOf = await ruleLabelsOf(db, scope, ruleCounts.keys());
  return {
    today,
    roster_count,
    counts,
    sites: sites.map((s) => ({
      id: s.id,
      name: s.name,
      ...(withOrganization ? { organization: { id: s.organization_id, name: s.organization_name } } : {}),
      counts: siteCounts.get(s.id) ?? zeroCounts(),
    })),
    rules: [...ruleCounts.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([rule_key, c]) => ({ rule_key, title: labelOf(rule_key).title, counts: c })),
    contractors,
  };
}

const parseParams = (text: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};

type Page = { page: number; per_page: number; sort: WorkerSort; order: 'asc' | 'desc' };
type WorkerRow = Awaited<ReturnType<typeof workerPage>>['rows'][number];
type ItemRow = Awaited<ReturnType<typeof itemsOfRosters>>[number];

/** Workers with their items, as the list and the export show them. */
export function toWorkers(
  rows: readonly WorkerRow[],
  items: readonly ItemRow[],
  withOrganization: boolean,
  labelOf: (ruleKey: string, organizationId?: number) => RuleLabel,
): ComplianceWorker[] {
  const organizationOf = new Map(rows.map((r) => [r.roster_id, r.organization_id]));
  const byRoster = new Map<number, ComplianceItem[]>();
  for (const i of items) {
    const label = labelOf(i.rule_key, organizationOf.get(i.roster_id));
    const list = byRoster.get(i.roster_id) ?? [];
    list.push({
      rule_key: i.rule_key,
      title: label.title,
      status: i.status,
      due_on: i.due_on,
      window_opens_on: i.window_opens_on,
      reason_key: i.reason_key,
      reason_params: parseParams(i.reason_params),
      citation: label.citation,
    });
    byRoster.set(i.roster_id, list);
  }
  return rows.map((r) => ({
    roster_id: r.roster_id,
    ...(withOrganization ? { organization: { id: r.organization_id, name: r.organization_name } } : {}),
    staff: { id: r.staff_id, name: r.staff_name, company: r.company },
    site: { id: r.site_id, name: r.site_name },
    site_role: r.site_role,
    worst_status: (DUE_STATUSES[Number(r.worst_rank)] ?? 'cannot_tell') as DueStatus,
    items: byRoster.get(r.roster_id) ?? [],
  }));
}

export async function complianceWorkers(db: ReadDb, scope: Scope, f: DueItemFilter, today: string, page: Page, withOrganization = false) {
  await checkFilterRows(db, scope, f);
  const { rows, meta } = await workerPage(db, scope, f, today, page);
  const items = await itemsOfRosters(
    db,
    scope,
    rows.map((r) => r.roster_id),
    f,
    today,
  );
  const labelOf = await ruleLabelsOf(
    db,
    scope,
    items.map((i) => i.rule_key),
  );
  return { data: toWorkers(rows, items, withOrganization, labelOf), meta };
}
