/**
 * How the company's rows are spread (issue 40): FULL_SIZE × scale of each kind, the largest
 * organization (id 1) holding about a fifth of the staff, certificates, sites and audit entries and the
 * others sharing the rest evenly. Ids are chosen here (a fresh database), so every step knows the ids
 * of the rows another step wrote.
 */
import { FULL_SIZE, type SizeKey } from './shape.ts';

export type Sizes = Record<SizeKey, number>;

export const sizesAt = (scale: number): Sizes =>
  Object.fromEntries(Object.entries(FULL_SIZE).map(([k, v]) => [k, Math.max(1, Math.round(v * scale))])) as Sizes;

/** A run of ids: the first and how many. */
export interface IdRange {
  first: number;
  count: number;
}

export interface Plan {
  scale: number;
  n: Sizes;
  /** The largest organization's share: a fifth, more when there are only a few organizations (so it stays the largest). */
  share: number;
  /** Per organization (index 0 is organization id 1): its staff ids and its site ids. */
  staffOf: IdRange[];
  sitesOf: IdRange[];
  /** Subcontractors per organization (ids in order, the same count each but the largest). */
  contractorsOf: IdRange[];
  /** The day the company is seeded on (Taipei), and the instant. */
  today: string;
  stamp: string;
}

/** `total` split over `parts`: the first gets `share` of it, the rest an even split (the remainder to the first few). */
export function split(total: number, parts: number, share: number): number[] {
  if (parts === 1) return [total];
  const first = Math.min(total, Math.max(1, Math.round(total * share)));
  const rest = total - first;
  const each = Math.floor(rest / (parts - 1));
  const extra = rest - each * (parts - 1);
  return [first, ...Array.from({ length: parts - 1 }, (_, i) => each + (i < extra ? 1 : 0))];
}

function ranges(counts: number[]): IdRange[] {
  let next = 1;
  return counts.map((count) => {
    const r = { first: next, count };
    next += count;
    return r;
  });
}

export function makePlan(scale: number, today: string): Plan {
  const n = sizesAt(scale);
  const share = Math.min(0.6, Math.max(0.2, 1.5 / n.organizations));
  const contractors = Array.from({ length: n.organizations }, (_, o) => (o === 0 ? 12 : 3));
  return {
    scale,
    n,
    share,
    staffOf: ranges(split(n.staff, n.organizations, share)),
    sitesOf: ranges(split(n.sites, n.organizations, share)),
    contractorsOf: ranges(contractors),
    today,
    stamp: new Date().toISOString(),
  };
}

/** The organization (0-based) a staff id belongs to. */
export function organizationOfStaff(plan: Plan, staffId: number): number {
  let lo = 0;
  let hi = plan.staffOf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (plan.staffOf[mid]!.first <= staffId) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
