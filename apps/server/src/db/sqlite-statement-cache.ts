import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs as much as running a small
 * indexed query. Kysely compiles the same SQL text for the same query shape, so statements are
 * kept by text (least recently used out past `max`). A statement still iterating (a streamed
 * query) is never handed out twice: a fresh one is prepared instead.
 */
export function withStatementCache(db: SqliteDatabase, max = 500) {
  const cache = new Map<string, Statement>();
  return {
    prepare(sql: string): Statement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const stmt = db.prepare(sql);
      if (!cached) {
        cache.set(sql, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
    close(): void {
      cache.clear();
      db.close();
    },
  };
}
