import type { Kysely } from 'kysely';
import { markupProblem } from '../../lib/html/markup-shape.ts';
import { sanitizeRichText } from '../../lib/html/sanitize-rich-text.ts';

const BATCH = 200;

/** A body as a save stores it today: past the shape limits it is dropped, else sanitised. */
const stored = (markup: string): string => (markupProblem(markup) ? '' : sanitizeRichText(markup));

async function sanitiseColumns(db: Kysely<any>, table: string, main: string, english: string): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', main, english])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as { id: number; [column: string]: unknown }[];
    for (const row of rows) {
      const body = stored(String(row[main] ?? ''));
      const en = row[english] === null ? null : stored(String(row[english])) || null;
      if (body !== row[main] || en !== row[english]) {
        await db
          .updateTable(table)
          .set({ [main]: body, [english]: en })
          .where('id', '=', row.id)
          .execute();
      }
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id as number;
  }
}

/**
 * Issue 34: the website shows stored rich text as it is, without sanitising it on every render. Every
 * save already stores it sanitised; this sanitises what was stored before (by the rules of this
 * release), so nothing stored by an older version reaches a visitor unsanitised.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sanitiseColumns(db, 'pages', 'body', 'body_en');
  await sanitiseColumns(db, 'products', 'description', 'description_en');
}

/** Sanitised markup is still valid markup for the version before. */
export async function down(): Promise<void> {}
