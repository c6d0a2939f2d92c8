import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type Expression,
  Kysely,
  PostgresDialect,
  type QueryCreator,
  type QueryCreatorWithCommonTableExpression,
  type QueryResult,
  type RawBuilder,
  SqliteDialect,
  sql,
  type Transaction,
} from 'kysely';
import { createRequire } from 'node:module';
import type pgModule from 'pg';
import type { DB } from './schema.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import { withAutoRollbackKnown } from './sqlite-auto-rollback.ts';
import { withNamedStatements } from './pg-named-statements.ts';
import { privateDatabaseFiles } from '../private-files.ts';

export type Database = Kysely<DB>;
export type Trx = Transaction<DB>;

/** A Kysely query creator seen through ReadQueryCreator: what `with` continues with. */
type ReadOnly<Q> = Q extends QueryCreator<infer X> ? ReadQueryCreator<X> : never;
type CteTable<N extends string> = N extends `${infer T}(${string})` ? T : N;
type CteColumns<C extends string> = C extends `${infer H}, ${infer R}` ? H | CteColumns<R> : C;
/** What a recursive CTE's body sees of itself: the columns its name lists (`'tree(id, parent_id)'`). */
type RecursiveCteTable<N extends string> = {
  [K in CteTable<N>]: N extends `${string}(${infer C})` ? { [F in CteColumns<C>]: any } : Record<string, any>;
};
/** A CTE's body as a read: built on a read creator, giving a select. */
type ReadCte<D> = (creator: ReadQueryCreator<D>) => Expression<any>;

/**
 * What a read may build: selects and common table expressions whose body and continuation are
 * reads too. No insertInto, updateTable, deleteFrom, replaceInto, mergeInto, no transaction and no
 * executor (so no raw statement: a raw read goes through `readRaw`).
 */
export interface ReadQueryCreator<D> {
  selectFrom: QueryCreator<D>['selectFrom'];
  selectNoFrom: QueryCreator<D>['selectNoFrom'];
  with<N extends string, E extends ReadCte<D>>(name: N, expression: E): ReadOnly<QueryCreatorWithCommonTableExpression<D, N, E>>;
  withRecursive<N extends string, E extends ReadCte<D & RecursiveCteTable<N>>>(
    name: N,
    expression: E,
  ): ReadOnly<QueryCreatorWithCommonTableExpression<D, N, E>>;
}

/**
 * The handle a read takes (a repository read, `ReadContext.db`): a write on it does not compile
 * (apps/server/test/types/read-db.type-test.ts). `Database` and `Trx` are ReadDbs, so a write
 * context's reads call the same functions with its transaction.
 */
export interface ReadDb extends ReadQueryCreator<DB> {
  fn: Database['fn'];
  dynamic: Database['dynamic'];
}

/** The runtime object behind a ReadDb is always a Kysely instance or a transaction. */
const executorOf = (db: ReadDb): Database => db as unknown as Database;

const READ_STATEMENT = /^\s*(select|with|\()/i;
/** A write anywhere in the statement (PostgreSQL runs a write inside a CTE), outside string literals. */
const WRITE_WORD = /\b(insert|update|delete|merge|truncate|drop|alter|create|grant|revoke)\b/i;
const isRead = (text: string) => READ_STATEMENT.test(text) && !WRITE_WORD.test(text.replace(/'(?:[^']|'')*'/g, "''"));

/**
 * A raw read (`sql`...``) on a read handle: refused before it runs unless the statement is a
 * select (or a CTE or parenthesised select) with no write in it, so a raw write cannot slip onto a
 * read path.
 */
export async function readRaw<R>(db: ReadDb, query: RawBuilder<R>): Promise<QueryResult<R>> {
  return runRead(db, query.compile(executorOf(db)));
}

/** Runs an already compiled read (lib/compiled-query.ts), with the same select-only check. */
export async function runRead<R>(db: ReadDb, compiled: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (!isRead(compiled.sql)) throw new Error('readRaw: a read handle runs only a select');
  return executorOf(db).executeQuery(compiled);
}

/** The dialect of a handle: what compiled SQL is cached by, and where the two dialects' SQL differs. */
export const dialectOf = (db: ReadDb): Dialect =>
  executorOf(db).getExecutor().adapter.constructor.name.startsWith('Postgres') ? 'postgres' : 'sqlite';
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
    // Personal data cleared or re-encrypted (lib/personal-data/) must not linger in the file's free pages.
    sqlite.pragma('secure_delete = ON');
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
