import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { StartupError } from './startup-error.ts';

/** The file whose lock is the data folder's: held by SQLite's own file locking, on SQLite and PostgreSQL alike. */
export const DATA_FOLDER_LOCK_FILE = 'server.lock';
/** Who holds the lock, for the refusal's message only (the lock decides, never this file). */
export const LOCK_HOLDER_FILE = 'server.pid';

export type LockHolder = 'server' | 'restore';

/** Another process holds the data folder: one line naming it (main.ts prints it, exit 1; the CLI exits 1). */
export class DataFolderBusy extends StartupError {}

export interface DataFolderLock {
  release(): void;
}

function holderOf(dataDir: string): string {
  try {
    const [pid, role] = readFileSync(join(dataDir, LOCK_HOLDER_FILE), 'utf8').trim().split(/\s+/);
    if (!/^\d+$/.test(pid ?? '')) return 'another process';
    return role === 'restore' ? `a restore (pid ${pid})` : `another server (pid ${pid})`;
  } catch {
    return 'another process';
  }
}

/**
 * Takes the data folder for this process, or throws DataFolderBusy naming the process that has it.
 * An exclusive transaction held open on DATA_DIR/server.lock: the operating system drops the lock
 * with the process (a crash, `kill -9`, `docker kill`, a power cut), so no stale state can refuse the
 * next start or restore. The holder's pid is written beside it for the message.
 */
export function lockDataFolder(dataDir: string, holder: LockHolder): DataFolderLock {
  const db = new SQLite(join(dataDir, DATA_FOLDER_LOCK_FILE), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    const action = holder === 'server' ? 'stop it first, or give this server a DATA_DIR of its own' : 'stop it before a restore';
    throw new DataFolderBusy(`DATA_DIR ${dataDir} is in use by ${holderOf(dataDir)}: ${action}`);
  }
  const holderFile = join(dataDir, LOCK_HOLDER_FILE);
  writeFileSync(holderFile, holder === 'server' ? String(process.pid) : `${process.pid} restore`);
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      rmSync(holderFile, { force: true });
      db.close();
    },
  };
}
