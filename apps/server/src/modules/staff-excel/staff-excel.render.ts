import {
  CELL_RANGE,
  columnLetters,
  columnNumber,
  mappedText,
  parseAddress,
  type CellMapping,
  type ExportContext,
  type ExportStaff,
  type StaffExcelLayout,
} from '@bo/shared/schemas/staff-excel';
import { recompressStoredZip } from './staff-excel.zip.ts';

/**
 * Fills a company's own .xlsx template with staff. Works on ExcelJS's sheet model so the template's
 * styles, merged cells, column widths, row heights, print settings and images are carried over as
 * they are; only mapped cells change. Pure: no database, no storage, so it can run in a worker.
 */

type ExcelJS = typeof import('exceljs');
let excel: Promise<ExcelJS> | null = null;
/** ExcelJS is loaded on first use, not at start-up. */
export function loadExcel(): Promise<ExcelJS> {
  excel ??= import('exceljs').then((m) => ((m as any).default ?? m) as ExcelJS);
  return excel;
}

export interface RenderInput {
  template: Uint8Array;
  layout: StaffExcelLayout;
  start_row: number;
  cells: CellMapping[];
  staff: ExportStaff[];
  /** Card layout: one JPEG per staff (or null), same order as `staff`. */
  photos?: (Uint8Array | null)[];
  context: Omit<ExportContext, 'seq'>;
}

async function writeXlsx(wb: import('exceljs').Workbook): Promise<Buffer> {
  const stored = Buffer.from((await wb.xlsx.writeBuffer({ useSharedStrings: true, zip: { compression: 'STORE' } } as any)) as ArrayBuffer);
  return recompressStoredZip(stored);
}

const STRING = 3; // ExcelJS ValueType.String
const NULL = 0;

/** A sheet name may not start or end with an apostrophe (also after cutting it to length). */
const trimApostrophes = (v: string) => v.replace(/^'+|'+$/g, '').trim();

/**
 * Excel sheet names: at most 31 characters, none of []:*?/\, not starting or ending with an
 * apostrophe, not blank, not the reserved "History", unique (case-insensitive).
 */
export function sheetNames(names: string[]): string[] {
  const used = new Set<string>(['history']);
  return names.map((raw) => {
    const base = trimApostrophes(trimApostrophes(raw.replace(/[[\]:*?/\\]/g, '_')).slice(0, 31)) || 'Sheet';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = trimApostrophes(base.slice(0, 31 - suffix.length)) + suffix;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** Text is always written as a string cell, so "=cmd|..." or "+1" is shown, never evaluated. */
function textCell(address: string, value: string, style: unknown) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 cannot hold are what this removes.
  const clean = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
  return clean === '' ? { address, type: NULL, style } : { address, type: STRING, value: clean, style };
}

interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
  range: string;
}
function parseRange(range: string): Merge {
  const m = CELL_RANGE.exec(range);
  if (!m) {
    const a = parseAddress(range);
    return { top: a.row, left: a.col, bottom: a.row, right: a.col, range };
  }
  const a = parseAddress(m[1]!);
  const b = parseAddress(m[2]!);
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.col, b.col),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.col, b.col),
    range,
  };
}
export const rangeText = (m: { top: number; left: number; bottom: number; right: number }) =>
  `${columnLetters(m.left)}${m.top}:${columnLetters(m.right)}${m.bottom}`;

/** The master (top-left) cell of the merge holding `address`, or the address itself. */
function masterOf(address: string, merges: Merge[]): { col: number; row: number } {
  const a = parseAddress(address);
  const m = merges.find((g) => a.row >= g.top && a.row <= g.bottom && a.col >= g.left && a.col <= g.right);
  return m ? { col: m.left, row: m.top } : a;
}

type RowModel = { number: number; cells: any[]; min?: number; max?: number; height?: number; [k: string]: unknown };

/** Replaces (or adds) cells of one row model; keeps the template cell's style. */
function withCells(row: RowModel, values: Map<number, string>): RowModel {
  const cells = row.cells.slice();
  const index = new Map<number, number>();
  for (const [i, c] of cells.entries()) index.set(columnNumber(/^[A-Z]+/.exec(c.address)![0]), i);
  for (const [col, text] of values) {
    const address = `${columnLetters(col)}${row.number}`;
    const i = index.get(col);
    if (i !== undefined) cells[i] = textCell(address, text, cells[i].style);
    else cells.push(textCell(address, text, row.style && Object.keys(row.style as object).length ? row.style : undefined));
  }
  cells.sort((a, b) => columnNumber(/^[A-Z]+/.exec(a.address)![0]) - columnNumber(/^[A-Z]+/.exec(b.address)![0]));
  const cols = cells.map((c) => columnNumber(/^[A-Z]+/.exec(c.address)![0]));
  return { ...row, cells, min: Math.min(...cols), max: Math.max(...cols) };
}

function renumberRow(row: RowModel, number: number): RowModel {
  return {
    ...row,
    number,
    cells: row.cells.map((c) => ({ ...c, address: c.address.replace(/\d+$/, String(number)) })),
  };
}

/** Pixel size of a cell range from the sheet's column widths and row heights (Excel's defaults otherwise). */
function rangePixels(model: any, m: Merge): { width: number; height: number } {
  const widths = new Map<number, number>();
  for (const c of model.cols ?? []) for (let i = c.min; i <= c.max; i++) widths.set(i, c.width);
  const heights = new Map<number, number>();
  for (const r of model.rows ?? []) if (r.height) heights.set(r.number, r.height);
  const defaultWidth = model.properties?.defaultColWidth ?? 9.140625;
  const defaultHeight = model.properties?.defaultRowHeight ?? 15;
  let width = 0;
  for (let c = m.left; c <= m.right; c++) width += Math.round((widths.get(c) ?? defaultWidth) * 7 + 5);
  let height = 0;
  for (let r = m.top; r <= m.bottom; r++) height += ((heights.get(r) ?? defaultHeight) * 4) / 3;
  return { width: Math.max(1, width), height: Math.max(1, Math.round(height)) };
}

/** Width and height from the image header (JPEG, PNG, GIF), without decoding it. */
export function imageSize(b: Uint8Array): { width: number; height: number; extension: 'jpeg' | 'png' | 'gif' } | null {
  const v = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (v.length > 24 && v.readUInt32BE(0) === 0x89504e47) return { width: v.readUInt32BE(16), height: v.readUInt32BE(20), extension: 'png' };
  if (v.length > 10 && v.toString('latin1', 0, 4) === 'GIF8')
    return { width: v.readUInt16LE(6), height: v.readUInt16LE(8), extension: 'gif' };
  if (v.length > 4 && v[0] === 0xff && v[1] === 0xd8) {
    let i = 2;
    while (i + 9 < v.length) {
      if (v[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = v[i + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: v.readUInt16BE(i + 5), width: v.readUInt16BE(i + 7), extension: 'jpeg' };
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      i += 2 + v.readUInt16BE(i + 2);
    }
  }
  return null;
}

/** The photo scaled to fit inside the box (aspect kept), in pixels. Photos are already normalised at upload. */
function fitInside(size: { width: number; height: number }, box: { width: number; height: number }) {
  const scale = Math.min(box.width / size.width, box.height / size.height);
  return { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)) };
}

function printAreaGrown(printArea: string | undefined, startRow: number, extra: number): string | undefined {
  if (!printArea || extra <= 0) return printArea;
  return printArea
    .split('&&')
    .map((part) => {
      const m = /^\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)$/.exec(part.trim());
      if (!m || Number(m[4]) < startRow) return part;
      return `${m[1]}${m[2]}:${m[3]}${Number(m[4]) + extra}`;
    })
    .join('&&');
}

export async function renderWorkbook(input: RenderInput): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(input.template.buffer, input.template.byteOffset, input.template.byteLength) as any);
  const src = wb.worksheets[0];
  if (!src) throw new Error('template has no worksheet');
  const model = src.model as any;
  const merges: Merge[] = (model.merges ?? []).map(parseRange);
  const ctx = (seq: number): ExportContext => ({ ...input.context, seq });
  const rowByNumber = new Map<number, RowModel>((model.rows as RowModel[]).map((r) => [r.number, r]));

  /** Mapped cells grouped by template row: row → (column → mapping). */
  const byRow = new Map<number, Map<number, CellMapping>>();
  for (const m of input.cells) {
    if (m.type === 'photo') continue;
    const at = masterOf(m.cell, merges);
    if (!byRow.has(at.row)) byRow.set(at.row, new Map());
    byRow.get(at.row)!.set(at.col, m);
  }

  if (input.layout === 'roster') {
    const start = input.start_row;
    const n = Math.max(1, input.staff.length);
    const extra = n - 1;
    const template = rowByNumber.get(start) ?? { number: start, cells: [] };
    const rowMappings = byRow.get(start) ?? new Map<number, CellMapping>();
    const rows: RowModel[] = [];
    for (const r of model.rows as RowModel[]) {
      if (r.number < start) {
        const fixed = byRow.get(r.number);
        rows.push(fixed ? withCells(r, new Map([...fixed].map(([c, m]) => [c, mappedText(m, input.staff[0] ?? emptyStaff, ctx(1))]))) : r);
      }
    }
    // Every staff row is the start row again: lay its cells out once, then only fill them.
    const layout = withCells(template, new Map([...rowMappings.keys()].map((c) => [c, ''])));
    const slots = layout.cells.map((c) => {
      const letters = /^[A-Z]+/.exec(c.address)![0];
      return { letters, base: c, mapping: rowMappings.get(columnNumber(letters)) };
    });
    for (let i = 0; i < n; i++) {
      const s = input.staff[i];
      const r = start + i;
      const context = ctx(i + 1);
      const cells = slots.map(({ letters, base, mapping }) =>
        mapping && s
          ? textCell(`${letters}${r}`, mappedText(mapping, s, context), base.style)
          : mapping
            ? { address: `${letters}${r}`, type: NULL, style: base.style }
            : { ...base, address: `${letters}${r}` },
      );
      rows.push({ ...layout, number: r, cells });
    }
    for (const r of model.rows as RowModel[]) {
      if (r.number > start) {
        const fixed = byRow.get(r.number);
        const moved = renumberRow(r, r.number + extra);
        rows.push(
          fixed ? withCells(moved, new Map([...fixed].map(([c, m]) => [c, mappedText(m, input.staff[0] ?? emptyStaff, ctx(1))]))) : moved,
        );
      }
    }
    for (const [rowNumber, fixed] of byRow) {
      if (rowNumber === start || rowByNumber.has(rowNumber)) continue;
      const number = rowNumber > start ? rowNumber + extra : rowNumber;
      rows.push(
        withCells({ number, cells: [] }, new Map([...fixed].map(([c, m]) => [c, mappedText(m, input.staff[0] ?? emptyStaff, ctx(1))]))),
      );
    }
    rows.sort((a, b) => a.number - b.number);
    const outMerges: string[] = [];
    for (const g of merges) {
      if (g.bottom < start) outMerges.push(g.range);
      else if (g.top === start && g.bottom === start)
        for (let i = 0; i < n; i++) outMerges.push(rangeText({ ...g, top: start + i, bottom: start + i }));
      else if (g.top > start) outMerges.push(rangeText({ ...g, top: g.top + extra, bottom: g.bottom + extra }));
      else outMerges.push(g.range);
    }
    const media = (model.media ?? []).map((md: any) => {
      const tl = md.range?.tl;
      if (!tl || tl.nativeRow === undefined || tl.nativeRow + 1 <= start) return md;
      const shift = (p: any) => (p ? { ...p, nativeRow: p.nativeRow + extra } : p);
      return { ...md, range: { ...md.range, tl: shift(md.range.tl), br: shift(md.range.br) } };
    });
    // The setter adds merges to the sheet's own; start from none so the template's are not merged twice.
    (src as any)._merges = {};
    src.model = {
      ...model,
      rows,
      merges: outMerges,
      mergeCells: outMerges,
      media,
      pageSetup: model.pageSetup
        ? { ...model.pageSetup, printArea: printAreaGrown(model.pageSetup.printArea, start, extra) }
        : model.pageSetup,
    };
    return writeXlsx(wb);
  }

  // Card: one sheet per staff, each a copy of the template's first sheet.
  const names = sheetNames(input.staff.map((s) => (s.nickname ? `${s.name} (${s.nickname})` : s.name)));
  const photoMapping = input.cells.find((m): m is Extract<CellMapping, { type: 'photo' }> => m.type === 'photo');
  const photoBox = photoMapping ? rangePixels(model, parseRange(photoMapping.range)) : null;
  // The template's sheets are not exported: remove them first, so a staff named like one of them
  // (a template copied from a filled card) still gets that name.
  for (const id of wb.worksheets.map((w) => w.id)) wb.removeWorksheet(id);
  for (const [i, s] of input.staff.entries()) {
    const rows = (model.rows as RowModel[]).map((r) => {
      const mapped = byRow.get(r.number);
      return mapped ? withCells(r, new Map([...mapped].map(([c, m]) => [c, mappedText(m, s, ctx(i + 1))]))) : r;
    });
    for (const [rowNumber, mapped] of byRow) {
      if (!rowByNumber.has(rowNumber)) {
        rows.push(withCells({ number: rowNumber, cells: [] }, new Map([...mapped].map(([c, m]) => [c, mappedText(m, s, ctx(i + 1))]))));
      }
    }
    rows.sort((a, b) => a.number - b.number);
    const ws = wb.addWorksheet(names[i]!);
    ws.model = {
      ...model,
      name: names[i],
      rows,
      merges: model.merges ?? [],
      mergeCells: model.merges ?? [],
      media: model.media ?? [],
    } as any;
    const photo = input.photos?.[i];
    const size = photo ? imageSize(photo) : null;
    if (photoMapping && photoBox && photo && size) {
      const imageId = wb.addImage({
        buffer: Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength) as any,
        extension: size.extension,
      });
      const at = parseRange(photoMapping.range);
      ws.addImage(imageId, { tl: { col: at.left - 1, row: at.top - 1 }, ext: fitInside(size, photoBox), editAs: 'oneCell' } as any);
    }
  }
  if (!input.staff.length) wb.addWorksheet('Sheet1');
  return writeXlsx(wb);
}

/** A staff with no field set: what a row of another kind of export (issue 38 compliance) starts from. */
export const emptyStaff: ExportStaff = {
  name: '',
  nickname: null,
  national_id: null,
  birthday: null,
  gender: null,
  mobile: null,
  email: null,
  address: null,
  emergency_contact: null,
  emergency_phone: null,
  blood_type: null,
  job_title: null,
  hire_date: null,
  notes: null,
  status: 'active',
  certificates: [],
};
