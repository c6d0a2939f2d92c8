import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, rowIdParam } from '@bo/shared/list';
import { revealResponse } from '@bo/shared/schemas/personal-data-reveal';
import { evidenceRevealBody } from '@bo/shared/schemas/staff-evidence';
import { withVersion } from '@bo/shared/versions';
import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import type { OrganizationContext, OrganizationReadContext } from '../../lib/context/request-context.ts';
import { notFound } from '../../lib/errors.ts';
import { checkedImage } from '../../lib/media/image-policy.ts';
import { receiveUpload, takeDocument } from '../../lib/media/intake.ts';
import { organizationObjectKey } from '../../lib/media/object-key.ts';
import { replaceStoredObject } from '../../lib/media/replace-stored-object.ts';
import { sendStored } from '../../lib/media/send-stored.ts';
import { answerVersioned } from '../../lib/kit/versioned-read.ts';
import { staffReads } from '../staff/staff.service.ts';
import { EVIDENCE_DECLARATIONS, type EvidenceKindDeclaration } from './staff-evidence.kinds.ts';
import { evidenceReads, evidenceService, type Written } from './staff-evidence.service.ts';

const base = '/api/admin/organization/staff';
const rowParams = z.object({ id: rowIdParam, rowId: rowIdParam });
/** A scan: a PDF, or an image kept as uploaded once it passed the checks (as certificate scans are). */
const SCAN_POLICY = { image: checkedImage({ keys: { pixels: 'validate.error.image_too_large' } }) };

/** Issue 38: evidence is a part of its staff record: every write sends the staff's version (If-Match), as its certificates do. */
const ofStaff: VersionDeclaration = {
  target: 'staff',
  id: (r) => (r.params as { id: number }).id,
  current: async (ctx, id) => (await staffReads(ctx as OrganizationReadContext).find([Number(id)]))[0],
};

function kindRoutes(fastify: FastifyInstance, k: EvidenceKindDeclaration) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const path = `${base}/:id/${k.kind}`;
  const read = { roles: ROLES.staffRead, organization: true } as const;
  const write = { roles: ROLES.staffWrite, organization: true, version: ofStaff } as const;
  const written = withVersion(z.object({ data: k.view }));
  const reveals = k.sealed.length > 0;

  app.get(
    path,
    {
      schema: {
        tags,
        description: `The staff member's ${k.noun} rows, newest first, with the staff record's version (its writes send it back).`,
        params: idParam,
        response: { 200: withVersion(z.object({ data: z.array(k.view) })) },
      },
      config: read,
    },
    async (req, reply) => {
      const ctx = req.read('organization');
      return answerVersioned(reply, ctx.db, 'staff', req.params.id, { data: await evidenceReads(ctx, k).list(req.params.id) });
    },
  );

  app.post(
    path,
    {
      schema: {
        tags,
        description: `Adds a ${k.noun}. Sends the staff record's version (If-Match); answers the row (data) and the staff's new version.`,
        params: idParam,
        body: k.input,
        response: { 200: written },
      },
      config: write,
    },
    (req) => req.write('organization', (ctx) => evidenceService(ctx, k).create(req.params.id, req.body as Record<string, unknown>)),
  );

  app.put(
    `${path}/:rowId`,
    {
      schema: {
        tags,
        description: `Changes a ${k.noun}. A masked value sent back as shown keeps the stored one.`,
        params: rowParams,
        body: k.input,
        response: { 200: written },
      },
      config: write,
    },
    (req) =>
      req.write('organization', (ctx) =>
        evidenceService(ctx, k).update(req.params.id, req.params.rowId, req.body as Record<string, unknown>),
      ),
  );

  app.delete(
    `${path}/:rowId`,
    {
      schema: {
        tags,
        description: `Deletes a ${k.noun}; its scan is kept for the history's retention.`,
        params: rowParams,
        response: { 200: z.object({ version: z.number() }) },
      },
      config: write,
    },
    (req) => req.write('organization', (ctx) => evidenceService(ctx, k).remove(req.params.id, req.params.rowId)),
  );

  // Scans are private: stored by server-generated keys, served only here to the owning organization.
  app.post(
    `${path}/:rowId/file`,
    {
      schema: {
        tags,
        description: `The scan of a ${k.noun}: a PDF or a PNG, JPEG or GIF image, checked by its content. A scan it replaces is kept for the history.`,
        params: rowParams,
        consumes: ['multipart/form-data'],
        response: { 200: written },
      },
      // An upload adds a file to the row (as a certificate scan does): no version, it raises the staff's.
      config: { ...write, version: 'create' },
    },
    async (req) => {
      const { id, rowId } = req.params;
      await evidenceReads(req.read('organization'), k).row(id, rowId);
      const upload = await receiveUpload(req);
      const scan = await takeDocument(app, upload.data, SCAN_POLICY);
      const object = {
        key: organizationObjectKey('staff', req.organizationId, 'evidence', scan.ext),
        body: scan.data,
        contentType: scan.mime,
      };
      return replaceStoredObject<OrganizationContext, Written>(
        req,
        (fn) => req.write('organization', fn),
        object,
        (ctx, key) => evidenceService(ctx, k).setFile(id, rowId, { key: key!, name: upload.name, type: scan.mime, size: scan.data.length }),
      );
    },
  );

  app.get(
    `${path}/:rowId/file`,
    {
      schema: { tags, description: `The scan of a ${k.noun}, as an attachment.`, params: rowParams },
      config: read,
    },
    async (req, reply) => {
      const row = await evidenceReads(req.read('organization'), k).row(req.params.id, req.params.rowId);
      if (!row.file_key) throw notFound();
      return sendStored(req, reply, app.storage, row.file_key, {
        mime: (row.file_type as string | null) ?? 'application/octet-stream',
        name: (row.file_name as string | null) ?? k.kind,
        attachment: true,
        cacheControl: 'private, no-store',
      });
    },
  );

  app.delete(
    `${path}/:rowId/file`,
    {
      schema: {
        tags,
        description: `Removes the scan of a ${k.noun} (kept for the history).`,
        params: rowParams,
        response: { 200: written },
      },
      config: write,
    },
    (req) => req.write('organization', (ctx) => evidenceService(ctx, k).removeFile(req.params.id, req.params.rowId)),
  );

  if (reveals)
    app.post(
      `${path}/:rowId/reveal`,
      {
        schema: {
          tags,
          description:
            `Shows one sealed field of a ${k.noun} (${k.sealed.join(', ')}) in plain for 60 seconds, for a reason, as the staff reveal does: ` +
            'a role that may reveal and verify-identity; logged as a `reveal` entry on the staff member, never the value.',
          params: rowParams,
          body: evidenceRevealBody,
          response: { 200: revealResponse },
        },
        config: {
          roles: ROLES.personalDataReveal,
          organization: true,
          version: { unversioned: 'a look at one field: audited as a reveal, changes no record' },
        },
      },
      (req) => req.write('organization', (ctx) => evidenceService(ctx, k).reveal(req.params.id, req.params.rowId, req.body)),
    );
}

/** Issue 38 item 2: the evidence a worker holds, one set of routes per kind (staff-evidence.kinds.ts). */
export async function staffEvidenceRoutes(fastify: FastifyInstance) {
  for (const k of EVIDENCE_DECLARATIONS) kindRoutes(fastify, k);
}
