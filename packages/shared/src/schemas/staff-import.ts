import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';
import { isRealDate, parseRocDate, rocToDay } from '../dates.ts';
import { staffInput } from './staff.ts';

/**
 * Staff import from an .xlsx roster (issue 14, point 7): the rules the server applies and the web
 * shows, in one place: the fields a column can map to, header names that suggest a mapping, how a
 * cell becomes a staff field (ROC and Excel dates included), the limits, and the reasons as text.
 */

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
  date: 'validate.error.date_incorrect',
  tooLong: 'validate.error.text_too_long',
  duplicateInFile: 'validate.error.duplicate_in_file',
  alreadyExists: 'validate.error.already_exists',
  nationalId: 'validate.error.national_id_incorrect',
} as const;

// ---------------------------------------------------------------------------------------------
// Columns and headers

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

// ---------------------------------------------------------------------------------------------
// Cells

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
  const s = nfkc(cellText(v)).replace(/[\s\-().]/g, '');
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
    case 'hire_date': {
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
    default:
      return text;
  }
}

// ---------------------------------------------------------------------------------------------
// Rows

/** Why a row is refused: a field (or the whole row) and a translation key with its parameters. */
export const importIssue = z.object({
  field: z.enum(STAFF_IMPORT_FIELDS).nullable(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportIssue = z.infer<typeof importIssue>;

export type StaffImportValues = Partial<Record<StaffImportField, string | null>>;

/** One roster row: its row number in the sheet, the values it gives the staff fields and its issues. */
export const importRow = z.object({
  row: z.number(),
  values: z.partialRecord(z.enum(STAFF_IMPORT_FIELDS), z.string().nullable()),
  errors: z.array(importIssue),
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
    if ((field === 'birthday' || field === 'hire_date') && key === VALIDATION_KEYS.invalid) key = IMPORT_KEYS.date;
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
  total: z.number(),
  valid_count: z.number(),
  invalid_count: z.number(),
  /** Every refused row, in sheet order. */
  invalid_rows: z.array(importRow),
  /** The first valid rows (STAFF_IMPORT_VALID_SAMPLE), in sheet order. */
  valid_rows: z.array(importRow),
});
export type StaffImportPreview = z.infer<typeof staffImportPreview>;

export const staffImportResult = z.object({
  imported_count: z.number(),
  rejected_count: z.number(),
  /** The refused rows as they were in the roster with a reasons column (base64 .xlsx), null when none. */
  error_workbook: z.object({ file_name: z.string(), content_base64: z.string() }).nullable(),
  invalid_rows: z.array(importRow),
});
export type StaffImportResult = z.infer<typeof staffImportResult>;

/** Text fields sent beside the file (multipart): which sheet, which header row, which mapping, which language. */
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
});

// ---------------------------------------------------------------------------------------------
// Reasons as text (the error workbook on the server, the preview on the web)

export type ImportLanguage = 'zh-TW' | 'en-US';

export const IMPORT_FIELD_LABELS: Record<ImportLanguage, Record<StaffImportField, string>> = {
  'zh-TW': {
    name: '姓名',
    nickname: '暱稱',
    national_id: '身分證字號',
    birthday: '生日',
    gender: '性別',
    mobile: '手機',
    email: '電子郵件',
    address: '地址',
    emergency_contact: '緊急聯絡人',
    emergency_phone: '緊急聯絡電話',
    blood_type: '血型',
    job_title: '職稱',
    hire_date: '到職日',
    notes: '備註',
    status: '狀態',
  },
  'en-US': {
    name: 'Name',
    nickname: 'Nickname',
    national_id: 'National ID',
    birthday: 'Birthday',
    gender: 'Gender',
    mobile: 'Mobile',
    email: 'Email',
    address: 'Address',
    emergency_contact: 'Emergency contact',
    emergency_phone: 'Emergency phone',
    blood_type: 'Blood type',
    job_title: 'Job title',
    hire_date: 'Hire date',
    notes: 'Notes',
    status: 'Status',
  },
};

const REASONS: Record<ImportLanguage, Record<string, string>> = {
  'zh-TW': {
    [VALIDATION_KEYS.required]: '必填',
    [VALIDATION_KEYS.invalid]: '格式不正確',
    [VALIDATION_KEYS.email]: '電子郵件格式不正確',
    [VALIDATION_KEYS.phone]: '電話格式不正確（手機 09 開頭 10 碼、市話 0 開頭 9 或 10 碼，或 + 國碼）',
    [IMPORT_KEYS.nationalId]: '格式或檢查碼不正確',
    [IMPORT_KEYS.date]: '無法辨識的日期（例如 1996-03-07 或 民國85年3月7日）',
    [IMPORT_KEYS.tooLong]: '超過 {{max}} 個字',
    [IMPORT_KEYS.duplicateInFile]: '與第 {{rows}} 列重複',
    [IMPORT_KEYS.alreadyExists]: '已有相同身分證字號的人員（{{name}}）',
    gender: '請填 男、女 或 其他',
    blood_type: '請填 A、B、O、AB（Rh 陰性加 -）',
    status: '請填 在職、停用 或 離職',
  },
  'en-US': {
    [VALIDATION_KEYS.required]: 'required',
    [VALIDATION_KEYS.invalid]: 'not valid',
    [VALIDATION_KEYS.email]: 'not a valid e-mail address',
    [VALIDATION_KEYS.phone]: 'not a valid phone number (mobile 09 + 8 digits, landline 0 + 8 or 9 digits, or + country code)',
    [IMPORT_KEYS.nationalId]: 'wrong format or check digit',
    [IMPORT_KEYS.date]: 'not a date (e.g. 1996-03-07 or 民國85年3月7日)',
    [IMPORT_KEYS.tooLong]: 'longer than {{max}} characters',
    [IMPORT_KEYS.duplicateInFile]: 'the same as row {{rows}}',
    [IMPORT_KEYS.alreadyExists]: 'a staff with this national id already exists ({{name}})',
    gender: 'write male, female or other',
    blood_type: 'write A, B, O or AB (add - for Rh negative)',
    status: 'write active, inactive or left',
  },
};

const fill = (s: string, params: Record<string, string | number> = {}) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));

/** One issue as the admin reads it: "身分證字號：身分證字號格式或檢查碼不正確". */
export function importIssueText(issue: ImportIssue, lang: ImportLanguage): string {
  const texts = REASONS[lang];
  const enumHint = issue.key === VALIDATION_KEYS.invalid && issue.field && texts[issue.field];
  const text = fill(enumHint || texts[issue.key] || issue.key, issue.params);
  if (!issue.field) return text;
  return `${IMPORT_FIELD_LABELS[lang][issue.field]}${lang === 'zh-TW' ? '：' : ': '}${text}`;
}

/** A row's issues as one cell of text. */
export const importReasonsText = (issues: readonly ImportIssue[], lang: ImportLanguage): string =>
  issues.map((i) => importIssueText(i, lang)).join(lang === 'zh-TW' ? '；' : '; ');

export const IMPORT_REASONS_HEADER: Record<ImportLanguage, string> = { 'zh-TW': '錯誤原因', 'en-US': 'Reasons' };
