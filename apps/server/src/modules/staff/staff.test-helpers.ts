import type { Database } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import { openedValues, sealedColumns } from '../../lib/personal-data/sealed-columns.ts';
import { keyRing, writableKeyRing } from '../../lib/personal-data/vault.ts';

export { uploadMultipart as upload } from '../../../test/multipart.ts';

let n = 0;
/**
 * Factory: a staff row of an organization, straight into the database. Its blood type is O and its
 * national id (when given) is stored as the server stores it: sealed with `config`'s keys.
 */
export async function buildStaff(
  db: Database,
  organizationId: number,
  over: Partial<{
    name: string;
    nickname: string | null;
    national_id: string | null;
    status: string;
    job_title: string | null;
    birthday: string | null;
  }> = {},
  config?: Pick<Config, 'personalDataKey'>,
) {
  const t = new Date().toISOString();
  const row = await db
    .insertInto('staff')
    .values({
      organization_id: organizationId,
      name: over.name ?? `Staff ${++n}`,
      nickname: over.nickname ?? null,
      birthday: over.birthday ?? '1990-01-02',
      gender: 'male',
      mobile: '0912345678',
      email: null,
      address: null,
      emergency_contact: null,
      emergency_phone: null,
      job_title: over.job_title ?? 'Worker',
      hire_date: '2020-03-04',
      notes: null,
      status: over.status ?? 'active',
      photo_key: null,
      photo_id: null,
      created_at: t,
      updated_at: t,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  if (config) {
    await db.transaction().execute(async (trx) => {
      const ring = await writableKeyRing(trx, config);
      const sealed = sealedColumns(ring, 'staff', row.id, { national_id: over.national_id ?? null, blood_type: 'O' });
      await trx.updateTable('staff').set(sealed).where('id', '=', row.id).execute();
    });
  } else if (over.national_id) throw new Error('buildStaff: a national id is sealed with the app config (pass t.app.config)');
  return row;
}

export async function buildCertificateType(db: Database, organizationId: number, name = `Type ${++n}`) {
  const t = new Date().toISOString();
  return db
    .insertInto('certificate_types')
    .values({ organization_id: organizationId, name, sort: 0, created_at: t, updated_at: t })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** An organization's staff rows as stored, with their encrypted fields opened (what the tests compare). */
export async function openedStaffOf(db: Database, config: Pick<Config, 'personalDataKey'>, organizationId: number) {
  const ring = await keyRing(db, config);
  const rows = await db.selectFrom('staff').selectAll().where('organization_id', '=', organizationId).orderBy('id').execute();
  return rows.map((r) => ({ ...r, ...openedValues(ring, 'staff', r) }));
}
