import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('certificate_types'))
      .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('certificate_types_org_name_idx')
    .on('certificate_types')
    .columns(['organization_id', 'name'])
    .unique()
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('staff'))
      .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('nickname', 'text')
      .addColumn('national_id', 'text')
      .addColumn('birthday', 'text')
      .addColumn('gender', 'text')
      .addColumn('mobile', 'text')
      .addColumn('email', 'text')
      .addColumn('address', 'text')
      .addColumn('emergency_contact', 'text')
      .addColumn('emergency_phone', 'text')
      .addColumn('blood_type', 'text')
      .addColumn('job_title', 'text')
      .addColumn('hire_date', 'text')
      .addColumn('notes', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      // An uploaded photo (owned by the staff row) or a photo of the library (photos.id, owned there).
      .addColumn('photo_key', 'text')
      .addColumn('photo_id', 'integer'),
  ).execute();
  await db.schema.createIndex('staff_org_idx').on('staff').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('staff_org_name_idx').on('staff').columns(['organization_id', 'name']).execute();
  // NULLs are distinct in both dialects, so staff without a national id never collide.
  await db.schema.createIndex('staff_org_national_id_idx').on('staff').columns(['organization_id', 'national_id']).unique().execute();

  await withTimestamps(
    withId(db, db.schema.createTable('staff_certificates'))
      .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('certificate_type_id', 'integer', (c) => c.notNull().references('certificate_types.id'))
      .addColumn('number', 'text')
      .addColumn('issued_at', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('file_key', 'text')
      .addColumn('file_name', 'text')
      .addColumn('file_type', 'text')
      .addColumn('file_size', 'integer'),
  ).execute();
  await db.schema.createIndex('staff_certificates_staff_idx').on('staff_certificates').columns(['staff_id', 'id']).execute();
  await db.schema
    .createIndex('staff_certificates_expiry_idx')
    .on('staff_certificates')
    .columns(['organization_id', 'expires_at'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('staff_excels'))
      .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('layout', 'text', (c) => c.notNull())
      .addColumn('start_row', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('cells', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('file_key', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('file_size', 'integer', (c) => c.notNull())
      .addColumn('sheet_name', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('staff_excels_org_idx').on('staff_excels').columns(['organization_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['staff_excels', 'staff_certificates', 'staff', 'certificate_types']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
