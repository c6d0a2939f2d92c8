import type { Kysely } from 'kysely';

/**
 * Issue 34: anchors of an hour beside those of a day. `period` is what `day` was (YYYY-MM-DD, or
 * YYYY-MM-DDTHH for the Taipei hour HH:00 to HH+1:00); `until` is the instant the anchor's head ends
 * at (entries written before it), so the latest anchor is the one with the latest `until`; `mail_id`
 * is the outbox row that carried it off the server (its `sent_at` is when it left), null when only the
 * log did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_anchors').addColumn('until', 'text').execute();
  await db.schema.alterTable('audit_anchors').addColumn('mail_id', 'integer').execute();
  const rows = await db.selectFrom('audit_anchors').select('day').execute();
  for (const { day } of rows as { day: string }[]) {
    const until = new Date(new Date(`${day}T00:00:00+08:00`).getTime() + 86_400_000).toISOString();
    await db.updateTable('audit_anchors').set({ until }).where('day', '=', day).execute();
  }
  await db.schema.createIndex('audit_anchors_until_idx').on('audit_anchors').column('until').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_anchors_until_idx').execute();
  await db.schema.alterTable('audit_anchors').dropColumn('mail_id').execute();
  await db.schema.alterTable('audit_anchors').dropColumn('until').execute();
}
