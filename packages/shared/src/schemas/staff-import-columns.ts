import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';

/** Staff import (docs/staff.md, "Import"): the fields a column can map to, the limits, and how headers suggest a mapping. */

/** Staff fields a roster column can fill (photos and certificates are not imported). */
export const STAFF_IMPORT_FIELDS = [
  'name',
  'nickname',
  'national_id',
  'birthday',
  'gender',
  'mobile',
  'email',
  'address',
  'emergency_contact',
  'emergency_phone',
  'blood_type',
  'job_title',
  'hire_date',
  'notes',
  'status',
  // Issue 38: migrant workers.
  'nationality',
  'entered_taiwan_on',
] as const;
export type StaffImportField = (typeof STAFF_IMPORT_FIELDS)[number];
export const STAFF_IMPORT_REQUIRED: readonly StaffImportField[] = ['name'];

/** Data rows (non-empty rows below the header) one import takes; one more is a 400. */
export const STAFF_IMPORT_MAX_ROWS = 5000;
/** The largest roster file accepted (a 5,000-row roster is a few hundred KB). */
export const STAFF_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The header row is looked for in the first rows of the sheet. */
export const STAFF_IMPORT_HEADER_SCAN_ROWS = 20;
/** Columns read from a sheet (A to CV); anything to the right is ignored. */
export const STAFF_IMPORT_MAX_COLUMNS = 100;
/** Valid rows the preview lists (all invalid rows are listed). */
export const STAFF_IMPORT_VALID_SAMPLE = 100;

export const IMPORT_KEYS = {
  tooManyRows: 'validate.error.too_many_rows',
  xlsx: 'validate.error.xlsx_incorrect',
  emptySheet: 'validate.error.sheet_empty',
  sheetNotFound: 'validate.error.sheet_not_found',
  columnMappedTwice: 'validate.error.column_mapped_twice',
  columnNotFound: 'validate.error.column_not_found',
  nameUnmapped: 'validate.error.name_unmapped',
  /** Create and update matches rows by national id: the mapping must name that column. */
  keyUnmapped: 'validate.error.national_id_unmapped',
  date: 'validate.error.date_incorrect',
  tooLong: 'validate.error.text_too_long',
  duplicateInFile: 'validate.error.duplicate_in_file',
  alreadyExists: 'validate.error.already_exists',
  nationalId: 'validate.error.national_id_incorrect',
} as const;

/** 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}
/** A → 1, AA → 27. */
export function columnNumber(letter: string): number {
  let n = 0;
  for (const c of letter) n = n * 26 + (c.charCodeAt(0) - 64);
  return n;
}
export const COLUMN_LETTER = /^[A-Z]{1,2}$/;

/** Header names (zh-TW and en-US, as rosters write them) that suggest a field. */
export const HEADER_ALIASES: Record<StaffImportField, readonly string[]> = {
  name: ['姓名', '名字', '員工姓名', '人員姓名', '中文姓名', '工人姓名', 'name', 'fullname', 'staffname', 'employeename'],
  nickname: ['暱稱', '綽號', '別名', '英文名', 'nickname', 'alias'],
  national_id: [
    '身分證字號',
    '身份證字號',
    '身分證',
    '身份證',
    '身分證號',
    '身份證號',
    '身分證號碼',
    '身份證號碼',
    '身分證統一編號',
    '統一證號',
    '居留證號',
    '居留證號碼',
    'nationalid',
    'idno',
    'idnumber',
    'nationalidnumber',
    'identitynumber',
  ],
  birthday: ['生日', '出生日期', '出生年月日', '出生日', 'birthday', 'dateofbirth', 'birthdate', 'dob'],
  gender: ['性別', 'gender', 'sex'],
  mobile: ['手機', '手機號碼', '行動電話', '手機電話', '電話', '聯絡電話', 'mobile', 'mobilephone', 'cellphone', 'phone', 'cell'],
  email: ['電子郵件', '電子信箱', '信箱', '郵件', 'email', 'e-mail', 'mail'],
  address: ['地址', '住址', '通訊地址', '戶籍地址', '居住地址', '聯絡地址', 'address'],
  emergency_contact: ['緊急聯絡人', '緊急聯絡人姓名', 'emergencycontact', 'emergencycontactname'],
  emergency_phone: ['緊急聯絡電話', '緊急聯絡人電話', '緊急電話', '緊急聯絡人手機', 'emergencyphone', 'emergencycontactphone'],
  blood_type: ['血型', 'bloodtype', 'blood'],
  job_title: ['職稱', '職位', '職務', '工種', '職別', 'jobtitle', 'title', 'position'],
  hire_date: ['到職日', '到職日期', '入職日', '入職日期', '進用日期', '到職', 'hiredate', 'startdate', 'dateofhire', 'joined'],
  notes: ['備註', '說明', '附註', 'notes', 'note', 'remarks', 'remark', 'memo', 'comment', 'comments'],
  status: ['狀態', '在職狀態', '人員狀態', 'status'],
  nationality: ['國籍', '國別', 'nationality', 'country', 'citizenship'],
  entered_taiwan_on: [
    '入境日',
    '入境日期',
    '入國日',
    '入國日期',
    '抵台日',
    '抵台日期',
    'entrydate',
    'dateofentry',
    'arrivaldate',
    'arrival',
  ],
};

/** Header text as compared: full-width folded, lower case, no spaces, punctuation or brackets. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_.:：()（）[\]【】*＊#/\\|-]+/g, '');
}

const ALIAS_INDEX = new Map<string, StaffImportField>();
for (const f of STAFF_IMPORT_FIELDS) for (const a of HEADER_ALIASES[f]) ALIAS_INDEX.set(normalizeHeader(a), f);

/** The field a header names ("姓名", "Name", "姓名 Name", "身分證字號(必填)"), or null. */
export function suggestField(header: string): StaffImportField | null {
  if (!header.trim()) return null;
  const whole = normalizeHeader(header.replace(/[(（][^)）]*[)）]/g, ''));
  const direct = ALIAS_INDEX.get(whole) ?? ALIAS_INDEX.get(normalizeHeader(header));
  if (direct) return direct;
  // Bilingual headers: "姓名 Name", "手機 / Mobile", "生日\nBirthday".
  for (const part of header.split(/[\s/|\n]+/)) {
    const hit = ALIAS_INDEX.get(normalizeHeader(part));
    if (hit) return hit;
  }
  return null;
}

/** Column letter for each field (a field takes at most one column, a column feeds at most one field). */
export type StaffImportMapping = Partial<Record<StaffImportField, string>>;
export const staffImportMapping = z
  .partialRecord(z.enum(STAFF_IMPORT_FIELDS), z.string().regex(COLUMN_LETTER, VALIDATION_KEYS.invalid))
  .superRefine((m, ctx) => {
    const seen = new Map<string, string>();
    for (const [field, column] of Object.entries(m)) {
      if (!column) continue;
      if (seen.has(column)) ctx.addIssue({ code: 'custom', path: [field], message: IMPORT_KEYS.columnMappedTwice });
      seen.set(column, field);
    }
  });

export interface SheetColumn {
  column: string;
  header: string;
}

/** A mapping from the headers: each field to the first column whose header names it. */
export function suggestMapping(columns: readonly SheetColumn[]): StaffImportMapping {
  const out: StaffImportMapping = {};
  for (const c of columns) {
    const f = suggestField(c.header);
    if (f && !out[f]) out[f] = c.column;
  }
  return out;
}

/** How many headers of a row name a field: the header row is the row naming most. */
export const headerScore = (cells: readonly string[]): number => new Set(cells.map(suggestField).filter(Boolean)).size;

/** A remembered mapping: each field with the header (normalized) and column it came from. */
export const savedImportMapping = z.array(z.object({ field: z.enum(STAFF_IMPORT_FIELDS), header: z.string(), column: z.string() }));
export type SavedImportMapping = z.infer<typeof savedImportMapping>;

export function toSavedMapping(mapping: StaffImportMapping, columns: readonly SheetColumn[]): SavedImportMapping {
  const byColumn = new Map(columns.map((c) => [c.column, c.header]));
  return STAFF_IMPORT_FIELDS.filter((f) => mapping[f]).map((f) => ({
    field: f,
    column: mapping[f]!,
    header: normalizeHeader(byColumn.get(mapping[f]!) ?? ''),
  }));
}

/**
 * The remembered mapping applied to this sheet: a field follows its header wherever that column is
 * now (by the column letter when it had no header); fields it does not place are suggested from
 * the headers. Answers whether the remembered mapping placed anything.
 */
export function applySavedMapping(
  saved: SavedImportMapping,
  columns: readonly SheetColumn[],
): { mapping: StaffImportMapping; fromSaved: boolean } {
  const mapping: StaffImportMapping = {};
  const taken = new Set<string>();
  for (const s of saved) {
    const col = s.header
      ? columns.find((c) => normalizeHeader(c.header) === s.header)
      : columns.find((c) => c.column === s.column && !c.header.trim());
    if (col && !taken.has(col.column) && !mapping[s.field]) {
      mapping[s.field] = col.column;
      taken.add(col.column);
    }
  }
  const fromSaved = Object.keys(mapping).length > 0;
  for (const [field, column] of Object.entries(suggestMapping(columns)) as [StaffImportField, string][]) {
    if (!mapping[field] && !taken.has(column)) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return { mapping, fromSaved };
}
