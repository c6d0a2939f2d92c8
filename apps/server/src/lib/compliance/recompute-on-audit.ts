import { todayInTaipei } from '@bo/shared/dates';
import type { WriteContext } from '../context/request-context.ts';
import {
  EVIDENCE_TABLES,
  raiseGenerations,
  rosterRowsById,
  staffOfEvidence,
  type EvidenceTarget,
  type RecomputeSelection,
} from './due-items.repository.ts';
import { recomputeDueItems } from './recompute.ts';

/** Audited acts that read or send a record rather than change it: nothing to recompute. */
const NOT_A_CHANGE = new Set(['reveal', 'export', 'export_copy', 'sign_link', 'view', 'send_test', 'take_over']);
/** Changes that reach every worker of the organization: its rules, the names certificates are matched by. */
const ORGANIZATION_WIDE = new Set(['compliance_rule', 'certificate_type']);

interface AuditedRow {
  organization_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
}

const idOf = (v: string | null): number | null => (v !== null && /^\d+$/.test(v) ? Number(v) : null);

/** A number field of an audit entry's after and before (e.g. the staff_id of a deleted training, or a roster row's old and new worker). */
function fieldOf(row: AuditedRow, field: string): number[] {
  const out: number[] = [];
  for (const json of [row.after, row.before]) {
    if (!json) continue;
    try {
      const v = (JSON.parse(json) as Record<string, unknown>)[field];
      if (typeof v === 'number' && Number.isInteger(v)) out.push(v);
    } catch {
      // Not an object: the entry names no such field.
    }
  }
  return out;
}

/** Whose due items a transaction's audited changes touch: the workers, the sites, whole organizations. */
export async function affectedBy(ctx: WriteContext, rows: readonly AuditedRow[]): Promise<RecomputeSelection[]> {
  const staff = new Set<number>();
  const sites = new Set<number>();
  const organizations = new Set<number>();
  const evidence = new Map<EvidenceTarget, AuditedRow[]>();
  const rosterIds: number[] = [];
  const wholeOrganization = (row: AuditedRow) => {
    const org = row.organization_id ?? ctx.organizationId;
    if (org !== null) organizations.add(org);
  };
  for (const row of rows) {
    if (NOT_A_CHANGE.has(row.action)) continue;
    const id = idOf(row.target_id);
    if (ORGANIZATION_WIDE.has(row.target_type)) wholeOrganization(row);
    // A subcontractor deleted lets go of its workers (staff.contractor_id set null), which the items carry.
    else if (row.target_type === 'contractor') {
      if (row.action === 'delete') wholeOrganization(row);
    } else if (row.target_type === 'staff') {
      // A bulk entry without an id (an import's summary) comes with one entry per staff.
      if (id !== null) staff.add(id);
    } else if (row.target_type === 'site') {
      if (id !== null) sites.add(id);
    } else if (row.target_type === 'site_roster') {
      const workers = fieldOf(row, 'staff_id');
      for (const w of workers) staff.add(w);
      if (workers.length) continue;
      if (id !== null) rosterIds.push(id);
      else wholeOrganization(row);
    } else if (Object.hasOwn(EVIDENCE_TABLES, row.target_type)) {
      const workers = fieldOf(row, 'staff_id');
      for (const w of workers) staff.add(w);
      if (workers.length) continue;
      if (id !== null) evidence.set(row.target_type as EvidenceTarget, [...(evidence.get(row.target_type as EvidenceTarget) ?? []), row]);
      else wholeOrganization(row);
    }
  }
  for (const r of await rosterRowsById(ctx.trx, rosterIds)) staff.add(r.staff_id);
  for (const [target, audited] of evidence) {
    const found = new Map(
      (
        await staffOfEvidence(
          ctx.trx,
          target,
          audited.map((r) => idOf(r.target_id)!),
        )
      ).map((r) => [r.id, r.staff_id]),
    );
    for (const row of audited) {
      const worker = found.get(idOf(row.target_id)!);
      // A row deleted without naming its worker: whose it was is gone with it, so its organization is recomputed.
      if (worker === undefined) wholeOrganization(row);
      else staff.add(worker);
    }
  }
  const out: RecomputeSelection[] = [];
  if (organizations.size) out.push({ by: 'organization', ids: [...organizations] });
  if (sites.size) out.push({ by: 'site', ids: [...sites] });
  if (staff.size) out.push({ by: 'staff', ids: [...staff] });
  return out;
}

/**
 * The audit hook (ContextHost.afterAudit): evidence, a roster, a site or the rules changed in this
 * transaction, so the due items of whom they reach are computed again before it commits. Due items
 * are never typed: nothing else writes them but this and the nightly recompute.
 */
export async function recomputeAfterAudit(ctx: WriteContext, rows: readonly AuditedRow[]): Promise<void> {
  // A subcontractor added or renamed changes no due item but shows on the dashboards (their filter, the company column).
  const shown = rows.filter((r) => r.target_type === 'contractor' && !NOT_A_CHANGE.has(r.action));
  const organizations = shown.map((r) => r.organization_id ?? ctx.organizationId).filter((o): o is number => o !== null);
  if (organizations.length) await raiseGenerations(ctx.trx, organizations);
  const selections = await affectedBy(ctx, rows);
  if (!selections.length) return;
  const today = todayInTaipei();
  for (const selection of selections) await recomputeDueItems(ctx.trx, selection, today);
}
