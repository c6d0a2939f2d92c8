import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';
import { listQuery, listResponse, rowId } from '../list.ts';
import { maskNationalId, staffDisplayName, type staffFieldRules } from './staff.ts';
import { todayInTaipei } from '../dates.ts';
import { formatRocDate } from '../dates.ts';
import { calendarDay } from '../date-schemas.ts';
import { REVEALABLE_STAFF_FIELDS, requireReasonText, revealReasonFields, type RevealReason } from './personal-data-reveal.ts';

export const STAFF_EXCEL_LAYOUTS = ['card', 'roster'] as const;
export type StaffExcelLayout = (typeof STAFF_EXCEL_LAYOUTS)[number];

/** Staff fields a template cell can show as text. `national_id` is always masked; `national_id_full` only in an export that asks for it unmasked (issue 37). */
export const STAFF_TEXT_FIELDS = [
  'name',
  'nickname',
  'display_name',
  'national_id',
  'national_id_full',
  'gender',
  'mobile',
  'email',
  'address',
  'emergency_contact',
  'emergency_phone',
  'blood_type',
  'job_title',
  'notes',
  'status',
  'age',
  'seq',
] as const;
export const STAFF_DATE_FIELDS = ['birthday', 'hire_date'] as const;
export const DATE_FORMATS = ['YYYY-MM-DD', 'YYYY/MM/DD', 'YYYY年MM月DD日', 'ROC', 'ROC_TEXT'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const FIXED_VALUES = ['organization_name', 'organization_company_id', 'export_date', 'text'] as const;
export const CERTIFICATE_PARTS = ['number', 'issued_at', 'expires_at'] as const;
/** Issue 38: what a cell of the compliance export shows of one due item (empty in a staff export). */
export const COMPLIANCE_CELL_FIELDS = [
  'site',
  'worker_name',
  'company',
  'site_role',
  'rule',
  'citation',
  'status',
  'due_on',
  'due_on_roc',
  'window_opens_on',
  'reason',
] as const;
export type ComplianceCellField = (typeof COMPLIANCE_CELL_FIELDS)[number];

export const CELL_ADDRESS = /^([A-Z]{1,3})([1-9]\d{0,6})$/;
export const CELL_RANGE = /^([A-Z]{1,3}[1-9]\d{0,6}):([A-Z]{1,3}[1-9]\d{0,6})$/;

/** Excel's grid: columns A to XFD, rows 1 to 1,048,576. */
export const EXCEL_MAX_COLUMN = 16_384;
export const EXCEL_MAX_ROW = 1_048_576;
/** A photo covers at most this many columns and rows. */
export const PHOTO_RANGE_MAX_COLUMNS = 50;
export const PHOTO_RANGE_MAX_ROWS = 200;

const inGrid = (a: { col: number; row: number }) => a.col <= EXCEL_MAX_COLUMN && a.row <= EXCEL_MAX_ROW;
const isCellInGrid = (v: string) => CELL_ADDRESS.test(v) && inGrid(parseAddress(v));

/** A range inside the grid, top-left first, no larger than a photo may be. */
function isPhotoRange(v: string): boolean {
  const m = CELL_RANGE.exec(v);
  if (!m || !isCellInGrid(m[1]!) || !isCellInGrid(m[2]!)) return false;
  const [a, b] = [parseAddress(m[1]!), parseAddress(m[2]!)];
  const cols = b.col - a.col + 1;
  const rows = b.row - a.row + 1;
  return cols >= 1 && cols <= PHOTO_RANGE_MAX_COLUMNS && rows >= 1 && rows <= PHOTO_RANGE_MAX_ROWS;
}

const cellAddress = z.string().trim().toUpperCase().refine(isCellInGrid, 'validate.error.cell_address_incorrect');
const dateFormat = z.enum(DATE_FORMATS).default('YYYY-MM-DD');

export const cellMapping = z.discriminatedUnion('type', [
  z.object({ cell: cellAddress, type: z.literal('field'), field: z.enum(STAFF_TEXT_FIELDS) }),
  z.object({ cell: cellAddress, type: z.literal('date'), field: z.enum(STAFF_DATE_FIELDS), format: dateFormat }),
  /** The photo covers `range` (for example B2:C6); `cell` is its top-left cell. */
  z.object({
    cell: cellAddress,
    type: z.literal('photo'),
    range: z.string().trim().toUpperCase().refine(isPhotoRange, 'validate.error.cell_range_incorrect'),
  }),
  z.object({
    cell: cellAddress,
    type: z.literal('certificate'),
    certificate_type_id: rowId,
    part: z.enum(CERTIFICATE_PARTS),
    format: dateFormat,
  }),
  z.object({
    cell: cellAddress,
    type: z.literal('fixed'),
    value: z.enum(FIXED_VALUES),
    text: z.string().max(500).optional(),
    format: dateFormat,
  }),
  z.object({ cell: cellAddress, type: z.literal('compliance'), field: z.enum(COMPLIANCE_CELL_FIELDS) }),
]);
export type CellMapping = z.infer<typeof cellMapping>;

/** The cell limit itself (app config staffExcelMaxCellLimit, spec section 9) is checked by the server. */
export const cellMappings = z.array(cellMapping).max(1000);

export const staffExcelSchema = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  layout: z.enum(STAFF_EXCEL_LAYOUTS),
  start_row: z.number(),
  cells: z.array(cellMapping),
  file_name: z.string(),
  file_size: z.number(),
  sheet_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffExcel = z.infer<typeof staffExcelSchema>;

export const staffExcelUpdateInput = z.object({
  name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100),
  layout: z.enum(STAFF_EXCEL_LAYOUTS),
  /** Roster layout: the first row written; each staff takes one row from here. */
  start_row: z.number().int().min(1).max(100_000).default(2),
  cells: cellMappings,
});
export type StaffExcelUpdateInput = z.input<typeof staffExcelUpdateInput>;
export const STAFF_EXCEL_PATCHABLE = ['name', 'layout', 'start_row'] as const;

export const STAFF_EXCEL_SORTABLE = ['id', 'name', 'created_at', 'updated_at'] as const;
export const staffExcelListQuery = listQuery(STAFF_EXCEL_SORTABLE, { layout: z.enum(STAFF_EXCEL_LAYOUTS).optional() });
export const staffExcelListResponse = listResponse(staffExcelSchema);

export const exportOptions = z
  .object({
    /** Date shown by an export_date cell; today in Asia/Taipei when absent. */
    export_date: calendarDay.optional(),
    file_name: z.string().trim().max(100).optional(),
  })
  .default({});

/**
 * Issue 37: fields the export shows in plain (national_id, blood_type) instead of masked, with the reason
 * (as a reveal's: docs/personal-data.md "Reveal"); none by default. A reason is required with them.
 */
const unmaskedExport = {
  unmasked: z.array(z.enum(REVEALABLE_STAFF_FIELDS, VALIDATION_KEYS.invalid)).max(REVEALABLE_STAFF_FIELDS.length).optional(),
  reason_code: revealReasonFields.reason_code.optional(),
  reason_text: revealReasonFields.reason_text,
};
function requireUnmaskedReason(
  v: { unmasked?: readonly string[]; reason_code?: RevealReason; reason_text?: string },
  ctx: z.RefinementCtx,
) {
  if (!v.unmasked?.length) return;
  if (!v.reason_code) ctx.addIssue({ code: 'custom', path: ['reason_code'], message: VALIDATION_KEYS.required });
  requireReasonText(v, ctx);
}

export const exportMergeBody = z
  .object({
    staff_ids: z.array(rowId).max(10_000).optional(),
    /** Instead of staff_ids: every staff of the organization matching these list filters. */
    filter: z
      .object({
        keyword: z.string().trim().max(200).optional(),
        status: z.string().optional(),
        certificate_status: z.enum(['expired', 'expiring', 'attention', 'valid']).optional(),
      })
      .optional(),
    options: exportOptions,
    ...unmaskedExport,
  })
  .superRefine(requireUnmaskedReason);
export const exportSplitBody = z.object({ options: exportOptions, ...unmaskedExport }).superRefine(requireUnmaskedReason);

/** The first sheet of a template drawn as a grid for the mapping screen (capped). */
export const sheetCell = z.object({
  address: z.string(),
  value: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  color: z.string().optional(),
  fill: z.string().optional(),
  align: z.string().optional(),
  border: z.boolean().optional(),
  font_size: z.number().optional(),
});
export const sheetGrid = z.object({
  sheet_name: z.string(),
  row_count: z.number(),
  column_count: z.number(),
  /** Column widths in Excel character units (null: default). */
  columns: z.array(z.number().nullable()),
  /** Row heights in points (null: default). */
  rows: z.array(z.number().nullable()),
  cells: z.array(sheetCell),
  merges: z.array(z.string()),
  images: z.array(z.string()),
  truncated: z.boolean(),
});
export type SheetGrid = z.infer<typeof sheetGrid>;

/** The staff fields a template can show (every field of the staff form but the library photo and issue 38's company and migrant fields). */
type ExportedField = Exclude<
  keyof typeof staffFieldRules,
  'photo_id' | 'contractor_id' | 'nationality' | 'entered_taiwan_on' | 'departure_reported_on'
>;

/** One staff as a template exports it: its fields as stored, and its current certificates (one per type). */
export type ExportStaff = { [K in ExportedField]: K extends 'name' | 'status' ? string : string | null } & {
  certificates: { certificate_type_id: number; number: string | null; issued_at: string | null; expires_at: string | null }[];
  /** The due item of a compliance export's row (issue 38); absent in a staff export. */
  compliance?: Partial<Record<ComplianceCellField, string | null>>;
};

export interface ExportContext {
  organization_name: string;
  organization_company_id: string | null;
  export_date: string;
  /** 1-based position of the staff in the export. */
  seq: number;
  /** Labels for enumerations (gender, status) in the export's language. */
  labels?: Partial<Record<string, string>>;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(value: string | null | undefined, format: DateFormat = 'YYYY-MM-DD'): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (!y || !m || !d) return value;
  switch (format) {
    case 'YYYY/MM/DD':
      return `${y}/${pad(m)}/${pad(d)}`;
    case 'YYYY年MM月DD日':
      return `${y}年${pad(m)}月${pad(d)}日`;
    case 'ROC':
      return formatRocDate(value, 'numeric');
    case 'ROC_TEXT':
      return formatRocDate(value, 'text');
    default:
      return `${y}-${pad(m)}-${pad(d)}`;
  }
}

function age(birthday: string | null, today: string): string {
  if (!birthday) return '';
  let a = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  if (today.slice(5) < birthday.slice(5)) a -= 1;
  return String(a);
}

export const DEFAULT_LABELS: Record<string, string> = {
  male: '男',
  female: '女',
  other: '其他',
  active: '在職',
  inactive: '停用',
  left: '離職',
};

/**
 * The text a mapped cell shows for one staff; the server's export and the web's live preview
 * both use it, so the preview is what the workbook will hold. Photos resolve to ''.
 */
export function mappedText(m: CellMapping, s: ExportStaff, ctx: ExportContext): string {
  const labels = { ...DEFAULT_LABELS, ...ctx.labels };
  switch (m.type) {
    case 'field': {
      switch (m.field) {
        case 'display_name':
          return staffDisplayName(s);
        case 'national_id':
          return maskNationalId(s.national_id) ?? '';
        case 'national_id_full':
          return s.national_id ?? '';
        case 'gender':
          return s.gender ? (labels[s.gender] ?? s.gender) : '';
        case 'status':
          return labels[s.status] ?? s.status;
        case 'age':
          return age(s.birthday, ctx.export_date || todayInTaipei());
        case 'seq':
          return String(ctx.seq);
        default:
          return (s[m.field] as string | null) ?? '';
      }
    }
    case 'date':
      return formatDate(s[m.field], m.format);
    case 'certificate': {
      // The server passes each staff's current certificate of a type only (the latest expiry decides).
      const c = s.certificates.find((c) => c.certificate_type_id === m.certificate_type_id);
      if (!c) return '';
      return m.part === 'number' ? (c.number ?? '') : formatDate(c[m.part], m.format);
    }
    case 'fixed': {
      switch (m.value) {
        case 'organization_name':
          return ctx.organization_name;
        case 'organization_company_id':
          return ctx.organization_company_id ?? '';
        case 'export_date':
          return formatDate(ctx.export_date, m.format);
        default:
          return m.text ?? '';
      }
    }
    case 'compliance':
      return s.compliance?.[m.field] ?? '';
    default:
      return '';
  }
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}
export function columnLetters(n: number): string {
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}
export function parseAddress(address: string): { col: number; row: number } {
  const m = CELL_ADDRESS.exec(address);
  if (!m) throw new Error(`bad cell address ${address}`);
  return { col: columnNumber(m[1]!), row: Number(m[2]) };
}
