// No zod here: the web's date formatting loads this module on the sign-in route. The date schemas
// are in date-schemas.ts.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (2024-02-30 and 2024-13-45 do not). */
export const isRealDate = (v: string): boolean =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

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

/**
 * 民國 (Republic of China) years, as Taiwan writes dates on forms: 民國1年 is 1912, so 民國115年 is 2026.
 * Years before 1912 are written 民國前N年 (1911 is 民國前1年). One formatter/parser pair for the whole
 * product: the staff export, the staff import, and the web's date columns and pickers.
 */
export const ROC_YEAR_OFFSET = 1911;
export const DATE_CALENDARS = ['gregorian', 'roc'] as const;
export type DateCalendar = (typeof DATE_CALENDARS)[number];

/** `numeric` 115/11/23 (date columns, pickers, the export's ROC format); `text` 民國115年11月23日. */
export type RocStyle = 'numeric' | 'text';

/** The 民國 year of a Gregorian year: 2026 → '115', 1911 → '前1' (no year 0). */
export function rocYear(year: number): string {
  const y = year - ROC_YEAR_OFFSET;
  return y >= 1 ? String(y) : `前${1 - y}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A calendar day (YYYY-MM-DD, or an ISO instant's date part) in 民國 years; '' for nothing, the input back when it is no date. */
export function formatRocDate(value: string | null | undefined, style: RocStyle = 'numeric'): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return style === 'text' ? `民國${rocYear(y)}年${mo}月${d}日` : `${rocYear(y)}/${pad2(mo)}/${pad2(d)}`;
}

/** The Gregorian day of a 民國 date, or null when that day does not exist (民國0年, 112/02/29). */
export function rocToDay(rocYearNumber: number, month: number, day: number, beforeRoc = false): string | null {
  if (!Number.isInteger(rocYearNumber) || rocYearNumber < 1) return null;
  const year = beforeRoc ? ROC_YEAR_OFFSET + 1 - rocYearNumber : rocYearNumber + ROC_YEAR_OFFSET;
  if (year < 1) return null;
  const v = `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
  return isRealDate(v) ? v : null;
}

/**
 * A 民國 date as people type it, to YYYY-MM-DD: 民國115年11月23日, 中華民國115年11月23日, 民115.11.23,
 * 115/11/23, 115-11-23, 115.11.23, 115年11月23日, 1151123 and 851123 (year of 2 or 3 digits, month and day
 * of 2), 民國前1年1月1日. Full-width digits and spaces are accepted. Null when it is no 民國 date or
 * the day does not exist; a four-digit year is Gregorian, not 民國, and gives null.
 */
export function parseRocDate(text: string | null | undefined): string | null {
  if (!text) return null;
  let s = text.normalize('NFKC').replace(/\s+/g, '');
  const prefix = /^(中華民國|民國|民)/.exec(s);
  if (prefix) s = s.slice(prefix[0].length);
  let before = false;
  if (s.startsWith('前')) {
    before = true;
    s = s.slice(1);
  }
  const parts = /^(\d{1,3})[/\-.年](\d{1,2})[/\-.月](\d{1,2})日?$/.exec(s);
  if (parts) return rocToDay(Number(parts[1]), Number(parts[2]), Number(parts[3]), before);
  const compact = /^(\d{2,3})(\d{2})(\d{2})$/.exec(s);
  if (compact) return rocToDay(Number(compact[1]), Number(compact[2]), Number(compact[3]), before);
  return null;
}
