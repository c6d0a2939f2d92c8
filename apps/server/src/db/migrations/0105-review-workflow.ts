import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Issue 41 (docs/content.md "Review workflow"): where a page, banner, product or video stands in its
 * review, the comments on its versions, and what the website shows of it while the workflow is on
 * (the published snapshot). The workflows themselves are the app config's `review_workflows` document.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_states')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('author_admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('approved_by', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('approved_at', 'text')
    .addColumn('approved_hash', 'text')
    // A scheduled publication that waited for approval: when its author was told (once per version).
    .addColumn('waiting_notified_version', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_states_pk', ['target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('review_states_stage_idx').on('review_states').columns(['stage', 'target_type']).execute();

  await withId(db, db.schema.createTable('review_comments'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_comments_target_idx').on('review_comments').columns(['target_type', 'target_id', 'id']).execute();

  await db.schema
    .createTable('published_snapshots')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_snapshots_pk', ['target_type', 'target_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('published_snapshots').execute();
  await db.schema.dropTable('review_comments').execute();
  await db.schema.dropTable('review_states').execute();
}
