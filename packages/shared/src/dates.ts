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
