import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, rowIdParam } from '@bo/shared/list';
import {
  entrySchema,
  gateKeySchema,
  gateSitesResponse,
  gateWorkerSchema,
  overrideInput,
  scanBatchInput,
  scanBatchResult,
  scanInput,
  scanResult,
  snapshotSchema,
} from '@bo/shared/schemas/gate';
import { mimeForKey } from '../../lib/media/file-types.ts';
import { sendStored } from '../../lib/media/send-stored.ts';
import { siteGateReads, siteGateService, type ScanDevice } from './site-gate.service.ts';

const base = '/api/admin/organization/gate';
const tags = ['site-gate'];
const gate = { roles: ROLES.gate, organization: true } as const;

const workersQuery = z.object({ keyword: z.string().trim().max(100).optional() });
const workersResponse = z.object({
  data: z.array(gateWorkerSchema.extend({ pass_id: z.number().nullable(), code: z.string().nullable() })),
});
const photoParams = z.object({ id: rowIdParam, staffId: rowIdParam });
const entryParams = z.object({ id: rowIdParam, entryId: rowIdParam });

/** The device a scan is recorded on: the request's login device, else the `x-gate-device` header the screen sends. */
function deviceOf(req: FastifyRequest): ScanDevice {
  const login = req.actorOrNull?.deviceId;
  if (login) return String(login);
  const header = req.headers['x-gate-device'];
  const named = (Array.isArray(header) ? header[0] : header)?.trim();
  return named ? named.slice(0, 100) : null;
}

/**
 * Issue 39 (docs/site-gate.md), the site gate: its sites, the snapshot and its key, finding a worker by
 * name and their photo, scans (one, or an offline queue) and the site director's override. The gate keeper
 * (SUB_ACCOUNT_ROLE_GATE) reaches these and nothing else; every scan is an entry and an audit entry.
 */
export async function siteGateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${base}/sites`,
    {
      schema: {
        tags,
        description: "The organization's planned and active sites, for the gate screen.",
        response: { 200: gateSitesResponse },
      },
      config: gate,
    },
    (req) => siteGateReads(req.read('organization')).sites(),
  );

  app.get(
    `${base}/key`,
    {
      schema: {
        tags,
        description: 'The public key (JWK, ECDSA P-256) the snapshots are signed with, and its id: the screen pins it.',
        response: { 200: gateKeySchema },
      },
      config: gate,
    },
    async (req) => siteGateReads(req.read('organization')).key(),
  );

  app.get(
    `${base}/sites/:id/snapshot`,
    {
      schema: {
        tags,
        description:
          "The site's signed offline snapshot: every current pass with its worker (name, company, photo flag), roster dates and " +
          'due items, and the revoked codes. `signature`: ECDSA P-256 SHA-256, r||s base64url, over `body` exactly.',
        params: idParam,
        response: { 200: snapshotSchema },
      },
      config: gate,
    },
    (req) => siteGateReads(req.read('organization')).snapshot(req.params.id),
  );

  app.get(
    `${base}/sites/:id/workers`,
    {
      schema: {
        tags,
        description: "Workers on the site's current roster whose name holds `keyword` (at most 20), with their current pass here.",
        params: idParam,
        querystring: workersQuery,
        response: { 200: workersResponse },
      },
      config: gate,
    },
    (req) => siteGateReads(req.read('organization')).workers(req.params.id, req.query.keyword),
  );

  app.get(
    `${base}/sites/:id/workers/:staffId/photo`,
    {
      schema: {
        tags,
        description: "A roster worker's photo, to compare at the gate (404: not on the site's roster, or none).",
        params: photoParams,
      },
      config: gate,
    },
    async (req, reply) => {
      const key = await siteGateReads(req.read('organization')).photoKey(req.params.id, req.params.staffId);
      return sendStored(req, reply, fastify.storage, key, { mime: mimeForKey(key), cacheControl: 'private, max-age=60' });
    },
  );

  app.post(
    `${base}/sites/:id/scans`,
    {
      schema: {
        tags,
        description:
          'One scan: the verdict (admit or refuse, with every reason) and the entry it made. Sent again with the same ' +
          '`client_entry_id`: the stored entry, `duplicate: true`, nothing written. An offline scan keeps the device’s verdict.',
        params: idParam,
        body: scanInput,
        response: { 200: scanResult },
      },
      config: { ...gate, version: 'create' },
    },
    (req) => req.write('organization', (ctx) => siteGateService(ctx).scan(req.params.id, req.body, deviceOf(req))),
  );

  app.post(
    `${base}/sites/:id/scans/batch`,
    {
      schema: {
        tags,
        description: "The device's offline queue, in scan order: each scan counted once however often the queue is sent.",
        params: idParam,
        body: scanBatchInput,
        response: { 200: scanBatchResult },
      },
      config: { ...gate, version: 'create' },
    },
    (req) => req.write('organization', (ctx) => siteGateService(ctx).batch(req.params.id, req.body.scans, deviceOf(req))),
  );

  app.post(
    `${base}/sites/:id/entries/:entryId/override`,
    {
      schema: {
        tags,
        description:
          'The site director lets a refused worker in, with a reason (400 `reason: validate.error.required` without one; ' +
          '400 `id: validate.error.invalid` when the entry was let in already). Audited; shown on the dashboard.',
        params: entryParams,
        body: overrideInput,
        response: { 200: entrySchema },
      },
      config: {
        roles: ROLES.gateOverride,
        organization: true,
        version: { unversioned: 'an entry is changed once, from refused to let in; audited' },
      },
    },
    (req) => req.write('organization', (ctx) => siteGateService(ctx).override(req.params.id, req.params.entryId, req.body.reason)),
  );
}
