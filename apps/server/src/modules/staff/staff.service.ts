import type { z } from 'zod';
import type { staffInput } from '@bo/shared/schemas/staff';
import type { DbOrTrx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { photoVariantKey } from '../photo/photo.repository.ts';
import { assertNationalIdFree, findStaffRow, readStaff } from './staff.repository.ts';

type StaffData = z.output<typeof staffInput>;
const now = () => new Date().toISOString();

/** A photo of the photo library the organization may use (its own or a shared one), or null. */
export const libraryPhotoKey = (db: DbOrTrx, organizationId: number, photoId: number): Promise<string | null> =>
  photoVariantKey(db, photoId, 'middle', { usableBy: organizationId });

async function assertCertificateTypes(db: DbOrTrx, organizationId: number, data: StaffData) {
  const ids = [...new Set(data.certificates.map((c) => c.certificate_type_id))];
  if (!ids.length) return;
  const found = await db.selectFrom('certificate_types').select('id').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
  const known = new Set(found.map((r) => r.id));
  const errors: Record<string, string[]> = {};
  data.certificates.forEach((c, i) => {
    if (!known.has(c.certificate_type_id)) errors[`certificates.${i}.certificate_type_id`] = ['validate.error.invalid'];
    if (c.issued_at && c.expires_at && c.expires_at < c.issued_at) errors[`certificates.${i}.expires_at`] = ['validate.error.expires_before_issued'];
  });
  if (Object.keys(errors).length) throw badRequest(errors);
}

const columns = (d: StaffData) => ({
  name: d.name, nickname: d.nickname ?? null, national_id: d.national_id ?? null, birthday: d.birthday ?? null,
  gender: d.gender ?? null, mobile: d.mobile ?? null, email: d.email ?? null, address: d.address ?? null,
  emergency_contact: d.emergency_contact ?? null, emergency_phone: d.emergency_phone ?? null, blood_type: d.blood_type ?? null,
  job_title: d.job_title ?? null, hire_date: d.hire_date ?? null, notes: d.notes ?? null, status: d.status,
});

/**
 * Creates or replaces a staff with its certificates: rows with an id are updated, rows without
 * one are added, missing ones are removed. Answers the storage keys to delete after commit.
 */
export async function saveStaff(trx: DbOrTrx, organizationId: number, data: StaffData, id?: number) {
  await assertCertificateTypes(trx, organizationId, data);
  await assertNationalIdFree(trx, organizationId, data.national_id, id);
  const orphanKeys: string[] = [];
  const t = now();
  let staffId: number;
  let photo: { photo_id?: number | null; photo_key?: null } = {};
  if (data.photo_id !== undefined) {
    if (data.photo_id !== null && !(await libraryPhotoKey(trx, organizationId, data.photo_id))) throw badRequest({ photo_id: ['validate.error.invalid'] });
    photo = data.photo_id === null ? { photo_id: null } : { photo_id: data.photo_id, photo_key: null };
  }
  if (id === undefined) {
    const row = await trx.insertInto('staff').values({
      organization_id: organizationId, ...columns(data), photo_key: null, photo_id: photo.photo_id ?? null, created_at: t, updated_at: t,
    }).returning('id').executeTakeFirstOrThrow();
    staffId = row.id;
  } else {
    const before = await findStaffRow(trx, organizationId, id);
    if (photo.photo_key === null && before.photo_key) orphanKeys.push(before.photo_key);
    await trx.updateTable('staff').set({ ...columns(data), ...photo, updated_at: t })
      .where('id', '=', id).where('organization_id', '=', organizationId).execute();
    staffId = id;
  }

  const existing = await trx.selectFrom('staff_certificates').select(['id', 'file_key'])
    .where('staff_id', '=', staffId).where('organization_id', '=', organizationId).execute();
  const existingIds = new Set(existing.map((c) => c.id));
  const errors: Record<string, string[]> = {};
  data.certificates.forEach((c, i) => { if (c.id !== undefined && !existingIds.has(c.id)) errors[`certificates.${i}.id`] = ['validate.error.invalid']; });
  if (Object.keys(errors).length) throw badRequest(errors);
  const kept = new Set(data.certificates.map((c) => c.id).filter((v): v is number => v !== undefined));
  const removed = existing.filter((c) => !kept.has(c.id));
  if (removed.length) {
    await trx.deleteFrom('staff_certificates').where('id', 'in', removed.map((c) => c.id)).execute();
    for (const c of removed) if (c.file_key) orphanKeys.push(c.file_key);
  }
  for (const c of data.certificates) {
    const values = {
      certificate_type_id: c.certificate_type_id, number: c.number ?? null, issued_at: c.issued_at ?? null, expires_at: c.expires_at ?? null, updated_at: t,
    };
    if (c.id !== undefined) await trx.updateTable('staff_certificates').set(values).where('id', '=', c.id).where('staff_id', '=', staffId).execute();
    else await trx.insertInto('staff_certificates').values({ ...values, organization_id: organizationId, staff_id: staffId, created_at: t, file_key: null, file_name: null, file_type: null, file_size: null }).execute();
  }
  return { staff: await readStaff(trx, organizationId, staffId), orphanKeys };
}

/** Deletes staff of the organization (all or nothing: any id outside it is 404); answers the storage keys to delete after commit. */
export async function deleteStaff(trx: DbOrTrx, organizationId: number, ids: number[]) {
  const rows = await loadAllOr404(ids, (unique) =>
    trx.selectFrom('staff').selectAll().where('organization_id', '=', organizationId).where('id', 'in', unique).execute());
  const unique = rows.map((r) => r.id);
  const certs = await trx.selectFrom('staff_certificates').select('file_key').where('staff_id', 'in', unique).where('organization_id', '=', organizationId).execute();
  await trx.deleteFrom('staff_certificates').where('staff_id', 'in', unique).where('organization_id', '=', organizationId).execute();
  await trx.deleteFrom('staff').where('id', 'in', unique).where('organization_id', '=', organizationId).execute();
  const orphanKeys = [...rows.map((r) => r.photo_key), ...certs.map((c) => c.file_key)].filter((k): k is string => !!k);
  return { rows, orphanKeys };
}
