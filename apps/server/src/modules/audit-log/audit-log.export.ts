import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ReadDb } from '../../db/database.ts';
import { csvRecord, neutralizeFormula, UTF8_BOM } from '../../lib/spreadsheet-cells.ts';
import { streamAuditLogs, type AuditLogExportRow, type AuditLogFilters } from './audit-log.repository.ts';
import { chainHead, latestAnchor } from './audit-chain.repository.ts';

/** An export holds at most this many entries (newest first by default); narrow the filters for more. */
export const AUDIT_LOG_EXPORT_MAX_ROWS = 100_000;

const COLUMNS: { header: string; width: number; value: (r: AuditLogExportRow) => unknown }[] = [
  { header: 'id', width: 10, value: (r) => r.id },
  { header: 'created_at', width: 26, value: (r) => r.created_at },
  { header: 'actor_id', width: 10, value: (r) => r.actor_id },
  { header: 'actor_email', width: 28, value: (r) => r.actor?.email ?? null },
  { header: 'actor_name', width: 20, value: (r) => r.actor?.name ?? null },
  { header: 'impersonator_id', width: 10, value: (r) => r.impersonator_id },
  { header: 'impersonator_email', width: 28, value: (r) => r.impersonator?.email ?? null },
  { header: 'organization_id', width: 10, value: (r) => r.organization_id },
  { header: 'organization_name', width: 24, value: (r) => r.organization?.name ?? null },
  { header: 'action', width: 20, value: (r) => r.action },
  { header: 'target_type', width: 18, value: (r) => r.target_type },
  { header: 'target_id', width: 12, value: (r) => r.target_id },
  { header: 'before', width: 40, value: (r) => r.stored_before },
  { header: 'after', width: 40, value: (r) => r.stored_after },
  { header: 'ip', width: 16, value: (r) => r.ip },
  { header: 'user_agent', width: 40, value: (r) => r.user_agent },
  // Migration 0078; last, so the columns before it keep their places for existing readers.
  { header: 'target_label', width: 28, value: (r) => r.target_label },
  // Migration 0084, after it for the same reason: who wrote the entry (admin, member, visitor, system, operator).
  { header: 'actor_kind', width: 10, value: (r) => r.actor_kind },
  // Migration 0085: the chain (docs/audit-log.md); scripts/verify-audit-export.mjs checks a CSV export with them.
  { header: 'prev_hash', width: 66, value: (r) => r.prev_hash },
  { header: 'hash', width: 66, value: (r) => r.hash },
];

export interface ExportSource {
  db: ReadDb;
  filters: AuditLogFilters;
  order: 'asc' | 'desc';
  /** Where a failure mid-stream is reported (the request's logger; stderr for the CLI). */
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * The chain's head and latest anchor as the export began (issue 34), written after the rows: the checker
 * (scripts/verify-audit-export.mjs) then finds newest entries cut off, and an anchor the rows contradict.
 * Rows written while the export runs may follow the head; they chain on from it.
 */
async function chainSeal(db: ReadDb): Promise<unknown[][]> {
  const [head, anchor] = await Promise.all([chainHead(db), latestAnchor(db)]);
  return [
    ['#chain_head', head.last_id, head.last_hash, head.entries],
    ['#last_anchor', anchor?.last_id ?? null, anchor?.head_hash ?? null, anchor?.day ?? null],
  ];
}

const rows = (s: ExportSource) => streamAuditLogs(s.db, s.filters, s.order, AUDIT_LOG_EXPORT_MAX_ROWS);

export function auditLogCsv(s: ExportSource): Readable {
  async function* lines() {
    const seal = await chainSeal(s.db);
    yield UTF8_BOM + csvRecord(COLUMNS.map((c) => c.header));
    for await (const batch of rows(s)) {
      yield batch.map((r) => csvRecord(COLUMNS.map((c) => c.value(r)))).join('');
    }
    yield seal.map((r) => csvRecord(r)).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

/** ExcelJS's streaming writer: rows are committed as they come, the workbook is never held whole. */
export function auditLogXlsx(s: ExportSource): Readable {
  const out = new PassThrough();
  void (async () => {
    // Loaded on first export, not at start-up: ExcelJS is large and most processes never export.
    const { default: ExcelJS } = await import('exceljs');
    const seal = await chainSeal(s.db);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet('Audit log');
    ws.columns = COLUMNS.map((c) => ({ header: c.header, key: c.header, width: c.width }));
    for await (const batch of rows(s)) {
      if (out.destroyed) return;
      for (const r of batch) ws.addRow(COLUMNS.map((c) => neutralizeFormula(c.value(r)) ?? null)).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    ws.commit();
    const chain = wb.addWorksheet('Chain');
    for (const r of seal) chain.addRow(r.map((v) => (typeof v === 'string' ? v.replace(/^#/, '') : v))).commit();
    chain.commit();
    await wb.commit();
  })().catch((err) => {
    s.log.error({ err }, 'audit log export failed');
    out.destroy(err);
  });
  return out;
}

export function exportFileName(format: 'xlsx' | 'csv', now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `audit-log-${stamp}.${format}`;
}
