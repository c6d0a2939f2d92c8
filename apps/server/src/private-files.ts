import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * What the server writes is its owner's alone (docs/operations.md "Files"): the database and its
 * -wal/-shm, backups, stored files and photos, logs. One rule for the process, set once when the
 * configuration is read (config.ts): a umask of 077, so every file is created 0600 and every folder
 * 0700 wherever it is written; the data folder itself, and a SQLite file made before this rule, are
 * narrowed when they are opened. Nothing to do where files have no POSIX modes (Windows).
 */
const POSIX = process.platform !== 'win32';

export function ownerOnlyFiles(): void {
  // A worker thread cannot set the umask; it shares its process's.
  if (POSIX && isMainThread) process.umask(0o077);
}

/** The data folder, made (or narrowed) to 0700. */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (POSIX) chmodSync(dir, 0o700);
}

/** A SQLite database and its -wal and -shm files, narrowed to 0600 (a database from before the rule). */
export function privateDatabaseFiles(file: string): void {
  if (!POSIX) return;
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}
