import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDb } from '../src/db/database.ts';
import { compiledOnce } from '../src/lib/compiled-query.ts';
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
});
