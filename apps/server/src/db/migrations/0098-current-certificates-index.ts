import type { Kysely } from 'kysely';

/**
 * Issue 36: the latest certificate of each type decides a worker's standing (isCurrentCertificate in
 * modules/staff/current-certificates.repository.ts); its "is there a later one of this staff and type"
 * probe reads this index instead of every certificate of the staff.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('staff_certificates_current_idx')
    .on('staff_certificates')
    .columns(['staff_id', 'certificate_type_id', 'expires_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('staff_certificates_current_idx').execute();
}
