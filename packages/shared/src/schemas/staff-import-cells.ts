import { isRealDate, parseRocDate, rocToDay } from '../dates.ts';
import { phoneDigits } from '../phone.ts';
import type { StaffImportField } from './staff-import-columns.ts';

/** Staff import: how a roster cell becomes a staff field (ROC and Excel dates included), before the form's rules. */

/** A cell as read from the workbook: text, number, boolean, a date cell (YYYY-MM-DD) or empty. */
export type RawCell = string | number | boolean | { date: string } | null;

/** Text of a cell as the roster shows it (dates as YYYY-MM-DD). */
export function cellText(v: RawCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return v.date;
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e9) / 1e9);
  return String(v).trim();
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** An Excel date serial (days since 1899-12-30, the 1900 leap-year bug included) as YYYY-MM-DD. */
export function excelSerialToDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return null;
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** A date or null: `y` of three digits or fewer is a 民國 (ROC) year (shared `rocToDay`). */
function dateOf(y: number, m: number, d: number, roc: boolean): string | null {
  if (roc) return rocToDay(y, m, d);
  const v = ymd(y, m, d);
  return isRealDate(v) ? v : null;
}

/**
 * A roster date as YYYY-MM-DD: an Excel date cell, an Excel serial number, a Gregorian date
 * (1996-03-07, 1996/3/7, 1996.3.7, 1996年3月7日, 19960307) or a 民國 date (85/03/07, 085-03-07,
 * 民國85年3月7日, 民85.3.7, 0850307). Answers null for an empty cell and undefined for text that is no date.
 */
export function parseRosterDate(v: RawCell): string | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return isRealDate(v.date) ? v.date : undefined;
  if (typeof v === 'boolean') return undefined;
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 100_000) return excelSerialToDate(v) ?? undefined;
    return parseRosterDate(String(v));
  }
  const s = v.normalize('NFKC').trim().replace(/\s+/g, '');
  if (!s) return null;
  // 民國 written out (民國85年3月7日, 民85.3.7, 民國前1年1月1日): the shared parser.
  if (/^(中華民國|民國|民)/.test(s)) return parseRocDate(s) ?? undefined;
  // An ISO date-time written as text keeps its date.
  const iso = /^(\d{4})-(\d{2})-(\d{2})T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (iso) return dateOf(+iso[1]!, +iso[2]!, +iso[3]!, false) ?? undefined;
  const parts = /^(\d{1,4})(?:[/\-.年])(\d{1,2})(?:[/\-.月])(\d{1,2})日?$/.exec(s);
  if (parts) {
    const y = +parts[1]!;
    return dateOf(y, +parts[2]!, +parts[3]!, parts[1]!.length <= 3) ?? undefined;
  }
  if (/^\d{8}$/.test(s)) return dateOf(+s.slice(0, 4), +s.slice(4, 6), +s.slice(6), false) ?? undefined;
  if (/^\d{6,7}$/.test(s)) return dateOf(+s.slice(0, -4), +s.slice(-4, -2), +s.slice(-2), true) ?? undefined;
  return undefined;
}

const nfkc = (s: string) => s.normalize('NFKC').trim();

/** A phone as rosters write it: separators dropped; a number cell lost its leading 0 (912345678). */
function phoneOf(v: RawCell): string | null {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) {
    const digits = String(v);
    return digits.length === 8 || digits.length === 9 ? `0${digits}` : digits;
  }
  const s = phoneDigits(cellText(v).trim());
  return s || null;
}

const GENDER_WORDS: Record<string, 'male' | 'female' | 'other'> = {
  男: 'male',
  男性: 'male',
  m: 'male',
  male: 'male',
  先生: 'male',
  女: 'female',
  女性: 'female',
  f: 'female',
  female: 'female',
  小姐: 'female',
  其他: 'other',
  other: 'other',
  x: 'other',
  不提供: 'other',
};
const STATUS_WORDS: Record<string, 'active' | 'inactive' | 'left'> = {
  在職: 'active',
  現職: 'active',
  在職中: 'active',
  active: 'active',
  啟用: 'active',
  停用: 'inactive',
  停職: 'inactive',
  留職停薪: 'inactive',
  留停: 'inactive',
  inactive: 'inactive',
  離職: 'left',
  已離職: 'left',
  left: 'left',
  resigned: 'left',
};

/** Issue 38: nationalities as rosters of migrant workers write them, to ISO 3166-1 alpha-2. */
const NATIONALITY_WORDS: Record<string, string> = {
  台灣: 'TW',
  臺灣: 'TW',
  中華民國: 'TW',
  本國: 'TW',
  本國籍: 'TW',
  taiwan: 'TW',
  印尼: 'ID',
  印度尼西亞: 'ID',
  indonesia: 'ID',
  越南: 'VN',
  vietnam: 'VN',
  菲律賓: 'PH',
  philippines: 'PH',
  泰國: 'TH',
  thailand: 'TH',
  馬來西亞: 'MY',
  malaysia: 'MY',
  蒙古: 'MN',
  mongolia: 'MN',
  印度: 'IN',
  india: 'IN',
};

/** A nationality as a code: a known word, or two letters as they are (upper case); anything else stays for the rules to refuse. */
function nationalityOf(s: string): string {
  const t = nfkc(s).replace(/\s+/g, '');
  const word = NATIONALITY_WORDS[t.toLowerCase()] ?? NATIONALITY_WORDS[t.replace(/籍$/, '')];
  return word ?? t.toUpperCase();
}

/** A blood type as written (O型, ab, A Rh-, RH陰性B型) in the form's spelling (O, AB, A-). */
function bloodTypeOf(s: string): string {
  const t = nfkc(s).toUpperCase().replace(/\s+/g, '');
  const negative = /[-−]|陰|NEG/.test(t);
  const letters = t.replace(/RH|陰性|陽性|陰|陽|型|TYPE|POS|NEG|[+\-−]/g, '');
  return /^(A|B|O|AB)$/.test(letters) ? `${letters}${negative ? '-' : ''}` : s;
}

/**
 * A cell as the staff field's value, before the form's rules check it: text trimmed, full-width
 * letters and digits folded (ids, phones, dates, e-mail), dates in either calendar as YYYY-MM-DD,
 * words for gender, blood type and status in the form's values. Undefined leaves the field out
 * (status then defaults to active); a date that cannot be read stays as text so the rules refuse it.
 */
export function cellToField(field: StaffImportField, v: RawCell): string | null | undefined {
  const text = cellText(v);
  if (!text) return field === 'status' ? undefined : null;
  switch (field) {
    case 'birthday':
    case 'hire_date':
    case 'entered_taiwan_on': {
      const d = parseRosterDate(v);
      return d === undefined ? text : d;
    }
    case 'national_id':
      return nfkc(text).replace(/\s+/g, '').toUpperCase();
    case 'mobile':
    case 'emergency_phone':
      return phoneOf(v);
    case 'email':
      return nfkc(text);
    case 'gender':
      return GENDER_WORDS[nfkc(text).toLowerCase()] ?? text;
    case 'status':
      return STATUS_WORDS[nfkc(text).toLowerCase()] ?? text;
    case 'blood_type':
      return bloodTypeOf(text);
    case 'nationality':
      return nationalityOf(text);
    default:
      return text;
  }
}
