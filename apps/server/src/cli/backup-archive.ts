import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { create, extract, list } from 'tar';
import { JWT_SECRET_FILE } from '../config.ts';
import { LOCAL_STORAGE_FOLDER } from '../lib/storage/create-storage.ts';
import { CliError } from './cli-context.ts';

/** The archive's table of contents, its first entry: what `restore` puts back. */
export const MANIFEST = 'backup.json';
const FORMAT = 'construction-back-office backup';
/** Names inside the archive, as they lie in DATA_DIR. */
export const ARCHIVED = { database: 'app.sqlite', storage: LOCAL_STORAGE_FOLDER, jwtSecret: JWT_SECRET_FILE } as const;

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  created_at: string;
  /** The SQLite database (its online backup), or null on PostgreSQL (pg_dump keeps it). */
  database: 'sqlite' | null;
  storage: boolean;
  jwt_secret: boolean;
}

export interface ArchiveParts {
  dataDir: string;
  /** The live SQLite database to copy with SQLite's online backup, or null. */
  sqliteFile: string | null;
  /** Whether DATA_DIR/storage holds the stored files (STORAGE_DRIVER=local). */
  localStorage: boolean;
}

/**
 * Writes one gzip'd tar to `target`: the manifest, the SQLite online backup (consistent while the
 * server writes), DATA_DIR/storage and DATA_DIR/jwt-secret. The database is copied first: a file
 * uploaded after it is in the archive without a row (harmless); objects are deleted only after their
 * rows are gone, so what the copy names is still on disk when the files are read. Half-written
 * uploads (`*.tmp`) are left out.
 */
export async function writeArchive(parts: ArchiveParts, target: string): Promise<Manifest> {
  const staging = mkdtempSync(join(parts.dataDir, '.backup-'));
  const stagingName = basename(staging);
  try {
    if (parts.sqliteFile) {
      const source = new SQLite(parts.sqliteFile, { readonly: true, fileMustExist: true });
      try {
        await source.backup(join(staging, ARCHIVED.database));
      } finally {
        source.close();
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      created_at: new Date().toISOString(),
      database: parts.sqliteFile ? 'sqlite' : null,
      storage: parts.localStorage && existsSync(join(parts.dataDir, ARCHIVED.storage)),
      jwt_secret: existsSync(join(parts.dataDir, ARCHIVED.jwtSecret)),
    };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [
      `${stagingName}/${MANIFEST}`,
      ...(manifest.database ? [`${stagingName}/${ARCHIVED.database}`] : []),
      ...(manifest.storage ? [ARCHIVED.storage] : []),
      ...(manifest.jwt_secret ? [ARCHIVED.jwtSecret] : []),
    ];
    const partial = `${target}.partial`;
    try {
      await create(
        {
          file: partial,
          cwd: parts.dataDir,
          gzip: true,
          portable: true,
          filter: (path) => !path.endsWith('.tmp'),
          // The staged copies go in at the archive's top, beside storage/ and jwt-secret.
          onWriteEntry: (entry) => {
            if (entry.path.startsWith(`${stagingName}/`)) entry.path = entry.path.slice(stagingName.length + 1);
          },
        },
        entries,
      );
      renameSync(partial, target);
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The manifest of a backup archive, or a CliError saying why the file is not one. */
export async function readManifest(file: string): Promise<Manifest> {
  let text: string | null = null;
  const names: string[] = [];
  try {
    await list({
      file,
      onReadEntry: (entry) => {
        names.push(entry.path);
        if (entry.path !== MANIFEST) return entry.resume();
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => {
          text = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch {
    throw new CliError(`${file} is not a backup archive of this back office`);
  }
  let manifest: Partial<Manifest> | null = null;
  try {
    manifest = text === null ? null : (JSON.parse(text) as Partial<Manifest>);
  } catch {
    manifest = null;
  }
  if (manifest?.format !== FORMAT || manifest.version !== 1)
    throw new CliError(`${file} is not a backup archive of this back office (no ${MANIFEST} it can read)`);
  if (names.some((n) => n.startsWith('/') || n.split('/').includes('..')))
    throw new CliError(`${file} names paths outside its folder: refused`);
  return manifest as Manifest;
}

/** Unpacks an archive into a new folder (in DATA_DIR, so putting it in place is a rename). */
export async function unpackArchive(file: string, dataDir: string): Promise<string> {
  const into = mkdtempSync(join(dataDir, '.restore-'));
  try {
    await extract({ file, cwd: into, strict: true, preservePaths: false });
  } catch (err) {
    rmSync(into, { recursive: true, force: true });
    throw new CliError(`${file} could not be unpacked: ${(err as Error).message}`);
  }
  return into;
}

/** Whether `file` is a SQLite database of this app: it opens and has run this app's migrations. */
export function isAppDatabase(file: string): boolean {
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

/** Whether `file` starts as a SQLite database does (a backup made before archives: the database alone). */
export function isSqliteFile(file: string): boolean {
  try {
    return readFileSync(file).subarray(0, 16).toString('latin1') === 'SQLite format 3\0';
  } catch {
    return false;
  }
}
