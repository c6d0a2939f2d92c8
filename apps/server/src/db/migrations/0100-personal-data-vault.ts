import { sql, type Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Issue 37 (personal data encrypted at rest, docs/personal-data.md): the wrapped data keys and the
 * staff's encrypted columns. Online in three steps: this migration only adds (the key table, the
 * encrypted, blind-index and mask columns, the per-organization unique index on the blind index);
 * the start-up backfill (lib/personal-data/backfill.ts) then encrypts the existing rows in short
 * batches and clears their plain `national_id` and `blood_type`, which nothing writes any more; a
 * later migration drops those two columns once every installation has started on this one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('personal_data_keys'))
    // 'data' keys encrypt values (the newest unretired one seals, any opens); the one 'index' key makes blind indexes.
    .addColumn('purpose', 'text', (c) => c.notNull())
    // AES-256-GCM under the key-encryption key (PERSONAL_DATA_KEY or DATA_DIR/personal-data.key).
    .addColumn('wrapped', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();
  // A second index key would split the blind indexes (two instances starting at once): one may exist.
  await sql`create unique index personal_data_keys_one_index_idx on personal_data_keys (purpose) where purpose = 'index'`.execute(db);
  for (const column of ['national_id_enc', 'national_id_bidx', 'national_id_masked', 'blood_type_enc'])
    await db.schema.alterTable('staff').addColumn(column, 'text').execute();
  await db.schema.dropIndex('staff_org_national_id_idx').execute();
  await db.schema
    .createIndex('staff_org_national_id_bidx_idx')
    .on('staff')
    .columns(['organization_id', 'national_id_bidx'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('staff_org_national_id_bidx_idx').execute();
  for (const column of ['national_id_enc', 'national_id_bidx', 'national_id_masked', 'blood_type_enc'])
    await db.schema.alterTable('staff').dropColumn(column).execute();
  await db.schema.createIndex('staff_org_national_id_idx').on('staff').columns(['organization_id', 'national_id']).unique().execute();
  await db.schema.dropTable('personal_data_keys').execute();
}
