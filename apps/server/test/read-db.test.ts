import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRaw } from '../src/db/database.ts';
import { buildAdmin, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('raw reads on a read handle', () => {
  it('runs a select (and a CTE) and refuses a raw write before it reaches the database', async () => {
    const admin = await buildAdmin(t.db, { name: 'Raw Reader' });
    const { rows } = await readRaw(t.db, sql<{ name: string }>`select name from admins where id = ${admin.id}`);
    expect(rows).toEqual([{ name: 'Raw Reader' }]);
    const cte = await readRaw(
      t.db,
      sql<{ n: number }>`with a as (select id from admins where id = ${admin.id}) select count(*) as n from a`,
    );
    expect(Number(cte.rows[0]?.n)).toBe(1);
    await expect(readRaw(t.db, sql`delete from admins where id = ${admin.id}`)).rejects.toThrow(/runs only a select/);
    await expect(
      readRaw(t.db, sql`with gone as (delete from admins where id = ${admin.id} returning id) select id from gone`),
    ).rejects.toThrow(/runs only a select/);
    const named = await readRaw(t.db, sql<{ n: number }>`select count(*) as n from audit_logs where action = 'delete'`);
    expect(named.rows).toHaveLength(1);
    await expect(readRaw(t.db, sql`  update admins set name = 'x' where id = ${admin.id}`)).rejects.toThrow(/runs only a select/);
    const still = await t.db.selectFrom('admins').select('name').where('id', '=', admin.id).executeTakeFirst();
    expect(still?.name).toBe('Raw Reader');
  });
});
