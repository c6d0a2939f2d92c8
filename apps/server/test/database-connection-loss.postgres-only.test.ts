import { afterAll, beforeAll, expect, test } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../src/db/database.ts';
import { createPostgresDatabase } from './helpers.ts';
import { startFaultProxy, throughProxy } from './fault-proxy.ts';
import { isDatabaseUnavailable } from '../src/db/database-unavailable.ts';

// PostgreSQL closing an idle pooled connection (restart, failover, pg_terminate_backend) must not
// take the process down: the pool reports it and opens a new connection for the next query.
let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
let db: Database;
const reported: { message: string; code?: string }[] = [];

beforeAll(async () => {
  pgDb = await createPostgresDatabase(undefined, 'bo_connloss');
  db = createDatabase(pgDb.url, (err) => reported.push(err)).db;
});
afterAll(async () => {
  await db.destroy();
  await pgDb.drop();
});

test('an idle connection killed by the server is reported, not thrown, and the next query works', async () => {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  const pid = rows[0].pid;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
  await expect.poll(() => reported.length, { timeout: 5000 }).toBe(1);
  expect(reported[0]).toEqual({ message: 'terminating connection due to administrator command', code: '57P01' });
  expect(Object.keys(reported[0])).not.toContain('client');
  const again = await sql<{ one: number }>`select 1 as one`.execute(db);
  expect(again.rows[0].one).toBe(1);
});

test('a connection cut while a transaction holds it between two queries fails that transaction, not the process', async () => {
  const target = new URL(pgDb.url);
  const proxy = await startFaultProxy({ target: { host: target.hostname, port: Number(target.port || 5432) } });
  const proxied = createDatabase(throughProxy(pgDb.url, proxy), () => {}).db;
  try {
    const failure = await proxied
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        proxy.cutAll();
        // The socket's end arrives while the client is checked out and idle: an 'error' event
        // with no listener of pg-pool's (it ended the process before issue 33).
        await new Promise((r) => setTimeout(r, 200));
        await sql`select 2`.execute(trx);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const again = await sql<{ one: number }>`select 1 as one`.execute(proxied);
    expect(again.rows[0].one).toBe(1);
  } finally {
    await proxied.destroy();
    await proxy.close();
  }
});
