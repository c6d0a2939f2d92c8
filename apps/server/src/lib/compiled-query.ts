import { CompiledQuery, type Compilable } from 'kysely';
import { dialectOf, type ReadDb, runRead } from '../db/database.ts';

/**
 * A fixed-shape read whose SQL text is compiled once per dialect. Kysely builds and compiles a
 * query object on every call, which on a per-request path (the device lookup behind every token)
 * costs about as much as running the query. `build` must bind exactly `args`, in order, and nothing
 * else; the first call checks that, so a query that binds other values fails loudly, not wrongly.
 */
export function compiledOnce<A extends readonly unknown[], R>(build: (db: ReadDb, ...args: A) => Compilable<R>) {
  const sqlByDialect = new Map<unknown, string>();
  return async (db: ReadDb, ...args: A): Promise<R[]> => {
    const dialect = dialectOf(db);
    const text = sqlByDialect.get(dialect);
    if (text !== undefined) return (await runRead<R>(db, CompiledQuery.raw(text, [...args]))).rows;
    const compiled = build(db, ...args).compile();
    if (compiled.parameters.length !== args.length || compiled.parameters.some((p, i) => p !== args[i])) {
      throw new Error('compiledOnce: the query must bind exactly its arguments, in order');
    }
    sqlByDialect.set(dialect, compiled.sql);
    return (await runRead(db, compiled)).rows;
  };
}

/**
 * A read whose SQL text depends only on how many values it binds (`where id in (…)` over a list):
 * `compiledOnce` per number of arguments, up to `maxArgs`; a longer list is built and compiled on
 * its call. Every list read and single read of the resource kit reads its rows' versions this way.
 */
export function compiledPerLength<T, R>(build: (db: ReadDb, ...args: T[]) => Compilable<R>, maxArgs = 101) {
  const byLength = new Map<number, (db: ReadDb, ...args: T[]) => Promise<R[]>>();
  return async (db: ReadDb, ...args: T[]): Promise<R[]> => {
    if (args.length > maxArgs) return (await runRead(db, build(db, ...args).compile())).rows;
    let run = byLength.get(args.length);
    if (!run) {
      run = compiledOnce(build);
      byLength.set(args.length, run);
    }
    return run(db, ...args);
  };
}
