import type { z } from 'zod';
import {
  staffDisplayName,
  staffInput,
  type Certificate,
  type ExpirationResponse,
  type Staff,
  type StaffListItem,
  type staffAllListQuery,
  type staffListQuery,
} from '@bo/shared/schemas/staff';
import { addDays, daysBetween, todayInTaipei } from '@bo/shared/dates';
import { isMaskedNationalId, PERSONAL_DATA_RECORDED } from '@bo/shared/personal-data';
import { badRequest } from '../../lib/errors.ts';
import { keyRing, writableKeyRing, type KeyRing } from '../../lib/personal-data/vault.ts';
import { indexColumns } from '../../lib/personal-data/sealed-columns.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import type { ListResult } from '../../lib/list.ts';
import { owningOrganization } from '../../lib/context/scope.ts';
import { knownCertificateTypeIds } from './certificate-type.repository.ts';
import { libraryPhotoKey } from './library-photos.ts';
import { plainStaffValues, staffFieldValues, type StaffData, type StaffFieldValues } from './staff-fields.ts';
import { latestKeptFileOf, takeBackKeptFile, type KeptFile } from '../../lib/storage/kept-files.repository.ts';
import { fieldErrorsOf } from '../../lib/errors.ts';
import {
  certificateRowsOf,
  certificateRowsOfStaff,
  reviveCertificate,
  type StaffCertificateRow,
  certificatesNeedingAttention,
  deleteCertificates,
  deleteCertificatesOfStaff,
  findCertificateOr404,
  insertCertificate,
  updateCertificate,
} from './staff-certificate.repository.ts';
import { recordDepartures } from './staff-departures.repository.ts';
import {
  assertNationalIdFree,
  isContractorOf,
  listStaff,
  listStaffOrganizations,
  sealStaffFields,
  staff,
  staffRows,
  type StaffFilter,
  type StaffRow,
} from './staff.repository.ts';

type Query = z.output<typeof staffListQuery> | z.output<typeof staffAllListQuery>;
/** Rows listed by the expiry check; its counts are not capped. */
const EXPIRY_LIST_LIMIT = 1000;

export interface StaffReads extends ResourceReads<Staff, Query, ListResult<StaffListItem>> {
  /** One staff in the scope, or 404. */
  read(id: number): Promise<Staff>;
  /** The stored row (with the uploaded photo's storage key), or 404. */
  row(id: number): Promise<StaffRow>;
  /** The storage key of the staff's photo: its own upload or the library photo it uses; null when it has none. */
  photoKey(row: StaffRow): Promise<string | null>;
  certificateFile(id: number, certificateId: number): ReturnType<typeof findCertificateOr404>;
  expiryCheck(days: number): Promise<ExpirationResponse>;
  organizations(): ReturnType<typeof listStaffOrganizations>;
}

export interface StaffService extends ResourceWrites<Staff, StaffData> {
  /** An uploaded (already stored) photo replaces the staff's photo; the one it replaces goes after commit. */
  setUploadedPhoto(id: number, key: string, size: number): Promise<Staff>;
  removePhoto(id: number): Promise<Staff>;
  /** A scanned certificate file (already stored) replaces the certificate's file. */
  setCertificateFile(id: number, certificateId: number, file: { key: string; name: string; type: string; size: number }): Promise<Staff>;
  removeCertificateFile(id: number, certificateId: number): Promise<Staff>;
  /**
   * Values from the staff's history put back (record-history.ts): certificates deleted since come back
   * with their ids, and a certificate that had a scan gets it back while storage still keeps it.
   */
  restore(before: Staff, values: Record<string, unknown>): Promise<Staff>;
}

/** A filter with its keyword's blind index: a full national id finds its staff, exactly. */
export async function keywordIndex<F extends StaffFilter>(ctx: Pick<AdminReadContext, 'db' | 'config'>, filter: F): Promise<F> {
  const k = filter.keyword?.trim();
  if (!k) return filter;
  return { ...filter, keyword_national_id_bidx: (await keyRing(ctx.db, ctx.config)).blindIndex('staff', 'national_id', k) };
}

/** A staff as its audit entries store it: masked, with the national id's blind index (an entry is found by the exact number). */
export async function staffAuditView(ctx: RequestContext, view: Staff) {
  if (!view.national_id) return view;
  const row = await staffRows.findOr404(ctx.db, ctx.scope, view.id);
  return { ...view, national_id_bidx: row.national_id_bidx };
}

/** A certificate's scan, kept when a change removes it (lib/storage/kept-files.repository.ts). */
const keptScanOf = (c: StaffCertificateRow): KeptFile | null =>
  c.file_key
    ? {
        key: c.file_key,
        origin_table: 'staff_certificates',
        origin_id: c.id,
        organization_id: c.organization_id,
        file_name: c.file_name,
        file_type: c.file_type,
        file_size: c.file_size,
      }
    : null;

/** Staff of the context's scope: one organization's, or every organization's for readers across them. */
export function staffReads(ctx: AdminReadContext): StaffReads {
  const { db, scope } = ctx;
  return {
    list: async (query) => listStaff(db, scope, await keywordIndex(ctx, query)),
    find: (ids) => staff.find(db, scope, ids),
    row: (id) => staffRows.findOr404(db, scope, id),
    read: (id) => staff.findOr404(db, scope, id),

    async photoKey(r) {
      return r.photo_key ?? (r.photo_id ? libraryPhotoKey(db, r.organization_id, r.photo_id) : null);
    },

    certificateFile: (id, certificateId) => findCertificateOr404(db, scope, id, certificateId),

    async expiryCheck(days) {
      const today = todayInTaipei();
      const found = await certificatesNeedingAttention(db, scope, today, addDays(today, days), EXPIRY_LIST_LIMIT);
      const data = found.rows.map((r) => ({
        id: r.id,
        staff_id: r.staff_id,
        staff_name: r.staff_name,
        staff_display_name: staffDisplayName({ name: r.staff_name, nickname: r.nickname }),
        certificate_type_id: r.certificate_type_id,
        certificate_type_name: r.certificate_type_name,
        number: r.number,
        expires_at: r.expires_at!,
        days_left: daysBetween(today, r.expires_at!),
        status: (r.expires_at! < today ? 'expired' : 'expiring') as 'expired' | 'expiring',
      }));
      return {
        days,
        today,
        data,
        truncated: data.length < found.total,
        expired_count: found.expired,
        expiring_count: found.total - found.expired,
        staff_count: found.staff,
      };
    },

    organizations: () => listStaffOrganizations(db),
  };
}

/** Staff changes, in one organization. */
export function staffService(ctx: RequestContext): StaffService {
  const { db, scope } = ctx;
  const { row, read } = staffReads(ctx);
  const organizationId = () => {
    const id = owningOrganization(scope);
    if (id === null) throw new Error('staff are written in one organization');
    return id;
  };

  /**
   * The encrypted fields to write: a value sent back as it was shown (the mask, 「已記錄」) keeps the
   * stored one (absent here); a mask that is not the staff's own, or any mask on a new staff, is refused.
   */
  function personalChanges(data: StaffData, before?: Staff): Partial<StaffFieldValues> {
    const values: Partial<StaffFieldValues> = { national_id: data.national_id ?? null, blood_type: data.blood_type ?? null };
    if (data.national_id && isMaskedNationalId(data.national_id)) {
      if (!before || before.national_id !== data.national_id) throw badRequest({ national_id: ['validate.error.national_id_incorrect'] });
      delete values.national_id;
    }
    if (data.blood_type === PERSONAL_DATA_RECORDED) {
      if (!before || before.blood_type !== PERSONAL_DATA_RECORDED) throw badRequest({ blood_type: ['validate.error.invalid'] });
      delete values.blood_type;
    }
    return values;
  }

  async function checkInput(data: StaffData, ring: KeyRing, personal: Partial<StaffFieldValues>, id?: number) {
    const typeIds = [...new Set(data.certificates.map((c) => c.certificate_type_id))];
    const known = await knownCertificateTypeIds(db, scope, typeIds);
    const errors: Record<string, string[]> = {};
    data.certificates.forEach((c, i) => {
      if (!known.has(c.certificate_type_id)) errors[`certificates.${i}.certificate_type_id`] = ['validate.error.invalid'];
      if (c.issued_at && c.expires_at && c.expires_at < c.issued_at)
        errors[`certificates.${i}.expires_at`] = ['validate.error.expires_before_issued'];
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    if (personal.national_id !== undefined) await assertNationalIdFree(db, scope, ring, personal.national_id, id);
    if (data.photo_id && !(await libraryPhotoKey(db, organizationId(), data.photo_id)))
      throw badRequest({ photo_id: ['validate.error.invalid'] });
    if (data.contractor_id && !(await isContractorOf(db, organizationId(), data.contractor_id)))
      throw badRequest({ contractor_id: ['validate.error.invalid'] });
  }

  /** Rows with an id are updated, rows without one are added, missing ones are removed (their files after commit). */
  async function saveCertificates(staffId: number, data: StaffData) {
    const existing = await certificateRowsOf(db, scope, staffId);
    const existingIds = new Set(existing.map((c) => c.id));
    const errors: Record<string, string[]> = {};
    data.certificates.forEach((c, i) => {
      if (c.id !== undefined && !existingIds.has(c.id)) errors[`certificates.${i}.id`] = ['validate.error.invalid'];
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const kept = new Set(data.certificates.map((c) => c.id));
    const removed = existing.filter((c) => !kept.has(c.id));
    await deleteCertificates(
      db,
      scope,
      removed.map((c) => c.id),
    );
    await ctx.keepRemovedFiles(removed.map(keptScanOf));
    for (const c of data.certificates) {
      const values = {
        certificate_type_id: c.certificate_type_id,
        number: c.number ?? null,
        issued_at: c.issued_at ?? null,
        expires_at: c.expires_at ?? null,
      };
      if (c.id !== undefined) await updateCertificate(db, scope, staffId, c.id, values);
      else await insertCertificate(db, scope, staffId, values);
    }
  }

  const service: StaffService = {
    async create(data) {
      const ring = await writableKeyRing(db, ctx.config);
      const personal = personalChanges(data);
      await checkInput(data, ring, personal);
      const id = await staff.insert(db, scope, {
        ...plainStaffValues(staffFieldValues(data)),
        ...indexColumns(ring, 'staff', personal),
        photo_key: null,
        photo_id: data.photo_id ?? null,
      });
      await sealStaffFields(db, scope, ring, id, personal);
      await recordDepartures(db, scope, [id]);
      await saveCertificates(id, data);
      return read(id);
    },

    async update(before, data) {
      const ring = await writableKeyRing(db, ctx.config);
      const personal = personalChanges(data, before);
      await checkInput(data, ring, personal, before.id);
      // A library photo chosen replaces an uploaded one (whose object then goes); photo_id absent keeps the photo.
      let photo = {};
      if (data.photo_id === null) photo = { photo_id: null };
      else if (data.photo_id !== undefined) {
        ctx.dropAfterCommit([(await row(before.id)).photo_key]);
        photo = { photo_id: data.photo_id, photo_key: null };
      }
      await staff.update(db, scope, before.id, { ...plainStaffValues(staffFieldValues(data)), ...photo });
      await sealStaffFields(db, scope, ring, before.id, personal);
      await recordDepartures(db, scope, [before.id]);
      await saveCertificates(before.id, data);
      return read(before.id);
    },

    async patch(before, { field, value }) {
      await staff.update(db, scope, before.id, { [field]: value ?? null });
      if (field === 'status') await recordDepartures(db, scope, [before.id]);
      return read(before.id);
    },

    async remove(rows) {
      const ids = rows.map((r) => r.id);
      ctx.dropAfterCommit((await staffRows.find(db, scope, ids)).map((r) => r.photo_key));
      await ctx.keepRemovedFiles((await certificateRowsOfStaff(db, scope, ids)).map(keptScanOf));
      // What other modules hold of these staff (their evidence's scans) lets go first (row-references.ts).
      await ctx.release('staff', ids);
      await deleteCertificatesOfStaff(db, scope, ids);
      await staff.remove(db, scope, ids);
    },

    async restore(before, values) {
      const parsed = staffInput.safeParse({ ...before, ...values });
      if (!parsed.success) throw badRequest(fieldErrorsOf(parsed.error));
      const data = parsed.data;
      // Checked before a deleted certificate comes back: a type deleted since is the field's 400, not a broken row.
      await checkInput(data, await writableKeyRing(db, ctx.config), personalChanges(data, before), before.id);
      const restoredCertificates = Array.isArray(values.certificates) ? (values.certificates as Certificate[]) : [];
      const existing = new Map((await certificateRowsOf(db, scope, before.id)).map((c) => [c.id, c]));
      for (const c of data.certificates)
        if (c.id !== undefined && !existing.has(c.id)) await reviveCertificate(db, scope, before.id, c.id, c.certificate_type_id);
      const after = await service.update!(before, data);
      for (const c of restoredCertificates) {
        const row = existing.get(c.id);
        if (!c.has_file || row?.file_key) continue;
        const kept = await latestKeptFileOf(db, 'staff_certificates', c.id);
        if (!kept) continue;
        await updateCertificate(db, scope, before.id, c.id, {
          file_key: kept.storage_key,
          file_name: kept.file_name,
          file_type: kept.file_type,
          file_size: kept.file_size,
        });
        await takeBackKeptFile(db, kept.id);
      }
      return restoredCertificates.length ? read(before.id) : after;
    },

    async setUploadedPhoto(id, key, size) {
      const before = await row(id);
      await staff.update(db, scope, id, { photo_key: key, photo_id: null });
      ctx.dropAfterCommit([before.photo_key]);
      await ctx.audit({
        action: 'upload_photo',
        target_type: 'staff',
        target_id: id,
        before: { photo_id: before.photo_id },
        after: { size },
      });
      return read(id);
    },

    async removePhoto(id) {
      const before = await row(id);
      await staff.update(db, scope, id, { photo_key: null, photo_id: null });
      ctx.dropAfterCommit([before.photo_key]);
      await ctx.audit({
        action: 'delete_photo',
        target_type: 'staff',
        target_id: id,
        before: { photo_id: before.photo_id, had_photo: !!before.photo_key },
      });
      return read(id);
    },

    async setCertificateFile(id, certificateId, file) {
      const before = await findCertificateOr404(db, scope, id, certificateId);
      await updateCertificate(db, scope, id, certificateId, {
        file_key: file.key,
        file_name: file.name,
        file_type: file.type,
        file_size: file.size,
      });
      await ctx.keepRemovedFiles([keptScanOf(before)]);
      await ctx.audit({
        action: 'upload_certificate_file',
        target_type: 'staff',
        target_id: id,
        before: { certificate_id: before.id, file_name: before.file_name },
        after: { certificate_id: before.id, file_name: file.name, size: file.size },
      });
      return read(id);
    },

    async removeCertificateFile(id, certificateId) {
      const before = await findCertificateOr404(db, scope, id, certificateId);
      await updateCertificate(db, scope, id, certificateId, { file_key: null, file_name: null, file_type: null, file_size: null });
      await ctx.keepRemovedFiles([keptScanOf(before)]);
      await ctx.audit({
        action: 'delete_certificate_file',
        target_type: 'staff',
        target_id: id,
        before: { certificate_id: before.id, file_name: before.file_name },
      });
      return read(id);
    },
  };
  return service;
}
