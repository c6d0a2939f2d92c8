import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Certificate reminders (issue 13). Each organization chooses how many days ahead it is reminded
 * (`certificate_reminder_days`). `job_runs`: one row per daily job and Taipei day, so a job runs once
 * across several instances (the unique key is the claim). `certificate_reminders`: what each run sent
 * to whom, shown on the organization page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('certificate_reminder_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();

  await withId(db, db.schema.createTable('job_runs'))
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('run_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('detail', 'text')
    .addUniqueConstraint('job_runs_job_key_uq', ['job', 'run_key'])
    .execute();

  await withId(db, db.schema.createTable('certificate_reminders'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('run_key', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('expired_count', 'integer', (c) => c.notNull())
    .addColumn('expiring_count', 'integer', (c) => c.notNull())
    .addColumn('mail_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certificate_reminders_org_idx').on('certificate_reminders').columns(['organization_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificate_reminders').execute();
  await db.schema.dropTable('job_runs').execute();
  await db.schema.alterTable('organizations').dropColumn('certificate_reminder_days').execute();
}
