import { copyFileSync, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isRealDate } from '@bo/shared/dates';
import { DataFolderBusy, lockDataFolder } from '../lib/process/data-folder-lock.ts';
import { auditLogCsv, auditLogXlsx } from '../modules/audit-log/audit-log.export.ts';
import { ARCHIVED, isAppDatabase, isSqliteFile, readManifest, unpackArchive, writeArchive } from './backup-archive.ts';
import { CliError, sqliteFile, type CliContext } from './cli-context.ts';

/**
 * backup --to FILE: one archive (gzip'd tar) with the SQLite online backup, DATA_DIR/storage and the
 * generated JWT secret; on PostgreSQL and S3 it prints what else to keep and how (pg_dump, the bucket).
 */
export async function backup(ctx: CliContext, o: { to?: string }): Promise<void> {
  if (!o.to) throw new CliError('--to FILE is required (a .tar.gz archive)');
  const target = resolve(o.to);
  if (existsSync(target)) throw new CliError(`${target} exists: choose a new file`);
  const file = sqliteFile(ctx.config);
  const s3 = ctx.config.storage.driver === 's3';
  const manifest = await writeArchive({ dataDir: ctx.config.dataDir, sqliteFile: file, localStorage: !s3 }, target);
  await ctx.inTransaction(({ audit }) =>
    audit({ action: 'backup', target_type: 'database', target_id: null, after: { to: target, by: 'cli', ...manifest } }),
  );
  const held = [
    manifest.database ? `the database (${file})` : null,
    manifest.storage ? `the stored files (${join(ctx.config.dataDir, ARCHIVED.storage)})` : null,
    manifest.jwt_secret ? `the JWT secret (${join(ctx.config.dataDir, ARCHIVED.jwtSecret)})` : null,
  ].filter(Boolean);
  ctx.print(`backed up to ${target}: ${held.length ? held.join(', ') : 'nothing of DATA_DIR (see below)'}`);
  if (!file) {
    ctx.print('PostgreSQL: the database is not in the archive. Back it up with pg_dump (a consistent snapshot while the server runs):');
    ctx.print(`  pg_dump --format=custom --file=${target.replace(/\.tar\.gz$|\.tgz$/, '')}.pgdump "$DATABASE_URL"`);
  }
  if (s3) {
    const { bucket, endpoint } = ctx.config.storage.s3;
    ctx.print('S3: the stored files are not in the archive. Copy the bucket with the S3 tool of your provider, e.g.:');
    ctx.print(`  aws s3 sync s3://${bucket} ./${bucket}-objects${endpoint ? ` --endpoint-url ${endpoint}` : ''}`);
  }
  if (!manifest.jwt_secret) ctx.print('JWT_SECRET is set in the environment: keep it with this backup (it is not in DATA_DIR).');
}

/** restore --from FILE: puts back what the archive holds, refused while a server holds the data folder; keeps what it replaces. */
export async function restore(ctx: CliContext & { close(): Promise<void> }, o: { from?: string }): Promise<void> {
  if (!o.from) throw new CliError('--from FILE is required');
  const from = resolve(o.from);
  if (!existsSync(from)) throw new CliError(`${from} does not exist`);
  const { dataDir } = ctx.config;
  let lock: ReturnType<typeof lockDataFolder>;
  try {
    lock = lockDataFolder(dataDir, 'restore');
  } catch (err) {
    if (err instanceof DataFolderBusy) throw new CliError(err.message);
    throw err;
  }
  try {
    const file = sqliteFile(ctx.config);
    const kept = join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    if (isSqliteFile(from)) {
      // A backup made before archives: the database alone.
      if (!file) throw new CliError(`${from} is a SQLite database; this server runs on PostgreSQL (pg_restore)`);
      if (!isAppDatabase(from)) throw new CliError(`${from} is not a database of this back office`);
      await ctx.close();
      mkdirSync(kept);
      moveDatabase(file, kept);
      copyFileSync(from, file);
      ctx.print(`restored ${file} from ${from} (a database-only backup: no stored files in it); what it replaced is in ${kept}`);
      return;
    }
    const manifest = await readManifest(from);
    if (manifest.database === 'sqlite' && !file)
      throw new CliError(`${from} holds a SQLite database; this server runs on PostgreSQL: restore there with pg_restore`);
    if (file && !manifest.database) throw new CliError(`${from} holds no database (a PostgreSQL backup); this server runs on SQLite`);
    if (manifest.storage && ctx.config.storage.driver === 's3')
      throw new CliError(`${from} holds stored files of the local disk; this server stores in S3 (STORAGE_DRIVER=s3)`);
    const unpacked = await unpackArchive(from, dataDir);
    try {
      if (file && !isAppDatabase(join(unpacked, ARCHIVED.database))) throw new CliError(`${from} holds no database of this back office`);
      await ctx.close();
      mkdirSync(kept);
      const restored: string[] = [];
      if (file) {
        moveDatabase(file, kept);
        renameSync(join(unpacked, ARCHIVED.database), file);
        restored.push('the database');
      }
      // The local disk is put back as it was: a backup with no stored files leaves none.
      if (ctx.config.storage.driver === 'local') {
        moveAside(join(dataDir, ARCHIVED.storage), kept);
        if (manifest.storage) renameSync(join(unpacked, ARCHIVED.storage), join(dataDir, ARCHIVED.storage));
        restored.push('the stored files');
      }
      if (manifest.jwt_secret) {
        moveAside(join(dataDir, ARCHIVED.jwtSecret), kept);
        renameSync(join(unpacked, ARCHIVED.jwtSecret), join(dataDir, ARCHIVED.jwtSecret));
        restored.push('the JWT secret');
      }
      ctx.print(`restored ${restored.join(', ')} from ${from} (made ${manifest.created_at}); what it replaced is in ${kept}`);
      if (!file)
        ctx.print('PostgreSQL: restore the database from its pg_dump with pg_restore --clean --dbname "$DATABASE_URL" FILE.pgdump');
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
}

function moveAside(path: string, into: string): void {
  if (existsSync(path)) renameSync(path, join(into, basename(path)));
}

/** The database and its -wal/-shm into `into` (the server is stopped: nothing is lost in the WAL). */
function moveDatabase(file: string, into: string): void {
  for (const side of ['', '-wal', '-shm']) moveAside(`${file}${side}`, into);
}

/** export-audit --out FILE.csv|FILE.xlsx [--from YYYY-MM-DD] [--to YYYY-MM-DD] (Taipei days), streamed. */
export async function exportAudit(ctx: CliContext, o: { out?: string; from?: string; to?: string }): Promise<void> {
  if (!o.out) throw new CliError('--out FILE.csv or FILE.xlsx is required');
  const format = o.out.toLowerCase().endsWith('.xlsx') ? 'xlsx' : o.out.toLowerCase().endsWith('.csv') ? 'csv' : null;
  if (!format) throw new CliError('--out must end in .csv or .xlsx');
  // Every refusal before the file is made: a bad day never leaves an empty file behind.
  for (const d of [o.from, o.to]) if (d !== undefined && !isRealDate(d)) throw new CliError(`${d} is not a YYYY-MM-DD day`);
  if (o.from && o.to && o.from > o.to) throw new CliError('--from is after --to');
  const source = {
    db: ctx.read().db,
    filters: { date_from: o.from, date_to: o.to },
    order: 'asc' as const,
    log: { error: (o: unknown, msg?: string) => console.error(msg ?? 'audit log export failed', o) },
  };
  const out = resolve(o.out);
  try {
    await pipeline(format === 'csv' ? auditLogCsv(source) : auditLogXlsx(source), createWriteStream(out));
  } catch (err) {
    rmSync(out, { force: true });
    throw err;
  }
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
