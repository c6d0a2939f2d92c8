import type { Database } from '../../db/database.ts';

export { uploadMultipart as upload } from '../../../test/multipart.ts';

let n = 0;
/** Factory: a staff row of an organization, straight into the database. */
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
) {
  const t = new Date().toISOString();
  return db
    .insertInto('staff')
    .values({
      organization_id: organizationId,
      name: over.name ?? `Staff ${++n}`,
      nickname: over.nickname ?? null,
      national_id: over.national_id ?? null,
      birthday: over.birthday ?? '1990-01-02',
      gender: 'male',
      mobile: '0912345678',
      email: null,
      address: null,
      emergency_contact: null,
      emergency_phone: null,
      blood_type: 'O',
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
}

export async function buildCertificateType(db: Database, organizationId: number, name = `Type ${++n}`) {
  const t = new Date().toISOString();
  return db
    .insertInto('certificate_types')
    .values({ organization_id: organizationId, name, sort: 0, created_at: t, updated_at: t })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}
