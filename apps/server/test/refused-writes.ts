import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { testDialect } from './helpers.ts';

/**
 * Makes the database itself refuse some writes, as a real failure would: a trigger named `name` on
 * `table` that raises before an `event` of a row matching `when` (SQL over NEW, the same on both
 * dialects). Answers what removes it.
 */
export async function refuseWrites(
  db: Database,
  { name, table, event, when }: { name: string; table: string; event: 'INSERT' | 'UPDATE'; when: string },
): Promise<() => Promise<void>> {
  if (testDialect === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN IF ${when} THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`).execute(db);
    return async () => {
      await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    };
  }
  await sql
    .raw(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'forced failure'); END`)
    .execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  };
}
