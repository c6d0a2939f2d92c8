import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { withStatementCache } from '../lib/sqlite-statement-cache.ts';

export type Database = Kysely<DB>;
export type Trx = Transaction<DB>;
export type DbOrTrx = Database | Trx;
export type Dialect = 'sqlite' | 'postgres';

// node-pg returns int8 (COUNT(*)) as a string; our counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDatabase(url: string): { db: Database; dialect: Dialect } {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    // Durability: an acknowledged write survives kill -9 and power loss.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
}
