import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { neutralizeFormula } from './spreadsheet-cells.ts';

export interface XlsxColumn<R> {
  header: string;
  width: number;
  value(row: R): unknown;
}

export interface XlsxBook {
  /** Adds a sheet and writes `batches` into it as they come (text cells neutralised against formulas). */
  sheet<R>(name: string, columns: readonly XlsxColumn<R>[], batches: AsyncIterable<readonly R[]> | Iterable<readonly R[]>): Promise<void>;
}

/**
 * An .xlsx workbook streamed with ExcelJS's streaming writer: rows are committed as they come and
 * the workbook is never held whole. A failure mid-stream is logged and ends the download.
 */
export function streamXlsx(log: Pick<FastifyBaseLogger, 'error'>, fill: (book: XlsxBook) => Promise<void>): Readable {
  const out = new PassThrough();
  void (async () => {
    // Loaded on first export, not at start-up: ExcelJS is large and most processes never export.
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    await fill({
      async sheet(name, columns, batches) {
        const ws = wb.addWorksheet(name);
        ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
        for await (const batch of batches) {
          if (out.destroyed) return;
          for (const r of batch) ws.addRow(columns.map((c) => neutralizeFormula(c.value(r)) ?? null)).commit();
          if (out.writableNeedDrain) await once(out, 'drain');
        }
        ws.commit();
      },
    });
    await wb.commit();
  })().catch((err) => {
    log.error({ err }, 'xlsx export failed');
    out.destroy(err);
  });
  return out;
}

/** Sends a streamed workbook as a download that is never cached. */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Readable) {
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('cache-control', 'no-store');
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(body);
}
