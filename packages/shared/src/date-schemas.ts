import { z } from 'zod';
import { VALIDATION_KEYS } from './messages.ts';
import { isRealDate } from './dates.ts';

/** YYYY-MM-DD, a real day. */
export const calendarDay = z.string().trim().refine(isRealDate, VALIDATION_KEYS.invalid);

/**
 * A list's date filter: a calendar day (the whole Asia/Taipei day) or an exact instant with its
 * offset. The server turns it into instants with `instantRange` (dates.ts).
 */
export const dayOrInstant = z.union([calendarDay, z.iso.datetime({ offset: true, message: VALIDATION_KEYS.invalid })]);
