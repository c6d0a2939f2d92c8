import type { Kysely } from 'kysely';
import { CHAINED_COLUMNS, chainHash, GENESIS_HASH, type ChainedContent } from '../audit-chain-hash.ts';
import { withId } from '../columns.ts';

/**
 * The audit chain (issue 28, docs/audit-log.md "The chain"): each entry's hash over its content and the
 * previous entry's hash. `audit_chain_head` is one row, the chain's last entry; appending takes its row
 * lock first, which orders concurrent writers. `audit_anchors` keeps each Taipei day's head;
 * `audit_chain_checks` what each verification found. The existing entries are chained here, in id order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_logs').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('audit_logs').addColumn('hash', 'text').execute();

  await db.schema
    .createTable('audit_chain_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_id', 'integer')
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_anchors')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'integer')
    .addColumn('head_hash', 'text', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('audit_chain_checks'))
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('checked_by', 'text', (c) => c.notNull())
    .addColumn('from_day', 'text')
    .addColumn('to_day', 'text')
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('broken_id', 'integer')
    .addColumn('broken_created_at', 'text')
    .addColumn('problem', 'text')
    .execute();
  await db.schema.createIndex('audit_chain_checks_checked_idx').on('audit_chain_checks').column('checked_at').execute();

  let prev = GENESIS_HASH;
  let lastId: number | null = null;
  let entries = 0;
  for (;;) {
    let q = db
      .selectFrom('audit_logs')
      .select(['id', ...CHAINED_COLUMNS])
      .orderBy('id')
      .limit(1000);
    if (lastId !== null) q = q.where('id', '>', lastId);
    const rows = (await q.execute()) as (ChainedContent & { id: number })[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const hash = chainHash(prev, row);
      await db.updateTable('audit_logs').set({ prev_hash: prev, hash }).where('id', '=', row.id).execute();
      prev = hash;
      lastId = row.id;
      entries++;
    }
  }
  await db.insertInto('audit_chain_head').values({ id: 1, last_id: lastId, last_hash: prev, entries }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_chain_checks').execute();
  await db.schema.dropTable('audit_anchors').execute();
  await db.schema.dropTable('audit_chain_head').execute();
  await db.schema.alterTable('audit_logs').dropColumn('hash').execute();
  await db.schema.alterTable('audit_logs').dropColumn('prev_hash').execute();
}
