import { copyFileSync, createWriteStream, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { auditLogCsv, auditLogXlsx } from '../modules/audit-log/audit-log.export.ts';
import { CliError, sqliteFile, type CliContext } from './cli-context.ts';

/** Written by the server once it listens, removed when it closes (main.ts): a restore refuses while it names a live process. */
export const SERVER_PID_FILE = 'server.pid';

export function runningServerPid(dataDir: string): number | null {
  const file = join(dataDir, SERVER_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: it exists but belongs to someone else; still running.
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** backup --to FILE: SQLite's online backup (consistent while the server writes); on PostgreSQL, the pg_dump command to run. */
export async function backup(ctx: CliContext, o: { to?: string }): Promise<void> {
  const file = sqliteFile(ctx.config);
  if (!file) {
    ctx.print('PostgreSQL: back up with pg_dump, which takes a consistent snapshot while the server runs:');
    ctx.print(`  pg_dump --format=custom --file=${o.to ?? 'backoffice.dump'} "$DATABASE_URL"`);
    ctx.print('and keep the files of STORAGE_DRIVER (DATA_DIR/files or the S3 bucket) with it.');
    return;
  }
  if (!o.to) throw new CliError('--to FILE is required');
  const target = resolve(o.to);
  if (existsSync(target)) throw new CliError(`${target} exists: choose a new file`);
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  await ctx.inTransaction(({ audit }) =>
    audit({ action: 'backup', target_type: 'database', target_id: null, after: { to: target, by: 'cli' } }),
  );
  ctx.print(`backed up ${file} to ${target}`);
  ctx.print('keep DATA_DIR/files (uploaded photos and files) and DATA_DIR/jwt-secret with it.');
}

/** Whether `file` is a SQLite database of this app: it opens and has run this app's migrations. */
function isAppDatabase(file: string): boolean {
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare("select name from kysely_migration where name like '0001-%' limit 1").get();
      return row !== undefined;
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}

/** restore --from FILE (SQLite only): refuses while the server runs; keeps the replaced database beside it. */
export async function restore(ctx: CliContext & { close(): Promise<void> }, o: { from?: string }): Promise<void> {
  const file = sqliteFile(ctx.config);
  if (!file) throw new CliError('restore is for SQLite; on PostgreSQL use pg_restore on a stopped server');
  if (!o.from) throw new CliError('--from FILE is required');
  const from = resolve(o.from);
  const pid = runningServerPid(ctx.config.dataDir);
  if (pid !== null)
    throw new CliError(`the server is running (pid ${pid}, ${join(ctx.config.dataDir, SERVER_PID_FILE)}): stop it before a restore`);
  if (!isAppDatabase(from)) throw new CliError(`${from} is not a database of this back office`);
  await ctx.close();
  const kept = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  if (existsSync(file)) renameSync(file, kept);
  for (const side of ['-wal', '-shm']) rmSync(`${file}${side}`, { force: true });
  copyFileSync(from, file);
  ctx.print(`restored ${file} from ${from}; the database it replaced is ${kept}`);
}

/** export-audit --out FILE.csv|FILE.xlsx [--from YYYY-MM-DD] [--to YYYY-MM-DD] (Taipei days), streamed. */
export async function exportAudit(ctx: CliContext, o: { out?: string; from?: string; to?: string }): Promise<void> {
  if (!o.out) throw new CliError('--out FILE.csv or FILE.xlsx is required');
  const format = o.out.toLowerCase().endsWith('.xlsx') ? 'xlsx' : o.out.toLowerCase().endsWith('.csv') ? 'csv' : null;
  if (!format) throw new CliError('--out must end in .csv or .xlsx');
  for (const d of [o.from, o.to]) if (d !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new CliError(`${d} is not a YYYY-MM-DD day`);
  const source = {
    db: ctx.db,
    filters: { date_from: o.from, date_to: o.to },
    order: 'asc' as const,
    log: { error: (o: unknown, msg?: string) => console.error(msg ?? 'audit log export failed', o) },
  };
  const out = resolve(o.out);
  await pipeline(format === 'csv' ? auditLogCsv(source) : auditLogXlsx(source), createWriteStream(out));
  await ctx.inTransaction(({ audit }) =>
    audit({
      action: 'export',
      target_type: 'audit_log',
      target_id: null,
      after: { to: out, from: o.from ?? null, until: o.to ?? null, by: 'cli' },
    }),
  );
  ctx.print(`exported the audit log to ${out}`);
}
