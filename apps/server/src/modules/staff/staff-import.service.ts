import {
  IMPORT_KEYS,
  IMPORT_REASONS_HEADER,
  STAFF_IMPORT_FIELDS,
  STAFF_IMPORT_MAX_ROWS,
  applySavedMapping,
  columnNumber,
  importIssueText,
  importReasonsText,
  rowValues,
  staffImportFields,
  staffImportMapping,
  suggestMapping,
  validateImportValues,
  type ImportIssue,
  type ImportLanguage,
  type ImportRow,
  type SavedImportMapping,
  type StaffImportField,
  type StaffImportMapping,
  type StaffImportMode,
} from '@bo/shared/schemas/staff-import';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest } from '../../lib/errors.ts';
import { eventLoopPacer } from '../../lib/event-loop.ts';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import type { StaffData } from './staff-fields.ts';
import { RosterRefusal, type ImportWorker } from './staff-import.pool.ts';
import { findImportMapping } from './staff-import.repository.ts';
import type { Roster } from './staff-import.workbook.ts';
import { isContractorOf, staffByNationalId } from './staff.repository.ts';
import { keyRing } from '../../lib/personal-data/vault.ts';

/** Uncompressed size an .xlsx may declare in total (a 5,000-row roster is a few MB unzipped). */
const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2000;

const xlsxIncorrect = () => badRequest({ file: [IMPORT_KEYS.xlsx] });

/**
 * Judged by content, not by name: a zip whose central directory lists the workbook part, with
 * sizes that a roster can have. ExcelJS then has to open it (in the worker, with a capped heap).
 */
export function assertXlsxContainer(buf: Buffer): void {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) throw xlsxIncorrect();
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw xlsxIncorrect();
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || entries > MAX_ZIP_ENTRIES || p >= buf.length) throw xlsxIncorrect();
  let total = 0;
  let workbook = false;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw xlsxIncorrect();
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (size === 0xffffffff) throw xlsxIncorrect();
    total += size;
    if (name === 'xl/workbook.xml') workbook = true;
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  if (!workbook || total > MAX_UNZIPPED_BYTES) throw xlsxIncorrect();
}

export interface ImportOptions {
  sheet?: string;
  headerRow?: number;
  mapping?: StaffImportMapping;
  lang: ImportLanguage;
  mode: StaffImportMode;
  /** Issue 38: the contractor every row's staff belongs to; null: the organization's own staff. */
  contractorId: number | null;
}

/** A zod issue as a field error: its translation key, or the generic one. */
const addError = (errors: Record<string, string[]>, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message.startsWith('validate.') ? message : VALIDATION_KEYS.invalid];
};

/** The text fields of the multipart request, checked: 400 with field errors otherwise. */
export function importOptions(fields: Record<string, string>, acceptLanguage: string | undefined): ImportOptions {
  const parsed = staffImportFields.safeParse({
    sheet: fields.sheet || undefined,
    header_row: fields.header_row || undefined,
    mapping: fields.mapping || undefined,
    lang: fields.lang || undefined,
    mode: fields.mode || undefined,
    contractor_id: fields.contractor_id || undefined,
  });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const i of parsed.error.issues) addError(errors, String(i.path[0] ?? '_'), i.message);
    throw badRequest(errors);
  }
  let mapping: StaffImportMapping | undefined;
  if (parsed.data.mapping !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(parsed.data.mapping);
    } catch {
      throw badRequest({ mapping: [VALIDATION_KEYS.invalid] });
    }
    const m = staffImportMapping.safeParse(json);
    if (!m.success) {
      const errors: Record<string, string[]> = {};
      for (const i of m.error.issues) addError(errors, ['mapping', ...i.path].join('.'), i.message);
      throw badRequest(errors);
    }
    mapping = m.data;
  }
  const lang = parsed.data.lang ?? (/^en\b/i.test(acceptLanguage ?? '') ? 'en-US' : 'zh-TW');
  return {
    sheet: parsed.data.sheet,
    headerRow: parsed.data.header_row,
    mapping,
    lang,
    mode: parsed.data.mode ?? 'create',
    contractorId: parsed.data.contractor_id ?? null,
  };
}

/** The roster of an upload: content checked, read in the worker, at most STAFF_IMPORT_MAX_ROWS data rows. */
export async function readRosterUpload(worker: ImportWorker, buffer: Buffer, o: ImportOptions): Promise<Roster> {
  assertXlsxContainer(buffer);
  let roster: Roster;
  try {
    roster = await worker.read(buffer, { sheet: o.sheet, headerRow: o.headerRow, maxRows: STAFF_IMPORT_MAX_ROWS });
  } catch (err) {
    if (err instanceof RosterRefusal) throw badRequest({ [err.field]: [err.key] });
    throw xlsxIncorrect();
  }
  if (roster.tooMany) throw badRequest({ file: [IMPORT_KEYS.tooManyRows] });
  return roster;
}

/** The mapping to use: the one sent (its columns must exist), else the remembered one, else from the headers. */
export function resolveMapping(roster: Roster, requested: StaffImportMapping | undefined, saved: SavedImportMapping | null) {
  if (requested) {
    const known = new Set(roster.columns.map((c) => c.column));
    const errors: Record<string, string[]> = {};
    for (const [field, column] of Object.entries(requested))
      if (column && !known.has(column)) errors[`mapping.${field}`] = [IMPORT_KEYS.columnNotFound];
    if (Object.keys(errors).length) throw badRequest(errors);
    return { mapping: requested, source: 'request' as const };
  }
  if (saved?.length) {
    const applied = applySavedMapping(saved, roster.columns);
    if (applied.fromSaved) return { mapping: applied.mapping, source: 'saved' as const };
  }
  return { mapping: suggestMapping(roster.columns), source: 'suggested' as const };
}

export interface CheckedRow {
  row: number;
  values: ImportRow['values'];
  input: StaffData;
}
export interface CheckedRoster {
  valid: CheckedRow[];
  invalid: ImportRow[];
}

/** The valid rows as workers of the import's contractor (an import for a contractor); unchanged for the organization's own staff. */
export function forContractor(checked: CheckedRoster, contractorId: number | null): CheckedRoster {
  if (contractorId === null) return checked;
  return { ...checked, valid: checked.valid.map((v) => ({ ...v, input: { ...v.input, contractor_id: contractorId } })) };
}

/**
 * Every row through the staff form's rules, then the duplicate rule: rows of the sheet sharing a
 * national id are all refused (which one is right is for the admin to say). In `create` mode so is
 * a row whose national id a staff of the organization already has; in `upsert` mode that row
 * updates the staff (staff-import.plan.ts).
 */
export async function checkRoster(
  roster: Roster,
  mapping: StaffImportMapping,
  existing: ReadonlyMap<string, { id: number; name: string }>,
  mode: StaffImportMode,
): Promise<CheckedRoster> {
  const index = Object.fromEntries(roster.columns.map((c) => [c.column, columnNumber(c.column) - 1]));
  const checked = [];
  const pace = eventLoopPacer();
  for (const r of roster.rows) {
    await pace();
    const values = rowValues(mapping, (column) => r.cells[index[column] ?? -1] ?? null);
    const result = validateImportValues(values);
    checked.push({ row: r.row, values, result, errors: 'errors' in result ? [...result.errors] : ([] as ImportIssue[]) });
  }
  const byId = new Map<string, number[]>();
  for (const c of checked) {
    const id = c.values.national_id;
    if (id) byId.set(id, [...(byId.get(id) ?? []), c.row]);
  }
  for (const c of checked) {
    const id = c.values.national_id;
    if (!id) continue;
    const others = byId.get(id)!.filter((n) => n !== c.row);
    if (others.length) c.errors.push({ field: 'national_id', key: IMPORT_KEYS.duplicateInFile, params: { rows: others.join(', ') } });
    const found = mode === 'create' ? existing.get(id) : undefined;
    if (found) c.errors.push({ field: 'national_id', key: IMPORT_KEYS.alreadyExists, params: { name: found.name, id: found.id } });
  }
  const out: CheckedRoster = { valid: [], invalid: [] };
  for (const c of checked) {
    if (c.errors.length || 'errors' in c.result) out.invalid.push({ row: c.row, values: c.values, errors: c.errors });
    else out.valid.push({ row: c.row, values: c.values, input: c.result.input });
  }
  return out;
}

/** National ids worth looking up (well-formed ones: others are refused anyway). */
export const nationalIdsOf = (roster: Roster, mapping: StaffImportMapping): string[] => {
  const column = mapping.national_id;
  if (!column) return [];
  const i = columnNumber(column) - 1;
  const out: string[] = [];
  for (const r of roster.rows) {
    const v = rowValues({ national_id: column }, () => r.cells[i] ?? null).national_id;
    if (v && /^[A-Z][A-Z0-9]\d{8}$/.test(v)) out.push(v);
  }
  return out;
};

/** Columns with their first few values, for the mapping step. */
export function columnsWithSamples(roster: Roster, samples = 3) {
  return roster.columns.map((c) => {
    const i = columnNumber(c.column) - 1;
    const values: string[] = [];
    for (const r of roster.rows) {
      if (values.length >= samples) break;
      const v = r.cells[i];
      if (v !== null && v !== undefined) values.push(typeof v === 'object' ? v.date : String(v).slice(0, 60));
    }
    return { column: c.column, header: c.header, samples: values };
  });
}

export const ERROR_ROW_HEADER: Record<ImportLanguage, string> = { 'zh-TW': '原始列號', 'en-US': 'Roster row' };

/** Each cell an issue names (its field's column), with the issues' text for the cell's note; row-wide issues mark no cell. */
export function cellMarks(issues: readonly ImportIssue[], mapping: StaffImportMapping, lang: ImportLanguage) {
  const byColumn = new Map<number, string[]>();
  for (const issue of issues) {
    const column = issue.field && mapping[issue.field];
    if (!column) continue;
    const c = columnNumber(column) - 1;
    byColumn.set(c, [...(byColumn.get(c) ?? []), importIssueText(issue, lang)]);
  }
  return [...byColumn].map(([column, texts]) => ({ column, note: texts.join('\n') }));
}

/**
 * The error workbook of the refused rows: the roster's cells under its header, each bad cell filled
 * and noted with its reason, every reason in a column of its own, all in the admin's language.
 */
export async function buildErrorWorkbook(
  worker: ImportWorker,
  roster: Roster,
  mapping: StaffImportMapping,
  invalid: ImportRow[],
  lang: ImportLanguage,
  fileName: string,
) {
  if (!invalid.length) return null;
  const byRow = new Map(roster.rows.map((r) => [r.row, r]));
  const content = await worker.errorWorkbook({
    sheet: roster.sheet,
    header: roster.header,
    width: roster.columns.length,
    reasonsHeader: IMPORT_REASONS_HEADER[lang],
    rowHeader: ERROR_ROW_HEADER[lang],
    rows: invalid.map((r) => {
      const src = byRow.get(r.row)!;
      return {
        row: r.row,
        cells: src.cells,
        formats: src.formats,
        reasons: importReasonsText(r.errors, lang),
        marks: cellMarks(r.errors, mapping, lang),
      };
    }),
  });
  const base = fileName.replace(/\.xlsx$/i, '') || 'staff';
  return { file_name: `${base}-${lang === 'zh-TW' ? '錯誤' : 'errors'}.xlsx`, content };
}

export const mappedFields = (m: StaffImportMapping): StaffImportField[] => STAFF_IMPORT_FIELDS.filter((f) => m[f]);

/** The lookups before an import in the context's organization. */
export const staffImportReads = ({ db, scope, config, organizationId }: AdminReadContext) => ({
  savedMapping: () => findImportMapping(db, scope),
  /** Issue 38: whether a contractor is the organization's (an import for a contractor names one). */
  isContractor: async (id: number) => organizationId !== null && (await isContractorOf(db, organizationId, id)),
  /** Staff of the organization already holding these national ids. */
  existing: async (nationalIds: string[]) => staffByNationalId(db, scope, await keyRing(db, config), nationalIds),
});
