import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDb } from '../src/db/database.ts';
import { compiledOnce, compiledPerLength } from '../src/lib/compiled-query.ts';
import { buildAdmin, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('queries compiled once', () => {
  it('answers each call with its own arguments, inside a transaction too', async () => {
    const a = await buildAdmin(t.db, { name: 'First' });
    const b = await buildAdmin(t.db, { name: 'Second' });
    const byId = compiledOnce((db: ReadDb, id: number) => db.selectFrom('admins').select(['id', 'name']).where('id', '=', id));
    expect(await byId(t.db, a.id)).toEqual([{ id: a.id, name: 'First' }]);
    expect(await byId(t.db, b.id)).toEqual([{ id: b.id, name: 'Second' }]);
    await t.db.transaction().execute(async (trx) => {
      expect(await byId(trx, a.id)).toEqual([{ id: a.id, name: 'First' }]);
    });
    expect(await byId(t.db, 999_999)).toEqual([]);
  });

  it('refuses a query that binds a value other than its arguments', async () => {
    const bad = compiledOnce((db: ReadDb, id: number) =>
      db.selectFrom('admins').select('id').where('id', '=', id).where('status', '=', 'active'),
    );
    await expect(bad(t.db, 1)).rejects.toThrow(/bind exactly its arguments/);
  });

  it('compiles a list read once per number of arguments, and builds a longer one on its call', async () => {
    const a = await buildAdmin(t.db, { name: 'Listed A' });
    const b = await buildAdmin(t.db, { name: 'Listed B' });
    const names = compiledPerLength(
      (db: ReadDb, ...ids: number[]) => db.selectFrom('admins').select('name').where('id', 'in', ids).orderBy('id'),
      2,
    );
    expect(await names(t.db, a.id)).toEqual([{ name: 'Listed A' }]);
    expect(await names(t.db, b.id)).toEqual([{ name: 'Listed B' }]);
    expect(await names(t.db, a.id, b.id)).toEqual([{ name: 'Listed A' }, { name: 'Listed B' }]);
    expect(await names(t.db, a.id, b.id, 999_999)).toEqual([{ name: 'Listed A' }, { name: 'Listed B' }]);
  });
});
