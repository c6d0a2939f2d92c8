import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

const NOTHING_TO_ROLL_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL on a full disk,
 * SQLITE_IOERR, SQLITE_NOMEM). Kysely's ROLLBACK after it then fails with "cannot rollback - no
 * transaction is active", and that error would replace the one that says what happened (507, not
 * 500). The rollback has been done: it is answered as done.
 */
export function withAutoRollbackKnown(sqlite: SqliteDatabase, database: KyselySqliteDatabase): KyselySqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) => (sql === 'rollback' && !sqlite.inTransaction ? NOTHING_TO_ROLL_BACK : database.prepare(sql)),
  };
}
