import { afterAll, beforeAll, expect, test } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../src/db/database.ts';
import { createPostgresDatabase } from './helpers.ts';

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
