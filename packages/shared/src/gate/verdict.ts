import { addDays } from '../dates.ts';
import { dueStatus } from '../compliance/vocabulary.ts';
import type { GateDueItem, GateReason, GateVerdict } from '../schemas/gate.ts';
import { SNAPSHOT_STALE_HOURS } from '../schemas/gate.ts';

/**
 * The gate's one verdict (issue 39, docs/site-gate.md), used by the server on every scan and by the gate
 * screen offline from its snapshot: a worker goes in when the pass is current, they are on the site's roster
 * today, and none of their due items on the site is overdue or missing. An item that cannot be told (e.g. no
 * birthday for an age band) is shown but does not refuse. Reasons come blocking first, in rule order.
 */
export interface VerdictFacts {
  /** The Taipei day of the scan. */
  today: string;
  pass: 'current' | 'revoked' | 'unknown' | 'other_organization' | 'other_site';
  revoked_reason?: string | null;
  /** The worker's roster row on this site: its first and last day (null: open); null when not on it. */
  roster: { starts_on: string; ends_on: string | null } | null;
  site_open: boolean;
  items: readonly GateDueItem[];
  /** Set when the answer comes from a snapshot: its age in hours. */
  snapshot_age_hours?: number | null;
}

const reason = (r: Partial<GateReason> & Pick<GateReason, 'code' | 'blocking'>): GateReason => ({
  rule_key: null,
  rule_title: null,
  status: null,
  due_on: null,
  overdue_days: null,
  detail: null,
  ...r,
});

/** Whole days from `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function gateVerdict(f: VerdictFacts): Pick<GateVerdict, 'verdict' | 'reasons'> {
  const reasons: GateReason[] = [];
  if (f.pass === 'unknown') reasons.push(reason({ code: 'pass_unknown', blocking: true }));
  else if (f.pass === 'other_organization') reasons.push(reason({ code: 'pass_other_organization', blocking: true }));
  else if (f.pass === 'revoked') reasons.push(reason({ code: 'pass_revoked', blocking: true, detail: f.revoked_reason ?? null }));
  else if (f.pass === 'other_site') reasons.push(reason({ code: 'pass_other_site', blocking: true }));
  if (f.pass === 'current' || f.pass === 'other_site') {
    if (!f.site_open) reasons.push(reason({ code: 'site_closed', blocking: true }));
    const on = f.roster && f.roster.starts_on <= f.today && (!f.roster.ends_on || f.roster.ends_on >= f.today);
    if (!on) reasons.push(reason({ code: 'not_on_roster', blocking: true }));
    const notes: GateReason[] = [];
    for (const item of f.items) {
      const status = dueStatus(item, f.today);
      const base = { code: 'rule' as const, rule_key: item.rule_key, rule_title: item.rule_title, status, due_on: item.due_on };
      if (status === 'overdue')
        reasons.push(
          reason({ ...base, blocking: true, overdue_days: item.due_on ? Math.max(daysBetween(item.due_on, f.today), 0) : null }),
        );
      else if (status === 'missing') reasons.push(reason({ ...base, blocking: true }));
      else if (status === 'cannot_tell') notes.push(reason({ ...base, blocking: false }));
    }
    reasons.push(...notes);
  }
  if (f.snapshot_age_hours != null && f.snapshot_age_hours >= SNAPSHOT_STALE_HOURS)
    reasons.push(reason({ code: 'snapshot_stale', blocking: false, detail: String(Math.floor(f.snapshot_age_hours)) }));
  return { verdict: reasons.some((r) => r.blocking) ? 'refuse' : 'admit', reasons };
}

/** The last day a snapshot's verdicts hold without a refresh (the screen warns after SNAPSHOT_STALE_HOURS). */
export const snapshotValidUntil = (day: string): string => addDays(day, 1);
