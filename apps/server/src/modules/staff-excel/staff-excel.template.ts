import type { SheetGrid } from '@bo/shared/schemas/staff-excel';
import { loadExcel, rangeText } from './staff-excel.render.ts';

/**
 * Reads an uploaded template (in the worker, as the render): whether it opens, and its first sheet
 * as a grid for the mapping screen.
 */

/** Opens an upload as a template: a real xlsx zip that ExcelJS can read, with at least one sheet. */
export interface TemplateInfo {
  sheetName: string;
  rowCount: number;
  columnCount: number;
}
export async function inspectTemplate(buffer: Buffer): Promise<TemplateInfo> {
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw new Error('not a zip');
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as any);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no worksheet');
  return { sheetName: ws.name, rowCount: ws.rowCount, columnCount: ws.columnCount };
}

const MAX_GRID_ROWS = 200;
const MAX_GRID_COLS = 52;

function argb(color: any): string | undefined {
  const v = color?.argb;
  return typeof v === 'string' && v.length === 8 ? `#${v.slice(2)}` : undefined;
}

function cellText(cell: any): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t: any) => t.text).join('');
    if ('result' in v) return v.result === undefined ? '' : String(v.result);
    if ('text' in v) return String(v.text);
    if ('formula' in v) return '';
  }
  return String(v);
}

/** The first sheet as a grid for the mapping screen: text, a few styles, sizes and merges. */
export async function sheetGrid(buffer: Buffer): Promise<SheetGrid> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as any);
  const ws = wb.worksheets[0]!;
  const rowCount = Math.max(1, ws.rowCount);
  const columnCount = Math.max(1, ws.columnCount);
  const rows = Math.min(rowCount + 5, MAX_GRID_ROWS);
  const cols = Math.min(columnCount + 2, MAX_GRID_COLS);
  const cells: SheetGrid['cells'] = [];
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    if (r > rows) return;
    row.eachCell({ includeEmpty: false }, (cell: any, c) => {
      if (c > cols || cell.type === 6 /* Merge */) return;
      const text = cellText(cell);
      const fill = cell.fill?.type === 'pattern' ? argb(cell.fill.fgColor) : undefined;
      const b = cell.border;
      const entry: SheetGrid['cells'][number] = { address: cell.address, value: text };
      if (cell.font?.bold) entry.bold = true;
      if (cell.font?.italic) entry.italic = true;
      if (cell.font?.size) entry.font_size = cell.font.size;
      const color = argb(cell.font?.color);
      if (color) entry.color = color;
      if (fill) entry.fill = fill;
      if (cell.alignment?.horizontal) entry.align = cell.alignment.horizontal;
      if (b && (b.top || b.left || b.bottom || b.right)) entry.border = true;
      if (text || fill || entry.border) cells.push(entry);
    });
  });
  const model = ws.model as any;
  return {
    sheet_name: ws.name,
    row_count: rowCount,
    column_count: columnCount,
    columns: Array.from({ length: cols }, (_, i) => ws.getColumn(i + 1).width ?? null),
    rows: Array.from({ length: rows }, (_, i) => ws.getRow(i + 1).height ?? null),
    cells,
    merges: (model.merges ?? []) as string[],
    images: (model.media ?? [])
      .filter((m: any) => m.range?.tl)
      .map((m: any) => {
        const tl = m.range.tl;
        const br = m.range.br ?? tl;
        return rangeText({
          left: Math.floor(tl.nativeCol ?? tl.col) + 1,
          top: Math.floor(tl.nativeRow ?? tl.row) + 1,
          right: Math.floor(br.nativeCol ?? br.col) + 1,
          bottom: Math.floor(br.nativeRow ?? br.row) + 1,
        });
      }),
    truncated: rowCount > rows || columnCount > cols,
  };
}
