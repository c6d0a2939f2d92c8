import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Column conventions shared by every migration so both dialects store the same values:
 * integer ids, booleans as 0/1 integers, times as ISO-8601 UTC text, JSON as text.
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export function withId<T extends string>(db: Kysely<any>, t: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function withTimestamps<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
}

export const now = () => new Date().toISOString();
export { sql };
