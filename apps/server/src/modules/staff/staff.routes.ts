import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, idsBody, patchBody, rowIdParam } from '@bo/shared/list';
import { STAFF_PATCHABLE, expirationQuery, expirationResponse, staffAllListQuery, staffFieldRules, staffInput, staffDisplayName, staffListQuery, staffListResponse, staffSchema } from '@bo/shared/schemas/staff';
import { addDays, daysBetween, todayInTaipei } from '@bo/shared/dates';
import { photoListQuery, photoListResponse } from '@bo/shared/schemas/photo';
import { notFound } from '../../lib/errors.ts';
import { listPhotos } from '../photo/photo.repository.ts';
import { findStaffRow, listStaff, listStaffOrganizations, readStaff } from './staff.repository.ts';
import { deleteStaff, libraryPhotoKey, saveStaff } from './staff.service.ts';
import { checkCertificateFile, contentDisposition, normalizeStaffPhoto, storageKey } from './staff.uploads.ts';
import { parsePatch } from '../../lib/patch-fields.ts';
import { mimeForKey } from '../file/file-types.ts';
import { removeObjects } from '../../lib/storage/remove-objects.ts';
import { readUpload } from '../../lib/uploads/multipart.ts';
import { storeThenRecord } from '../../lib/uploads/store-then-record.ts';

const ok = z.object({ message: z.string() });
/** The organizations a reader across organizations chooses from, with their staff counts. */
const staffOrganizationsResponse = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), company_id: z.string().nullable(), status: z.string(), staff_count: z.number() })),
});
const certParams = z.object({ id: rowIdParam, certificateId: rowIdParam });
const base = '/api/admin/organization/staff';
/** Rows listed by the expiry check; its counts are not capped. */
const EXPIRY_LIST_LIMIT = 1000;

export async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const read = { roles: ROLES.staffRead, organization: true } as const;
  const write = { roles: ROLES.staffWrite, organization: true } as const;

  /** Storage keys of removed rows go once the transaction has committed; a failure only leaves garbage. */
  const dropKeys = (keys: string[]) => removeObjects(app.storage, keys, app.log);

  app.get(`${base}/index`, {
    schema: { tags, querystring: staffListQuery, response: { 200: staffListResponse } },
    config: read,
  }, (req) => listStaff(app.db, req.organizationId, req.query));

  app.get(`${base}/check-expiration-of-certificates`, {
    schema: { tags, querystring: expirationQuery, response: { 200: expirationResponse } },
    config: read,
  }, async (req) => {
    const today = todayInTaipei();
    const limit = addDays(today, req.query.days);
    // Certificates needing attention: of active staff only, the same rule as the list's certificate_status filter.
    const attention = app.db.selectFrom('staff_certificates as c').innerJoin('staff as s', 's.id', 'c.staff_id')
      .where('c.organization_id', '=', req.organizationId).where('s.status', '=', 'active')
      .where('c.expires_at', 'is not', null).where('c.expires_at', '<=', limit);
    // The counts cover every such certificate; only the listed rows are capped.
    const [counts, rows] = await Promise.all([attention.select([
      sql<number>`count(case when c.expires_at < ${today} then 1 end)`.as('expired'),
      sql<number>`count(*)`.as('total'),
      sql<number>`count(distinct c.staff_id)`.as('staff'),
    ]).executeTakeFirstOrThrow(),
    attention.innerJoin('certificate_types as t', 't.id', 'c.certificate_type_id')
      .select(['c.id', 'c.staff_id', 's.name as staff_name', 's.nickname', 'c.certificate_type_id', 't.name as certificate_type_name', 'c.number', 'c.expires_at'])
      .orderBy('c.expires_at').orderBy('c.id').limit(EXPIRY_LIST_LIMIT).execute()]);
    const data = rows.map((r) => ({
      id: r.id, staff_id: r.staff_id, staff_name: r.staff_name, staff_display_name: staffDisplayName({ name: r.staff_name, nickname: r.nickname }),
      certificate_type_id: r.certificate_type_id, certificate_type_name: r.certificate_type_name, number: r.number,
      expires_at: r.expires_at!, days_left: daysBetween(today, r.expires_at!),
      status: (r.expires_at! < today ? 'expired' : 'expiring') as 'expired' | 'expiring',
    }));
    const total = Number(counts.total);
    return {
      days: req.query.days, today, data, truncated: data.length < total,
      expired_count: Number(counts.expired),
      expiring_count: total - Number(counts.expired),
      staff_count: Number(counts.staff),
    };
  });

  // Staff writers pick a staff photo from the active organization's photo library: a read-only view
  // of the photo index for those who may not browse the library itself (ROLES.photoList is ROLE_ only).
  app.get(`${base}/photo-library`, {
    schema: { tags, querystring: photoListQuery, response: { 200: photoListResponse } },
    config: write,
  }, (req) => listPhotos(app.db, req.organizationId, req.query));

  app.get(`${base}/:id`, {
    schema: { tags, params: idParam, response: { 200: staffSchema } },
    config: read,
  }, (req) => readStaff(app.db, req.organizationId, req.params.id));

  app.post(base, {
    schema: { tags, body: staffInput, response: { 200: staffSchema } },
    config: write,
  }, (req) => req.inOrganization(async ({ trx, organizationId, audit }) => {
    const { staff } = await saveStaff(trx, organizationId, req.body);
    await audit({ action: 'create', target_type: 'staff', target_id: staff.id, after: staff });
    return staff;
  }));

  app.put(`${base}/:id`, {
    schema: { tags, params: idParam, body: staffInput, response: { 200: staffSchema } },
    config: write,
  }, async (req) => {
    const { staff, orphanKeys } = await req.inOrganization(async ({ trx, organizationId, audit }) => {
      const before = await readStaff(trx, organizationId, req.params.id);
      const saved = await saveStaff(trx, organizationId, req.body, req.params.id);
      await audit({ action: 'update', target_type: 'staff', target_id: req.params.id, before, after: saved.staff });
      return saved;
    });
    await dropKeys(orphanKeys);
    return staff;
  });

  app.patch(`${base}/:id`, {
    schema: { tags, params: idParam, body: patchBody, response: { 200: staffSchema } },
    config: write,
  }, (req) => req.inOrganization(async ({ trx, organizationId, audit }) => {
    const { field, value } = parsePatch(STAFF_PATCHABLE, staffFieldRules, req.body);
    const before = await readStaff(trx, organizationId, req.params.id);
    await trx.updateTable('staff').set({ [field]: value ?? null, updated_at: new Date().toISOString() })
      .where('id', '=', req.params.id).where('organization_id', '=', organizationId).execute();
    const after = await readStaff(trx, organizationId, req.params.id);
    await audit({ action: 'patch', target_type: 'staff', target_id: req.params.id, before: { [field]: (before as any)[field] }, after: { [field]: (after as any)[field] } });
    return after;
  }));

  app.delete(`${base}/batch`, {
    schema: { tags, body: idsBody, response: { 200: ok } },
    config: write,
  }, async (req) => {
    const keys = await req.inOrganization(async ({ trx, organizationId, audit }) => {
      const done = await deleteStaff(trx, organizationId, req.body.ids);
      for (const r of done.rows) await audit({ action: 'delete', target_type: 'staff', target_id: r.id, before: r });
      return done.orphanKeys;
    });
    await dropKeys(keys);
    return { message: 'OK' };
  });

  app.delete(`${base}/:id`, {
    schema: { tags, params: idParam, response: { 200: ok } },
    config: write,
  }, async (req) => {
    const keys = await req.inOrganization(async ({ trx, organizationId, audit }) => {
      const done = await deleteStaff(trx, organizationId, [req.params.id]);
      await audit({ action: 'delete', target_type: 'staff', target_id: req.params.id, before: done.rows[0] });
      return done.orphanKeys;
    });
    await dropKeys(keys);
    return { message: 'OK' };
  });

  // Photo: uploaded here (content-checked, normalised) or picked from the photo library (photo_id).
  app.post(`${base}/:id/photo`, {
    schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 200: staffSchema } },
    config: write,
  }, async (req) => {
    const orgId = req.organizationId;
    await findStaffRow(app.db, orgId, req.params.id);
    const upload = await readUpload(req, app.config.uploadMaxBytes);
    const jpeg = await normalizeStaffPhoto(upload.buffer, app.config);
    const key = storageKey('photos', orgId, 'jpg');
    const { staff, old } = await storeThenRecord(app.storage, req.log, [{ key, body: jpeg, contentType: 'image/jpeg' }], () =>
      req.inTransaction(async ({ trx, audit }) => {
        const before = await findStaffRow(trx, orgId, req.params.id);
        await trx.updateTable('staff').set({ photo_key: key, photo_id: null, updated_at: new Date().toISOString() })
          .where('id', '=', before.id).where('organization_id', '=', orgId).execute();
        await audit({ action: 'upload_photo', target_type: 'staff', target_id: before.id, before: { photo_id: before.photo_id }, after: { size: jpeg.length } });
        return { staff: await readStaff(trx, orgId, before.id), old: before.photo_key };
      }));
    if (old) await dropKeys([old]);
    return staff;
  });

  app.delete(`${base}/:id/photo`, {
    schema: { tags, params: idParam, response: { 200: staffSchema } },
    config: write,
  }, async (req) => {
    const orgId = req.organizationId;
    const { staff, old } = await req.inTransaction(async ({ trx, audit }) => {
      const before = await findStaffRow(trx, orgId, req.params.id);
      await trx.updateTable('staff').set({ photo_key: null, photo_id: null, updated_at: new Date().toISOString() })
        .where('id', '=', before.id).where('organization_id', '=', orgId).execute();
      await audit({ action: 'delete_photo', target_type: 'staff', target_id: before.id, before: { photo_id: before.photo_id, had_photo: !!before.photo_key } });
      return { staff: await readStaff(trx, orgId, before.id), old: before.photo_key };
    });
    if (old) await dropKeys([old]);
    return staff;
  });

  app.get(`${base}/:id/photo`, {
    schema: { tags, params: idParam },
    config: read,
  }, async (req, reply) => {
    const orgId = req.organizationId;
    const row = await findStaffRow(app.db, orgId, req.params.id);
    const key = row.photo_key ?? (row.photo_id ? await libraryPhotoKey(app.db, orgId, row.photo_id) : null);
    if (!key || !(await app.storage.exists(key))) throw notFound();
    reply.header('content-type', mimeForKey(key)).header('cache-control', 'private, max-age=60');
    return reply.send(await app.storage.get(key));
  });

  // Scanned certificate files are private: stored by server-generated keys, served only here to the owning organization.
  app.post(`${base}/:id/certificates/:certificateId/file`, {
    schema: { tags, params: certParams, consumes: ['multipart/form-data'], response: { 200: staffSchema } },
    config: write,
  }, async (req) => {
    const orgId = req.organizationId;
    const cert = await app.db.selectFrom('staff_certificates').select('id')
      .where('id', '=', req.params.certificateId).where('staff_id', '=', req.params.id).where('organization_id', '=', orgId).executeTakeFirst();
    if (!cert) throw notFound();
    const upload = await readUpload(req, app.config.uploadMaxBytes);
    const kind = await checkCertificateFile(upload.buffer, app.config);
    const key = storageKey('certificates', orgId, kind.ext);
    const { staff, old } = await storeThenRecord(app.storage, req.log, [{ key, body: upload.buffer, contentType: kind.mime }], () =>
      req.inTransaction(async ({ trx, audit }) => {
        const before = await trx.selectFrom('staff_certificates').select(['id', 'file_key', 'file_name'])
          .where('id', '=', req.params.certificateId).where('organization_id', '=', orgId).executeTakeFirstOrThrow();
        await trx.updateTable('staff_certificates').set({
          file_key: key, file_name: upload.filename.slice(0, 200), file_type: kind.mime, file_size: upload.buffer.length, updated_at: new Date().toISOString(),
        }).where('id', '=', before.id).execute();
        await audit({ action: 'upload_certificate_file', target_type: 'staff', target_id: req.params.id, before: { certificate_id: before.id, file_name: before.file_name }, after: { certificate_id: before.id, file_name: upload.filename, size: upload.buffer.length } });
        return { staff: await readStaff(trx, orgId, req.params.id), old: before.file_key };
      }));
    if (old) await dropKeys([old]);
    return staff;
  });

  app.get(`${base}/:id/certificates/:certificateId/file`, {
    schema: { tags, params: certParams },
    config: read,
  }, async (req, reply) => {
    const cert = await app.db.selectFrom('staff_certificates').select(['file_key', 'file_name', 'file_type'])
      .where('id', '=', req.params.certificateId).where('staff_id', '=', req.params.id).where('organization_id', '=', req.organizationId).executeTakeFirst();
    if (!cert?.file_key || !(await app.storage.exists(cert.file_key))) throw notFound();
    reply.header('content-type', cert.file_type ?? 'application/octet-stream')
      .header('content-disposition', contentDisposition('attachment', cert.file_name ?? 'certificate'))
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(await app.storage.get(cert.file_key));
  });

  app.delete(`${base}/:id/certificates/:certificateId/file`, {
    schema: { tags, params: certParams, response: { 200: staffSchema } },
    config: write,
  }, async (req) => {
    const orgId = req.organizationId;
    const { staff, old } = await req.inTransaction(async ({ trx, audit }) => {
      const before = await trx.selectFrom('staff_certificates').select(['id', 'file_key', 'file_name'])
        .where('id', '=', req.params.certificateId).where('staff_id', '=', req.params.id).where('organization_id', '=', orgId).executeTakeFirst();
      if (!before) throw notFound();
      await trx.updateTable('staff_certificates').set({ file_key: null, file_name: null, file_type: null, file_size: null, updated_at: new Date().toISOString() })
        .where('id', '=', before.id).execute();
      await audit({ action: 'delete_certificate_file', target_type: 'staff', target_id: req.params.id, before: { certificate_id: before.id, file_name: before.file_name } });
      return { staff: await readStaff(trx, orgId, req.params.id), old: before.file_key };
    });
    if (old) await dropKeys([old]);
    return staff;
  });

  // Staff across organizations, read-only (spec section 7: /api/admin/staff/index and /api/admin/staff/{id}):
  // company-wide staff managers and super admins, members or not (docs/decisions.md "Staff across
  // organizations"). organization_id is a filter here, not the organization the request acts in.
  const across = { roles: ROLES.staffAcrossOrganizations, organizationIdIsFilter: true } as const;

  app.get('/api/admin/staff/index', {
    schema: { tags, querystring: staffAllListQuery, response: { 200: staffListResponse } },
    config: across,
  }, (req) => listStaff(app.db, req.query.organization_id ?? null, req.query));

  app.get('/api/admin/staff/organizations', {
    schema: { tags, response: { 200: staffOrganizationsResponse } },
    config: across,
  }, async () => ({ data: await listStaffOrganizations(app.db) }));

  app.get('/api/admin/staff/:id', {
    schema: { tags, params: idParam, response: { 200: staffSchema } },
    config: across,
  }, (req) => readStaff(app.db, null, req.params.id));
}
