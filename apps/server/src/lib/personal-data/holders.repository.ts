import { sql, type Kysely } from 'kysely';
import type { ReadDb } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { PERSON_COLUMN, personalFields, type PersonalDataCategory, type PersonalField } from './categories.ts';

// Tables and columns come from the declaration (categories.ts), never from a caller's input.
const holds = (f: PersonalField) => (f.encrypted ? f.columns.sealed! : f.field);

/** Per declared field of a table other than staff, how many rows hold a value (the staff's own are counted by the inventory). */
export async function recordsOfFields(db: ReadDb, fields: readonly PersonalField[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const f of fields) {
    const row = await (db as any)
      .selectFrom(f.table)
      .select((eb: any) => eb.fn.count(holds(f)).as('n'))
      .executeTakeFirst();
    out.set(`${f.table}.${f.field}`, Number(row?.n ?? 0));
  }
  return out;
}

/** How many people hold a category anywhere: staff holding one of its fields on their own row or on a row of theirs elsewhere. */
export async function peopleHolding(db: ReadDb, category: PersonalDataCategory): Promise<number> {
  const fields = personalFields().filter((f) => f.category === category);
  const byTable = new Map<string, PersonalField[]>();
  for (const f of fields) byTable.set(f.table, [...(byTable.get(f.table) ?? []), f]);
  const any = (alias: string, fs: PersonalField[]) =>
    sql.join(
      fs.map((f) => sql`${sql.ref(`${alias}.${holds(f)}`)} is not null`),
      sql` or `,
    );
  const ofStaff = [...byTable].filter(([table]) => PERSON_COLUMN[table as keyof typeof PERSON_COLUMN] !== null);
  const ofTheirOwn = [...byTable].filter(([table]) => PERSON_COLUMN[table as keyof typeof PERSON_COLUMN] === null);
  const conditions = ofStaff.map(([table, fs]) =>
    table === 'staff'
      ? sql`(${any('s', fs)})`
      : sql`exists (select 1 from ${sql.table(table)} as x where ${sql.ref(`x.${PERSON_COLUMN[table as keyof typeof PERSON_COLUMN]}`)} = s.id and (${any('x', fs)}))`,
  );
  const count = async (query: ReturnType<typeof sql<{ n: string | number }>>) =>
    Number((await query.execute(db as unknown as Kysely<DB>)).rows[0]?.n ?? 0);
  let people = conditions.length
    ? await count(sql<{ n: string | number }>`select count(*) as n from staff as s where ${sql.join(conditions, sql` or `)}`)
    : 0;
  for (const [table, fs] of ofTheirOwn)
    people += await count(sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)} as x where ${any('x', fs)}`);
  return people;
}
