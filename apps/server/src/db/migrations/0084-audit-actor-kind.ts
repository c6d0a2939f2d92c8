import { sql, type Kysely } from 'kysely';

/**
 * The kind of principal behind each audit entry (docs/architecture.md "Principals"): admin, member,
 * visitor, system or operator. Entries written before this migration read it from what they
 * recorded: an admin id is an admin; the command line wrote ip and user agent 'cli' (operator); the
 * page scheduler wrote user agent 'scheduler' and no ip (system); the rest had nobody signed in
 * (visitor: sign-up, contact form, sign-in attempts, member pages recorded without the member).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_logs')
    .addColumn('actor_kind', 'text', (c) => c.notNull().defaultTo('admin'))
    .execute();
  await sql`update audit_logs set actor_kind = case
      when actor_id is not null then 'admin'
      when ip = 'cli' and user_agent = 'cli' then 'operator'
      when ip is null and user_agent = 'scheduler' then 'system'
      else 'visitor' end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_logs').dropColumn('actor_kind').execute();
}
