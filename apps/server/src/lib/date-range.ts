import { isCalendarDay } from '@bo/shared/dates';

/** Days in lists are business days in Taiwan (spec: dayjs in Asia/Taipei, which keeps no DST). */
const TAIPEI_OFFSET = '+08:00';
const DAY_MS = 86_400_000;

/**
 * `from` and `to` (both inclusive, as `dayOrInstant` accepts them) as instants for a
 * `>= from` and `< toExclusive` comparison on an ISO timestamp column.
 */
export function instantRange(from?: string, to?: string): { from?: string; toExclusive?: string } {
  const out: { from?: string; toExclusive?: string } = {};
  if (from) out.from = new Date(isCalendarDay(from) ? `${from}T00:00:00${TAIPEI_OFFSET}` : from).toISOString();
  if (to) {
    const end = isCalendarDay(to) ? Date.parse(`${to}T00:00:00${TAIPEI_OFFSET}`) + DAY_MS : Date.parse(to) + 1;
    out.toExclusive = new Date(end).toISOString();
  }
  return out;
}
