import type { Trx } from '../../db/database.ts';
import { eventLoopPacer } from '../event-loop.ts';
import { evaluateWorker } from './evaluate.ts';
import {
  organizationsOf,
  raiseGenerations,
  replaceDueItems,
  workerFactsOf,
  type DueItemRow,
  type RecomputeSelection,
} from './due-items.repository.ts';
import { rulesOfOrganizations } from './organization-rules.ts';

export interface RecomputeOutcome {
  /** Roster rows evaluated. */
  rows: number;
  /** Due items written. */
  items: number;
}

/**
 * Computes the due items of every roster row the selection covers on `today` and replaces the ones
 * stored, in the caller's transaction: the facts in a few set-based queries, each organization's
 * rules once, then one evaluation per roster row (switched-off rules give no item).
 */
export async function recomputeDueItems(trx: Trx, selection: RecomputeSelection, today: string): Promise<RecomputeOutcome> {
  if (!selection.ids.length) return { rows: 0, items: 0 };
  const facts = await workerFactsOf(trx, selection, today);
  const rules = await rulesOfOrganizations(trx, [...new Set(facts.map((f) => f.staff.organization_id))]);
  const enabled = new Map([...rules].map(([org, list]) => [org, list.filter((r) => r.enabled && r.per_worker)]));
  const computedAt = new Date().toISOString();
  const items: DueItemRow[] = [];
  // Evaluating thousands of workers is CPU work: other requests get a turn between slices.
  const pace = eventLoopPacer();
  for (const f of facts) {
    await pace();
    for (const item of evaluateWorker(enabled.get(f.staff.organization_id) ?? [], f, today))
      items.push({
        organization_id: f.staff.organization_id,
        site_id: f.roster.site_id,
        roster_id: f.roster.id,
        staff_id: f.staff.id,
        contractor_id: f.staff.contractor_id,
        rule_key: item.rule_key,
        rule_version: item.rule_version,
        state: item.state,
        due_on: item.due_on,
        window_opens_on: item.window_opens_on,
        reason_key: item.reason_key,
        reason_params: JSON.stringify(item.reason_params ?? {}),
        computed_at: computedAt,
      });
  }
  await replaceDueItems(trx, selection, items);
  await raiseGenerations(trx, [...(await organizationsOf(trx, selection)), ...facts.map((f) => f.staff.organization_id)]);
  return { rows: facts.length, items: items.length };
}
