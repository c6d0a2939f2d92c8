/**
 * Compiled by `npm run typecheck` (apps/server's tsconfig includes test/), never run: each
 * `@ts-expect-error` line is a write that must not compile on a read handle. If one of them starts
 * to compile, its directive is unused and typecheck fails.
 */
import { sql } from 'kysely';
import { type Database, type ReadDb, readRaw, type Trx } from '../../src/db/database.ts';
import type { ReadContext } from '../../src/lib/context/request-context.ts';

export function readsStillCompile(db: ReadDb) {
  return [
    db.selectFrom('admins').select(['id', 'name']).where('id', '=', 1),
    db.selectNoFrom((eb) => eb.val(1).as('one')),
    db
      .with('named', (q) => q.selectFrom('admins').select(['id', 'name']))
      .selectFrom('named')
      .select(['named.id', 'named.name']),
    db
      .withRecursive('up(id)', (q) => q.selectFrom('admins').select('id').unionAll(q.selectFrom('up').select('up.id')))
      .selectFrom('up')
      .select('up.id'),
    readRaw(db, sql<{ one: number }>`select 1 as one`),
  ];
}

/** A transaction and the database are read handles too (a write context's reads take them). */
export const handles = (db: Database, trx: Trx, ctx: ReadContext): ReadDb[] => [db, trx, ctx.db];

export function writesDoNotCompile(db: ReadDb, ctx: ReadContext) {
  // @ts-expect-error a read handle has no insertInto
  db.insertInto('admins');
  // @ts-expect-error a read handle has no updateTable
  db.updateTable('admins');
  // @ts-expect-error a read handle has no deleteFrom
  db.deleteFrom('admins');
  // @ts-expect-error a read handle has no replaceInto
  db.replaceInto('admins');
  // @ts-expect-error a read handle has no mergeInto
  db.mergeInto('admins');
  // @ts-expect-error a read handle opens no transaction
  db.transaction();
  // @ts-expect-error a read handle has no executor: a raw statement cannot run on it
  sql`delete from admins`.execute(db);
  // @ts-expect-error the continuation of a CTE on a read handle is a read handle
  db.with('a', (q) => q.selectFrom('admins').select('id')).deleteFrom('admins');
  // @ts-expect-error the continuation of a recursive CTE is a read handle too
  db.withRecursive('a(id)', (q) => q.selectFrom('admins').select('id')).updateTable('admins');
  // @ts-expect-error a CTE's body on a read handle cannot write either
  db.with('a', (q) => q.insertInto('admins').returning('id'));
  // @ts-expect-error a read context's db is a read handle
  ctx.db.insertInto('admins');
}
