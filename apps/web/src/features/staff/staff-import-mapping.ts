import { useSyncExternalStore } from 'react';
import {
  STAFF_IMPORT_FIELDS,
  STAFF_IMPORT_REQUIRED,
  importReasonsText,
  type ImportLanguage,
  type ImportRow,
  type StaffImportField,
  type ImportAction,
  type StaffImportMapping,
  type StaffImportMode,
  type StaffImportPreview,
  type StaffImportResult,
} from '@bo/shared/schemas/staff-import';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The field a column feeds, or null. */
export const fieldOfColumn = (mapping: StaffImportMapping, column: string): StaffImportField | null =>
  STAFF_IMPORT_FIELDS.find((f) => mapping[f] === column) ?? null;

/**
 * The mapping with `column` feeding `field` (null: the column is not imported). A field takes one
 * column: choosing it for this column takes it from the column that had it.
 */
export function assignColumn(mapping: StaffImportMapping, column: string, field: StaffImportField | null): StaffImportMapping {
  const out: StaffImportMapping = {};
  for (const f of STAFF_IMPORT_FIELDS) {
    const c = mapping[f];
    if (c && c !== column && f !== field) out[f] = c;
  }
  if (field) out[field] = column;
  return out;
}

/** Required fields (name) no column feeds. */
export const missingRequired = (mapping: StaffImportMapping): StaffImportField[] => STAFF_IMPORT_REQUIRED.filter((f) => !mapping[f]);

/** Create and update matches staff by national id: without that column it cannot import. */
export const missingKey = (mode: StaffImportMode, mapping: StaffImportMapping): boolean => mode === 'upsert' && !mapping.national_id;

/** Rows the import would write (new and changed staff); unchanged rows write nothing. */
export const rowsToWrite = (p: Pick<StaffImportPreview, 'create_count' | 'update_count'>): number => p.create_count + p.update_count;

/**
 * How the result reads: every row handled is a success; some failed is a warning (what was written
 * stays, the error file fixes the rest); none handled and some failed is an error.
 */
export function importOutcome(
  r: Pick<StaffImportResult, 'imported_count' | 'unchanged_count' | 'rejected_count'>,
): 'success' | 'warning' | 'error' {
  if (!r.rejected_count) return 'success';
  return r.imported_count + r.unchanged_count ? 'warning' : 'error';
}

export const sameMapping = (a: StaffImportMapping, b: StaffImportMapping): boolean =>
  STAFF_IMPORT_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

/** Mapped fields in the form's order: the preview table's columns. */
export const mappedFields = (mapping: StaffImportMapping): StaffImportField[] => STAFF_IMPORT_FIELDS.filter((f) => mapping[f]);

export type PreviewTab = 'invalid' | 'valid';

/** One row of the preview table: its row number, the values, and the reasons as the admin reads them. */
export interface PreviewTableRow {
  key: number;
  row: number;
  values: ImportRow['values'];
  reasons: string;
  action?: ImportAction;
}

export function previewTableRows(preview: StaffImportPreview, tab: PreviewTab, lang: ImportLanguage): PreviewTableRow[] {
  const rows = tab === 'invalid' ? preview.invalid_rows : preview.valid_rows;
  return rows.map((r) => ({ key: r.row, row: r.row, values: r.values, reasons: importReasonsText(r.errors, lang), action: r.action }));
}

/** The tab to open first: refused rows when there are any. */
export const firstTab = (preview: StaffImportPreview): PreviewTab => (preview.invalid_count ? 'invalid' : 'valid');

/** A base64 answer as a file to save. */
export function base64Blob(base64: string, type: string): Blob {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A file that cannot be a roster, judged before sending: not .xlsx by name or over the cap. */
export function localFileProblem(file: { name: string; size: number }, maxBytes: number): 'type' | 'size' | 'empty' | null {
  if (!/\.xlsx$/i.test(file.name)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'size';
  return null;
}

const PHONE_QUERY = '(max-width: 575px)';
const subscribePhone = (cb: () => void) => {
  const m = window.matchMedia?.(PHONE_QUERY);
  m?.addEventListener('change', cb);
  return () => m?.removeEventListener('change', cb);
};
/** A phone-sized screen: the steps put their titles under the numbers there. */
export const useIsPhone = (): boolean =>
  useSyncExternalStore(
    subscribePhone,
    () => !!window.matchMedia?.(PHONE_QUERY).matches,
    () => false,
  );
