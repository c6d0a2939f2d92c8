import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import type { OrganizationReadContext } from '../../lib/context/request-context.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, rowIdParam } from '@bo/shared/list';
import { staffSchema } from '@bo/shared/schemas/staff';
import { notFound } from '../../lib/errors.ts';
import type { OrganizationContext } from '../../lib/context/request-context.ts';
import { checkedImage, normalisedImage } from '../../lib/media/image-policy.ts';
import { receiveUpload, takeDocument, takeImage } from '../../lib/media/intake.ts';
import { organizationObjectKey } from '../../lib/media/object-key.ts';
import { replaceStoredObject } from '../../lib/media/replace-stored-object.ts';
import { mimeForKey } from '../../lib/media/file-types.ts';
import { sendStored } from '../../lib/media/send-stored.ts';
import { staffReads, staffService } from './staff.service.ts';

const base = '/api/admin/organization/staff';
const certParams = z.object({ id: rowIdParam, certificateId: rowIdParam });

/** The staff forms word an image over the pixel limit as `image_too_large`. */
const keys = { pixels: 'validate.error.image_too_large' };
/** A staff photo: upright, at most 800 px, JPEG (what every spreadsheet program shows), no EXIF or GPS. */
export const STAFF_PHOTO_POLICY = normalisedImage(800, { keys });
/** A scanned certificate: a PDF, or an image kept as uploaded once it passed the checks. */
export const CERTIFICATE_SCAN_POLICY = { image: checkedImage({ keys }) };

const inOrganization =
  (req: FastifyRequest) =>
  <R>(fn: (ctx: OrganizationContext) => Promise<R>) =>
    req.write('organization', fn);

/** A taken upload as a new private object of the organization's staff. */
const newObject = (organizationId: number, area: 'photos' | 'certificates', file: { data: Buffer; mime: string; ext: string }) => ({
  key: organizationObjectKey('staff', organizationId, area, file.ext),
  body: file.data,
  contentType: file.mime,
});

/** A staff's photo (uploaded here, or picked from the library through the staff form) and scanned certificate files. */
export async function staffUploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const read = { roles: ROLES.staffRead, organization: true } as const;
  const write = { roles: ROLES.staffWrite, organization: true } as const;
  // Issue 36: an upload adds a file to the staff record (a child create: no version, it raises the
  // record's); removing one changes what the record's form was read with, so it needs the version.
  const upload = { ...write, version: 'create' } as const;
  const removal = {
    ...write,
    version: {
      target: 'staff',
      id: (r) => (r.params as { id: number }).id,
      current: async (ctx, id) => (await staffReads(ctx as OrganizationReadContext).find([Number(id)]))[0],
    } satisfies VersionDeclaration,
  };

  app.post(
    `${base}/:id/photo`,
    {
      schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 200: staffSchema } },
      config: upload,
    },
    async (req) => {
      await staffReads(req.read('organization')).row(req.params.id);
      const upload = await receiveUpload(req);
      const photo = await takeImage(app, upload.data, STAFF_PHOTO_POLICY);
      return replaceStoredObject(req, inOrganization(req), newObject(req.organizationId, 'photos', photo), (ctx, key) =>
        staffService(ctx).setUploadedPhoto(req.params.id, key!, photo.data.length),
      );
    },
  );

  app.delete(
    `${base}/:id/photo`,
    {
      schema: { tags, params: idParam, response: { 200: staffSchema } },
      config: removal,
    },
    (req) => replaceStoredObject(req, inOrganization(req), null, (ctx) => staffService(ctx).removePhoto(req.params.id)),
  );

  app.get(
    `${base}/:id/photo`,
    {
      schema: { tags, params: idParam },
      config: read,
    },
    async (req, reply) => {
      const staff = staffReads(req.read('organization'));
      const key = await staff.photoKey(await staff.row(req.params.id));
      if (!key) throw notFound();
      return sendStored(req, reply, app.storage, key, { mime: mimeForKey(key), cacheControl: 'private, max-age=60' });
    },
  );

  // Scanned certificate files are private: stored by server-generated keys, served only here to the owning organization.
  app.post(
    `${base}/:id/certificates/:certificateId/file`,
    {
      schema: { tags, params: certParams, consumes: ['multipart/form-data'], response: { 200: staffSchema } },
      config: upload,
    },
    async (req) => {
      const { id, certificateId } = req.params;
      await staffReads(req.read('organization')).certificateFile(id, certificateId);
      const upload = await receiveUpload(req);
      const scan = await takeDocument(app, upload.data, CERTIFICATE_SCAN_POLICY);
      return replaceStoredObject(req, inOrganization(req), newObject(req.organizationId, 'certificates', scan), (ctx, key) =>
        staffService(ctx).setCertificateFile(id, certificateId, { key: key!, name: upload.name, type: scan.mime, size: scan.data.length }),
      );
    },
  );

  app.get(
    `${base}/:id/certificates/:certificateId/file`,
    {
      schema: { tags, params: certParams },
      config: read,
    },
    async (req, reply) => {
      const cert = await staffReads(req.read('organization')).certificateFile(req.params.id, req.params.certificateId);
      if (!cert.file_key) throw notFound();
      return sendStored(req, reply, app.storage, cert.file_key, {
        mime: cert.file_type ?? 'application/octet-stream',
        name: cert.file_name ?? 'certificate',
        attachment: true,
        cacheControl: 'private, no-store',
      });
    },
  );

  app.delete(
    `${base}/:id/certificates/:certificateId/file`,
    {
      schema: { tags, params: certParams, response: { 200: staffSchema } },
      config: removal,
    },
    (req) =>
      replaceStoredObject(req, inOrganization(req), null, (ctx) =>
        staffService(ctx).removeCertificateFile(req.params.id, req.params.certificateId),
      ),
  );
}
