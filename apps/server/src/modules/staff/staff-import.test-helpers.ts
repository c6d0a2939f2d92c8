import ExcelJS from 'exceljs';
import { isTaiwanNationalId } from '@bo/shared/schemas/staff';

/** Rosters for the staff import tests, built and read back with ExcelJS as a company's Excel would. */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A valid national id (check digit computed) for a serial number: A1xxxxxxx?. */
export function nationalId(n: number, letter = 'A', sex = 1): string {
  const code = 'ABCDEFGHJKLMNPQRSTUVXYWZIO'.indexOf(letter) + 10;
  const body = `${sex}${String(n).padStart(7, '0')}`;
  let sum = Math.floor(code / 10) + (code % 10) * 9;
  for (let i = 0; i < 8; i++) sum += Number(body[i]) * (8 - i);
  const id = `${letter}${body}${(10 - (sum % 10)) % 10}`;
  if (!isTaiwanNationalId(id)) throw new Error(`bad test id ${id}`);
  return id;
}

export type Cell = string | number | Date | null;
/** A roster workbook: sheets of rows (arrays of cells), built with ExcelJS as a company's Excel would save it. */
export async function roster(sheets: Record<string, Cell[][]>, format?: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
    format?.(ws);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readBack(base64: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, rows };
}
