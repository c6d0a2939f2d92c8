import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import { createRequire } from 'node:module';
import type pgModule from 'pg';
import type { DB } from './schema.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import { withAutoRollbackKnown } from './sqlite-auto-rollback.ts';
import { withNamedStatements } from './pg-named-statements.ts';
import { privateDatabaseFiles } from '../private-files.ts';

export type Database = Kysely<DB>;
export type Trx = Transaction<DB>;
export type DbOrTrx = Database | Trx;
/**
 * What a read may use: selects, never an insert, update or delete (a write on it does not compile).
 * A transaction is a ReadDb too, so a write context's reads take the same functions.
 */
export type ReadDb = Pick<Database, 'selectFrom' | 'selectNoFrom' | 'fn' | 'dynamic'>;
export type Dialect = 'sqlite' | 'postgres';

/** Whether the database answers (start-up's check, the readiness probe). */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** How long a caller waits for a PostgreSQL connection before the database counts as unavailable. */
const CONNECT_TIMEOUT_MS = 5000;

/** node-pg, loaded when the database is PostgreSQL (an SQLite server never needs it). */
let pgLoaded: typeof pgModule | null = null;
function loadPg(): typeof pgModule {
  if (pgLoaded) return pgLoaded;
  pgLoaded = createRequire(import.meta.url)('pg') as typeof pgModule;
  // node-pg returns int8 (COUNT(*)) as a string; our counts fit in a double.
  pgLoaded.types.setTypeParser(20, (v) => Number(v));
  return pgLoaded;
}

/** Called when PostgreSQL drops an idle pooled connection (server restart, failover, admin kill). */
export type IdleConnectionErrorHandler = (err: { message: string; code?: string }) => void;

const warnOnStderr: IdleConnectionErrorHandler = (err) =>
  console.warn(
    `database: an idle connection was closed by the server (${err.code ?? 'no code'}: ${err.message}); the pool opens a new one`,
  );

export function createDatabase(
  url: string,
  onIdleConnectionError: IdleConnectionErrorHandler = warnOnStderr,
  /** PostgreSQL connections in the pool (DATABASE_POOL_MAX). */
  poolMax = 10,
): { db: Database; dialect: Dialect } {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    privateDatabaseFiles(file);
    // Durability: an acknowledged write survives kill -9 and power loss.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const database = withAutoRollbackKnown(sqlite, withStatementCache(sqlite));
    return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
  }
  const pool = new (loadPg().Pool)({
    connectionString: url,
    max: poolMax,
    // A request waits this long for a connection, then fails as "database unavailable" (503), instead
    // of hanging while PostgreSQL does not answer; keep-alive notices a connection dropped silently.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // Without a listener, pg-pool re-emits an idle client's error as an uncaught exception and the
  // process dies. The pool has already discarded that client, so reporting it is all there is to do.
  // Only message and code are passed on: the error also carries the client and its connection settings.
  pool.on('error', (err: Error & { code?: string }) => onIdleConnectionError({ message: err.message, code: err.code }));
  // A client handed out (a transaction between two queries) has no listener of pg-pool's: its socket
  // dying would be an unhandled 'error' event that ends the process. Its next query fails instead
  // (a 503), and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) }), dialect: 'postgres' };
}
