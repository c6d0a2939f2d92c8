import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../test/helpers.ts';

/** Issue 15: queries go to PostgreSQL as named statements, prepared once per connection. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('named statements on PostgreSQL', () => {
  it('prepares the queries of a request once per connection and reuses them', async () => {
    const token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    for (let i = 0; i < 5; i++) expect((await api(t.app, token).get('/api/admin/audit-log/index')).statusCode).toBe(200);
    // One connection, to see its own session's statements.
    await t.db.connection().execute(async (conn) => {
      await conn.selectFrom('admins').select('id').where('id', '=', 1).execute();
      await conn.selectFrom('admins').select('id').where('id', '=', 2).execute();
      const rows = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(conn);
      const mine = rows.rows.filter((r) => r.statement === 'select "id" from "admins" where "id" = $1');
      expect(mine[0]?.name).toMatch(/^bo_/);
      expect(mine).toHaveLength(1);
    });
  });

  it('sends utility statements unnamed', async () => {
    await sql`create temporary table named_statement_probe (id int)`.execute(t.db);
    await t.db.connection().execute(async (conn) => {
      const rows = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
      expect(rows.rows.some((r) => /create temporary/i.test(r.statement))).toBe(false);
    });
  });
});
