import { z } from 'zod';
import { VALIDATION_KEYS } from './messages.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (2024-02-30 and 2024-13-45 do not). */
export const isRealDate = (v: string): boolean => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
  && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** YYYY-MM-DD, a real day. */
export const calendarDay = z.string().trim().refine(isRealDate, VALIDATION_KEYS.invalid);

/**
 * A list's date filter: a calendar day (the whole Asia/Taipei day) or an exact instant with its
 * offset. The server turns it into instants with `lib/date-range.ts`.
 */
export const dayOrInstant = z.union([calendarDay, z.iso.datetime({ offset: true, message: VALIDATION_KEYS.invalid })]);

export const isCalendarDay = (v: string): boolean => DAY.test(v);

/**
 * The product's days are business days in Taiwan (spec section 1: Asia/Taipei, which keeps no DST).
 * A Taipei day starts at 16:00 UTC the day before: never build "today" from a UTC date.
 */
export const TAIPEI_OFFSET = '+08:00';
const TAIPEI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** Today's date in Asia/Taipei as YYYY-MM-DD. */
export function todayInTaipei(now = new Date()): string {
  return new Date(now.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The calendar day `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * `from` and `to` (both inclusive, as `dayOrInstant` accepts them: a day is the whole Taipei day) as
 * instants for a `>= from` and `< toExclusive` comparison on an ISO timestamp column.
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
