import type { CellValue, Workbook, Worksheet } from 'exceljs';
import {
  STAFF_IMPORT_HEADER_SCAN_ROWS,
  STAFF_IMPORT_MAX_COLUMNS,
  cellText,
  columnLetter,
  headerScore,
  type RawCell,
  type SheetColumn,
} from '@bo/shared/schemas/staff-import';

/**
 * ExcelJS work of the staff import: reading a roster and writing the error workbook. Runs in the
 * import worker (staff-import.worker.mjs), never on the request thread.
 */

type ExcelJS = typeof import('exceljs');
let excel: Promise<ExcelJS> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((m) => ((m as any).default ?? m) as ExcelJS));

/** A refusal the routes answer as 400 with this translation key on `file` or `sheet`. */
export class RosterError extends Error {
  constructor(
    readonly field: 'file' | 'sheet' | 'header_row',
    readonly key: string,
  ) {
    super(key);
  }
}

export interface RosterRow {
  row: number;
  cells: RawCell[];
  /** Number formats of number and date cells, by 0-based column, so the error workbook shows them as the roster did. */
  formats?: Record<number, string>;
}

export interface Roster {
  sheets: { name: string; rows: number }[];
  sheet: string;
  headerRow: number;
  columns: SheetColumn[];
  /** The header row's cells, for the error workbook. */
  header: RawCell[];
  /** Non-empty rows below the header, in sheet order. */
  rows: RosterRow[];
  /** True when the sheet has more data rows than `maxRows` (reading stopped there). */
  tooMany: boolean;
}

export interface ReadOptions {
  sheet?: string;
  headerRow?: number;
  maxRows: number;
}

/** A cell's value as the import reads it: formulas by their result, rich text and links by their text, dates as days. */
export function rawCell(v: CellValue | undefined): RawCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : { date: v.toISOString().slice(0, 10) };
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return rawCell(v.richText.map((r) => r.text).join(''));
    if ('formula' in v || 'sharedFormula' in v) return rawCell((v as { result?: CellValue }).result as CellValue);
    if ('hyperlink' in v) return rawCell((v as { text?: CellValue }).text as CellValue);
    if ('error' in v) return String((v as { error: string }).error);
  }
  return null;
}

const rowCells = (ws: Worksheet, r: number, width: number) => {
  const row = ws.getRow(r);
  const cells: RawCell[] = [];
  for (let c = 1; c <= width; c++) cells.push(rawCell(row.getCell(c).value));
  return cells;
};

const visibleSheets = (wb: Workbook) => {
  const all = wb.worksheets;
  const visible = all.filter((ws) => ws.state !== 'hidden' && ws.state !== 'veryHidden');
  return visible.length ? visible : all;
};

/** The sheet whose first rows hold the most headers naming staff fields (the first sheet on a tie). */
function pickSheet(sheets: Worksheet[]): Worksheet {
  let best = sheets[0]!;
  let bestScore = -1;
  for (const ws of sheets) {
    let score = 0;
    const width = Math.min(ws.columnCount, STAFF_IMPORT_MAX_COLUMNS);
    for (let r = 1; r <= Math.min(ws.rowCount, STAFF_IMPORT_HEADER_SCAN_ROWS); r++)
      score = Math.max(score, headerScore(rowCells(ws, r, width).map(cellText)));
    if (score > bestScore) {
      best = ws;
      bestScore = score;
    }
  }
  return best;
}

/** The row among the first ones naming most staff fields; without any, the first row holding text. */
function detectHeaderRow(ws: Worksheet, width: number): number {
  let best = 0;
  let bestScore = 0;
  let firstText = 0;
  for (let r = 1; r <= Math.min(ws.rowCount, STAFF_IMPORT_HEADER_SCAN_ROWS); r++) {
    const texts = rowCells(ws, r, width).map(cellText);
    const score = headerScore(texts);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
    if (!firstText && texts.some((t) => t && Number.isNaN(Number(t)))) firstText = r;
  }
  return best || firstText || 1;
}

export async function readRoster(buffer: Buffer, o: ReadOptions): Promise<Roster> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new RosterError('file', 'validate.error.xlsx_incorrect');
  }
  const sheets = visibleSheets(wb);
  if (!sheets.length) throw new RosterError('file', 'validate.error.xlsx_incorrect');
  let ws: Worksheet;
  if (o.sheet !== undefined) {
    const found = sheets.find((s) => s.name === o.sheet);
    if (!found) throw new RosterError('sheet', 'validate.error.sheet_not_found');
    ws = found;
  } else ws = pickSheet(sheets);

  const width = Math.min(ws.columnCount, STAFF_IMPORT_MAX_COLUMNS);
  if (!width || !ws.actualRowCount) throw new RosterError('sheet', 'validate.error.sheet_empty');
  const headerRow = o.headerRow ?? detectHeaderRow(ws, width);
  const header = rowCells(ws, headerRow, width);

  const rows: RosterRow[] = [];
  let tooMany = false;
  let lastColumn = header.reduce<number>((m, v, i) => (v === null ? m : i + 1), 0);
  for (let r = headerRow + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues) continue;
    const cells: RawCell[] = [];
    let formats: Record<number, string> | undefined;
    let any = false;
    for (let c = 1; c <= width; c++) {
      const cell = row.getCell(c);
      const v = rawCell(cell.value);
      cells.push(v);
      if (v !== null && !(typeof v === 'string' && !v.trim())) {
        any = true;
        if (c > lastColumn) lastColumn = c;
        if ((typeof v === 'number' || typeof v === 'object') && cell.numFmt) {
          formats ??= {};
          formats[c - 1] = cell.numFmt;
        }
      }
    }
    if (!any) continue;
    if (rows.length >= o.maxRows) {
      tooMany = true;
      break;
    }
    rows.push(formats ? { row: r, cells, formats } : { row: r, cells });
  }
  const columns: SheetColumn[] = [];
  for (let c = 1; c <= lastColumn; c++) columns.push({ column: columnLetter(c), header: cellText(header[c - 1] ?? null) });
  for (const r of rows) r.cells.length = lastColumn;
  return {
    sheets: sheets.map((s) => ({ name: s.name, rows: s.actualRowCount })),
    sheet: ws.name,
    headerRow,
    columns,
    header: header.slice(0, lastColumn),
    rows,
    tooMany,
  };
}

export interface ErrorWorkbookInput {
  sheet: string;
  header: RawCell[];
  width: number;
  reasonsHeader: string;
  rowHeader: string;
  rows: {
    row: number;
    cells: RawCell[];
    formats?: Record<number, string>;
    reasons: string;
    /** The bad cells (0-based column) with their reasons, for the cell's fill and note. */
    marks?: { column: number; note: string }[];
  }[];
}

/** A bad cell: Excel's light red fill with dark red text, and a note (comment) holding the reason. */
const BAD_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } as const;
const BAD_FONT = { color: { argb: 'FF9C0006' } };

const toExcel = (v: RawCell): CellValue => {
  if (v === null) return null;
  if (typeof v === 'object') return new Date(`${v.date}T00:00:00Z`);
  return v;
};

/**
 * The refused rows as they were in the roster (values and number formats, under the same header),
 * each bad cell filled and noted with its reason, and the reasons and the roster row number in two
 * columns after the last one: fix and import again.
 * Every text is written as a string cell, so nothing in it is evaluated as a formula.
 */
export async function writeErrorWorkbook(input: ErrorWorkbookInput): Promise<Buffer> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  const ws = wb.addWorksheet(input.sheet.slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  const reasonsCol = input.width + 1;
  const header = ws.getRow(1);
  for (let c = 0; c < input.width; c++) header.getCell(c + 1).value = toExcel(input.header[c] ?? null);
  header.getCell(reasonsCol).value = input.reasonsHeader;
  header.getCell(reasonsCol + 1).value = input.rowHeader;
  header.font = { bold: true };
  header.getCell(reasonsCol).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDECEA' } };
  input.rows.forEach((r, i) => {
    const row = ws.getRow(i + 2);
    for (let c = 0; c < input.width; c++) {
      const cell = row.getCell(c + 1);
      const v = r.cells[c] ?? null;
      cell.value = toExcel(v);
      const fmt = r.formats?.[c] ?? (v !== null && typeof v === 'object' ? 'yyyy-mm-dd' : undefined);
      if (fmt) cell.numFmt = fmt;
    }
    for (const m of r.marks ?? []) {
      const cell = row.getCell(m.column + 1);
      cell.fill = BAD_FILL;
      cell.font = BAD_FONT;
      cell.note = { texts: [{ text: m.note }] };
    }
    const reasons = row.getCell(reasonsCol);
    reasons.value = r.reasons;
    reasons.font = { color: { argb: 'FFB42318' } };
    reasons.alignment = { wrapText: true, vertical: 'top' };
    row.getCell(reasonsCol + 1).value = r.row;
  });
  for (let c = 1; c <= input.width; c++)
    ws.getColumn(c).width = Math.min(40, Math.max(10, cellText(input.header[c - 1] ?? null).length * 2 + 4));
  ws.getColumn(reasonsCol).width = 60;
  ws.getColumn(reasonsCol + 1).width = 10;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
