/**
 * Bulk writes for the company seeder (issue 40): rows given as value arrays in a table's column order,
 * with the ids chosen by the seeder (a fresh database), so nothing has to be read back.
 * SQLite: one prepared statement run per row inside big transactions, WAL and synchronous=OFF while
 * seeding (set back to the server's NORMAL at the end). PostgreSQL: `COPY … FROM STDIN` in text format
 * through pg's own connection (copyIn below: bench/ has no pg-copy-streams), the sequences moved past
 * the chosen ids and ANALYZE at the end.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';

// better-sqlite3 is a dependency of the server workspace, not of bench/ (as bench/audit-log.bench.ts).
const serverRequire = createRequire(join(import.meta.dirname, '../../apps/server/package.json'));

export type Cell = string | number | null;
export type Log = (line: string) => void;

export interface Bulk {
  readonly engine: 'sqlite' | 'postgres';
  /**
   * Inserts `rows` (each in `columns` order) into `table`; answers how many. `rebuildIndexes`: the table's
   * secondary indexes are dropped first and made again after, from their own definitions (a sort instead
   * of millions of index updates); the ones behind a constraint stay.
   */
  insert(table: string, columns: readonly string[], rows: Iterable<Cell[]>, o?: { rebuildIndexes?: boolean }): Promise<number>;
  /** One statement with no result (DDL, ANALYZE, an update). */
  exec(statement: string): Promise<void>;
  /** Rows of a read. */
  all<R>(statement: string): Promise<R[]>;
  /** Ends the seeding: sequences past the ids, statistics, durable again; closes the connection. */
  finish(tables: readonly string[]): Promise<void>;
}

const SQLITE_TRANSACTION_ROWS = 200_000;
/** COPY data sent a chunk at a time (the socket's backpressure respected). */
const COPY_CHUNK_BYTES = 1 << 20;

export async function openBulk(url: string): Promise<Bulk> {
  return url.startsWith('sqlite:') ? sqliteBulk(url.slice('sqlite:'.length)) : postgresBulk(url);
}

function sqliteBulk(file: string): Bulk {
  const SQLite = serverRequire('better-sqlite3') as typeof import('better-sqlite3');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  return {
    engine: 'sqlite',
    async insert(table, columns, rows, o = {}) {
      const indexes = o.rebuildIndexes
        ? (db.prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`).all(table) as {
            name: string;
            sql: string;
          }[])
        : [];
      for (const i of indexes) db.exec(`drop index ${i.name}`);
      const ins = db.prepare(
        `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      let n = 0;
      let batch: Cell[][] = [];
      const flush = db.transaction((list: Cell[][]) => {
        for (const r of list) ins.run(r);
      });
      for (const r of rows) {
        batch.push(r);
        if (batch.length >= SQLITE_TRANSACTION_ROWS) {
          flush(batch);
          n += batch.length;
          batch = [];
        }
      }
      flush(batch);
      for (const i of indexes) db.exec(i.sql);
      return n + batch.length;
    },
    async exec(statement) {
      db.exec(statement);
    },
    async all<R>(statement: string) {
      return db.prepare(statement).all() as R[];
    },
    async finish() {
      db.exec('analyze');
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.pragma('synchronous = NORMAL');
      db.close();
    },
  };
}

async function postgresBulk(url: string): Promise<Bulk> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Not durable while seeding: a crash means a reseed anyway.
  await client.query('set synchronous_commit = off');
  return {
    engine: 'postgres',
    async insert(table, columns, rows, o = {}) {
      const indexes = o.rebuildIndexes
        ? (
            await client.query<{ indexname: string; indexdef: string }>(
              `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = $1
               and indexname not in (select conname from pg_constraint)`,
              [table],
            )
          ).rows
        : [];
      for (const i of indexes) await client.query(`drop index ${i.indexname}`);
      await client.query('begin');
      const n = await copyIn(client, `copy ${table} (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`, rows);
      await client.query('commit');
      if (indexes.length) {
        // More sort memory for the index builds (each a sort of the whole table).
        await client.query(`set maintenance_work_mem = '512MB'`);
        for (const i of indexes) await client.query(i.indexdef);
      }
      return n;
    },
    async exec(statement) {
      await client.query(statement);
    },
    async all<R>(statement: string) {
      return (await client.query(statement)).rows as R[];
    },
    async finish(tables) {
      for (const table of tables) {
        const { rows } = await client
          .query<{ seq: string | null }>(`select pg_get_serial_sequence($1, 'id') as seq`, [table])
          .catch(() => ({
            rows: [{ seq: null }],
          }));
        const seq = rows[0]?.seq;
        if (seq) await client.query(`select setval('${seq}', greatest((select coalesce(max(id), 0) from ${table}), 1))`);
      }
      await client.query('analyze');
      await client.end();
    },
  };
}

/** Runs one step of the seeding and logs its rows and time. */
export async function timed<T>(log: Log, label: string, fn: () => Promise<T>, rows?: (result: T) => number): Promise<T> {
  const started = performance.now();
  const result = await fn();
  const n = rows ? rows(result) : typeof result === 'number' ? result : null;
  const s = (performance.now() - started) / 1000;
  log(`  ${label.padEnd(34)} ${n === null ? ''.padStart(10) : n.toLocaleString('en').padStart(10)} rows  ${s.toFixed(1).padStart(6)} s`);
  return result;
}

/** A value in COPY's text format: \\N for null; backslash, tab, newline and carriage return escaped. */
const copyCell = (v: Cell): string =>
  v === null
    ? '\\N'
    : typeof v === 'number'
      ? String(v)
      : v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

/**
 * `COPY … FROM STDIN` on a pg client: a query object as pg's Client runs one (submit, then the
 * server's CopyInResponse answered with CopyData messages and CopyDone), written as the socket drains.
 */
function copyIn(client: pg.Client, text: string, rows: Iterable<Cell[]>): Promise<number> {
  return new Promise((resolve, reject) => {
    let count = 0;
    let failure: Error | null = null;
    const query = {
      submit(connection: any) {
        connection.query(text);
      },
      async handleCopyInResponse(connection: any) {
        try {
          let chunk = '';
          for (const r of rows) {
            chunk += `${r.map(copyCell).join('\t')}\n`;
            count++;
            if (chunk.length >= COPY_CHUNK_BYTES / 2) {
              connection.sendCopyFromChunk(Buffer.from(chunk, 'utf8'));
              chunk = '';
              if (connection.stream.writableNeedDrain) await new Promise((r) => connection.stream.once('drain', r));
            }
          }
          if (chunk) connection.sendCopyFromChunk(Buffer.from(chunk, 'utf8'));
          connection.endCopyFrom();
        } catch (err) {
          failure = err as Error;
          connection.sendCopyFail(String(err));
        }
      },
      handleError(err: Error) {
        failure ??= err;
      },
      handleReadyForQuery() {
        if (failure) reject(failure);
        else resolve(count);
      },
      handleCommandComplete() {},
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
    };
    client.query(query as never);
  });
}
