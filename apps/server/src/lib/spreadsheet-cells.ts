/**
 * Spreadsheet safety for exports (CSV injection): a text cell that begins with = + - @, a tab or
 * a carriage return is prefixed with ' so Excel and LibreOffice show it as text, never run it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV record (RFC 4180: quoted when needed, CRLF), each text cell formula-neutralized. */
export function csvRecord(values: readonly unknown[]): string {
  const cells = values.map((v) => {
    if (v === null || v === undefined) return '';
    const s = String(neutralizeFormula(typeof v === 'object' ? JSON.stringify(v) : v));
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  });
  return `${cells.join(',')}\r\n`;
}

/** Prepended to CSV files so Excel reads them as UTF-8 (Traditional Chinese names stay readable). */
export const UTF8_BOM = '\uFEFF';
