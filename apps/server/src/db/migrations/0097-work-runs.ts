import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Issue 33 (a process killed mid-work): one row per long piece of work an admin started (a staff
 * import, a staff export, a photo upload with its variants). Written `running` before the work, made
 * `done` in the work's own transaction, `failed` when it refused; a `running` row whose process died is
 * marked `interrupted` by the next start-up, and the screen that started it says so to its admin
 * until dismissed. `host` and `pid` name the process, `heartbeat_at` shows it alive.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('work_runs'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('dismissed_at', 'text')
    .execute();
  await db.schema.createIndex('work_runs_status_idx').on('work_runs').columns(['status', 'heartbeat_at']).execute();
  await db.schema.createIndex('work_runs_admin_idx').on('work_runs').columns(['admin_id', 'kind', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('work_runs').execute();
}
