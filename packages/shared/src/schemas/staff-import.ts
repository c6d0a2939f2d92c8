import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';
import { staffInput } from './staff.ts';
import {
  IMPORT_KEYS,
  STAFF_IMPORT_FIELDS,
  STAFF_IMPORT_HEADER_SCAN_ROWS,
  type StaffImportField,
  type StaffImportMapping,
} from './staff-import-columns.ts';
import { cellToField, type RawCell } from './staff-import-cells.ts';
import { importIssue, type ImportIssue } from './staff-import-reasons.ts';

/**
 * Staff import from an .xlsx roster (issue 14, point 7): the rules the server applies and the web
 * shows, in one place: the fields a column can map to, header names that suggest a mapping, how a
 * cell becomes a staff field (ROC and Excel dates included), the limits, and the reasons as text.
 */
export * from './staff-import-columns.ts';
export * from './staff-import-cells.ts';
export * from './staff-import-reasons.ts';

export type StaffImportValues = Partial<Record<StaffImportField, string | null>>;

/**
 * What an import does with the valid rows. `create`: every row is a new staff, and a row whose
 * national id a staff of the organization already has is refused. `upsert`: such a row updates that
 * staff (the key is the national id, unique within the organization); the other rows are created.
 */
export const STAFF_IMPORT_MODES = ['create', 'upsert'] as const;
export type StaffImportMode = (typeof STAFF_IMPORT_MODES)[number];

/** What a valid row does: a new staff, an update of the staff holding its national id, or nothing (same values). */
export const importAction = z.enum(['create', 'update', 'unchanged']);
export type ImportAction = z.infer<typeof importAction>;

/** One roster row: its row number in the sheet, the values it gives the staff fields, its issues and (valid rows) its action. */
export const importRow = z.object({
  row: z.number(),
  values: z.partialRecord(z.enum(STAFF_IMPORT_FIELDS), z.string().nullable()),
  errors: z.array(importIssue),
  action: importAction.optional(),
  /** The staff an `update` or `unchanged` row matched. */
  staff_id: z.number().optional(),
});
export type ImportRow = z.infer<typeof importRow>;

function issueKey(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('validate.')) return issue.message;
  if (issue.code === 'invalid_type') return VALIDATION_KEYS.required;
  if (issue.code === 'too_big') return IMPORT_KEYS.tooLong;
  if (issue.code === 'too_small') return VALIDATION_KEYS.required;
  return VALIDATION_KEYS.invalid;
}

/**
 * A row's values through the staff form's own schema (`staffInput`): the same checks as the form
 * (national id checksum, phones of section 5, real dates, lengths, enums). Answers the input to
 * save, or the issues.
 */
export function validateImportValues(values: StaffImportValues): { input: z.output<typeof staffInput> } | { errors: ImportIssue[] } {
  const parsed = staffInput.safeParse({ ...values, certificates: [] });
  if (parsed.success) return { input: parsed.data };
  const errors: ImportIssue[] = [];
  for (const i of parsed.error.issues) {
    const field = (STAFF_IMPORT_FIELDS as readonly string[]).includes(String(i.path[0])) ? (i.path[0] as StaffImportField) : null;
    let key = issueKey(i);
    // A date that could not be read in either calendar.
    if ((field === 'birthday' || field === 'hire_date' || field === 'entered_taiwan_on') && key === VALIDATION_KEYS.invalid)
      key = IMPORT_KEYS.date;
    if (!errors.some((e) => e.field === field && e.key === key))
      errors.push({
        field,
        key,
        ...(i.code === 'too_big' ? { params: { max: Number((i as { maximum?: number | bigint }).maximum ?? 0) } } : {}),
      });
  }
  return { errors };
}

/** The values a row gives the mapped fields. */
export function rowValues(mapping: StaffImportMapping, cellAt: (column: string) => RawCell): StaffImportValues {
  const out: StaffImportValues = {};
  for (const f of STAFF_IMPORT_FIELDS) {
    const column = mapping[f];
    if (!column) continue;
    const v = cellToField(f, cellAt(column));
    if (v !== undefined) out[f] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// API

export const staffImportSheet = z.object({ name: z.string(), rows: z.number() });
export const staffImportColumn = z.object({ column: z.string(), header: z.string(), samples: z.array(z.string()) });

/** What the preview answers: the sheets, the header row, the columns, the mapping and every row's result. */
export const staffImportPreview = z.object({
  file_name: z.string(),
  sheets: z.array(staffImportSheet),
  sheet: z.string(),
  header_row: z.number(),
  columns: z.array(staffImportColumn),
  mapping: z.partialRecord(z.enum(STAFF_IMPORT_FIELDS), z.string()),
  /** request: the mapping sent; saved: the organization's last import; suggested: from the headers. */
  mapping_source: z.enum(['request', 'saved', 'suggested']),
  mode: z.enum(STAFF_IMPORT_MODES),
  total: z.number(),
  /** Valid rows: create_count + update_count + unchanged_count. */
  valid_count: z.number(),
  create_count: z.number(),
  update_count: z.number(),
  unchanged_count: z.number(),
  invalid_count: z.number(),
  /** Every refused row, in sheet order. */
  invalid_rows: z.array(importRow),
  /** The first valid rows (STAFF_IMPORT_VALID_SAMPLE), in sheet order. */
  valid_rows: z.array(importRow),
});
export type StaffImportPreview = z.infer<typeof staffImportPreview>;

/** What the import did: rows created, updated, left as they were (same values) and refused. */
export const staffImportResult = z.object({
  mode: z.enum(STAFF_IMPORT_MODES),
  /** Rows written: created_count + updated_count. */
  imported_count: z.number(),
  created_count: z.number(),
  updated_count: z.number(),
  unchanged_count: z.number(),
  rejected_count: z.number(),
  /** The refused rows as they were in the roster with a reasons column (base64 .xlsx), null when none. */
  error_workbook: z.object({ file_name: z.string(), content_base64: z.string() }).nullable(),
  invalid_rows: z.array(importRow),
});
export type StaffImportResult = z.infer<typeof staffImportResult>;

/** Text fields sent beside the file (multipart): which sheet, header row, mapping, language and mode (default create). */
export const staffImportFields = z.object({
  sheet: z.string().max(31).optional(),
  header_row: z
    .string()
    .regex(/^\d{1,2}$/, VALIDATION_KEYS.invalid)
    .transform(Number)
    .pipe(z.number().int().min(1).max(STAFF_IMPORT_HEADER_SCAN_ROWS))
    .optional(),
  mapping: z.string().max(4000).optional(),
  lang: z.enum(['zh-TW', 'en-US']).optional(),
  mode: z.enum(STAFF_IMPORT_MODES, VALIDATION_KEYS.invalid).optional(),
  /** Issue 38: an import for a contractor: every row becomes (or updates to) a worker of this contractor of the organization. */
  contractor_id: z
    .string()
    .regex(/^\d{1,10}$/, VALIDATION_KEYS.invalid)
    .transform(Number)
    .optional(),
});
