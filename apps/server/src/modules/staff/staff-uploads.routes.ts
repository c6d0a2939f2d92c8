import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, rowIdParam } from '@bo/shared/list';
import { staffSchema } from '@bo/shared/schemas/staff';
import { notFound } from '../../lib/errors.ts';
import { readUpload } from '../../lib/uploads/multipart.ts';
import { storeThenRecord } from '../../lib/uploads/store-then-record.ts';
import { mimeForKey } from '../file/file-types.ts';
import { staffService } from './staff.service.ts';
import { checkCertificateFile, contentDisposition, normalizeStaffPhoto, storageKey } from './staff.uploads.ts';

const base = '/api/admin/organization/staff';
const certParams = z.object({ id: rowIdParam, certificateId: rowIdParam });

/** A staff's photo (uploaded here, content-checked and normalised, or picked from the library) and scanned certificate files. */
export async function staffUploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const read = { roles: ROLES.staffRead, organization: true } as const;
  const write = { roles: ROLES.staffWrite, organization: true } as const;

  app.post(`${base}/:id/photo`, {
    schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 200: staffSchema } },
    config: write,
  }, async (req) => {
    await staffService(req.readOrganizationContext()).row(req.params.id);
    const upload = await readUpload(req, app.config.uploadMaxBytes);
    const jpeg = await normalizeStaffPhoto(upload.buffer, app.config);
    const key = storageKey('photos', req.organizationId, 'jpg');
    return storeThenRecord(app.storage, req.log, [{ key, body: jpeg, contentType: 'image/jpeg' }], () =>
      req.inOrganization((ctx) => staffService(ctx).setUploadedPhoto(req.params.id, key, jpeg.length)));
  });

  app.delete(`${base}/:id/photo`, {
    schema: { tags, params: idParam, response: { 200: staffSchema } },
    config: write,
  }, (req) => req.inOrganization((ctx) => staffService(ctx).removePhoto(req.params.id)));

  app.get(`${base}/:id/photo`, {
    schema: { tags, params: idParam },
    config: read,
  }, async (req, reply) => {
    const staff = staffService(req.readOrganizationContext());
    const key = await staff.photoKey(await staff.row(req.params.id));
    if (!key || !(await app.storage.exists(key))) throw notFound();
    reply.header('content-type', mimeForKey(key)).header('cache-control', 'private, max-age=60');
    return reply.send(await app.storage.get(key));
  });

  // Scanned certificate files are private: stored by server-generated keys, served only here to the owning organization.
  app.post(`${base}/:id/certificates/:certificateId/file`, {
    schema: { tags, params: certParams, consumes: ['multipart/form-data'], response: { 200: staffSchema } },
    config: write,
  }, async (req) => {
    const { id, certificateId } = req.params;
    await staffService(req.readOrganizationContext()).certificateFile(id, certificateId);
    const upload = await readUpload(req, app.config.uploadMaxBytes);
    const kind = await checkCertificateFile(upload.buffer, app.config);
    const key = storageKey('certificates', req.organizationId, kind.ext);
    const file = { key, name: upload.filename.slice(0, 200), type: kind.mime, size: upload.buffer.length };
    return storeThenRecord(app.storage, req.log, [{ key, body: upload.buffer, contentType: kind.mime }], () =>
      req.inOrganization((ctx) => staffService(ctx).setCertificateFile(id, certificateId, file)));
  });

  app.get(`${base}/:id/certificates/:certificateId/file`, {
    schema: { tags, params: certParams },
    config: read,
  }, async (req, reply) => {
    const cert = await staffService(req.readOrganizationContext()).certificateFile(req.params.id, req.params.certificateId);
    if (!cert.file_key || !(await app.storage.exists(cert.file_key))) throw notFound();
    reply.header('content-type', cert.file_type ?? 'application/octet-stream')
      .header('content-disposition', contentDisposition('attachment', cert.file_name ?? 'certificate'))
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(await app.storage.get(cert.file_key));
  });

  app.delete(`${base}/:id/certificates/:certificateId/file`, {
    schema: { tags, params: certParams, response: { 200: staffSchema } },
    config: write,
  }, (req) => req.inOrganization((ctx) => staffService(ctx).removeCertificateFile(req.params.id, req.params.certificateId)));
}
