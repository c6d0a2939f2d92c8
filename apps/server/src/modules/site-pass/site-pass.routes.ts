import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, rowIdParam } from '@bo/shared/list';
import {
  passIssueInput,
  passIssueResult,
  passListQuery,
  passListResponse,
  passReissueInput,
  passRevokeInput,
  passSchema,
  phonePassSchema,
} from '@bo/shared/schemas/gate';
import { tooManyRequests } from '../../lib/errors.ts';
import { mimeForKey } from '../../lib/media/file-types.ts';
import { sendStored } from '../../lib/media/send-stored.ts';
import { PHONE_PASS_TTL_SECONDS } from '../../lib/gate/phone-pass-link.ts';
import { phonePassReads, sitePassReads, sitePassService } from './site-pass.service.ts';

const base = '/api/admin/organization/sites/:id/passes';
const tags = ['site-pass'];
const passParams = z.object({ id: rowIdParam, passId: rowIdParam });
/** The token of a phone pass link: read leniently (a malformed one is a link that does not open: 404, not 400). */
const tokenParams = z.object({ token: z.string() });

/** Opens of phone passes from one client address: a worker's phone at the gate many times a day, not a script guessing links. */
export const PHONE_PASS_PACING = { perTenMinutes: 60, perDay: 600 } as const;

/** Why pass writes check no record version: a pass is never edited, only issued, revoked or replaced whole. */
const UNVERSIONED = 'a pass is never edited: revoking or replacing it is refused once it is revoked (400), so two clicks cannot both act';

/**
 * Issue 39 point 1 (docs/site-gate.md): a site's worker passes. Each worker on the roster gets a pass whose QR
 * names the pass, never the person (lib/gate/pass-token.ts); revoked or reissued when lost (the old one is then
 * refused); the badge sheet prints them and a signed link opens the worker's phone pass.
 */
export async function sitePassRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { roles: ROLES.passRead, organization: true } as const;
  const write = { roles: ROLES.passWrite, organization: true } as const;

  /** The public routes' pacing per client address (429 beyond it). */
  async function pace(req: FastifyRequest) {
    const short = await app.rateLimits.hit(`phone-pass:ip:${req.ip}`, 600);
    if (short.count > PHONE_PASS_PACING.perTenMinutes) throw tooManyRequests(Math.max(1, short.ttl));
    const day = await app.rateLimits.hit(`phone-pass:ip-day:${req.ip}`, 86_400);
    if (day.count > PHONE_PASS_PACING.perDay) throw tooManyRequests(Math.max(1, day.ttl));
  }

  app.get(
    base,
    {
      schema: {
        tags,
        description:
          "The site's passes: `state` current (default), revoked or all; `keyword` matches the worker's name, the code or the " +
          'subcontractor. Each current pass carries its signed QR text (`qr`); a revoked one has none.',
        params: idParam,
        querystring: passListQuery,
        response: { 200: passListResponse },
      },
      config: read,
    },
    (req) => sitePassReads(req.read('organization')).list(req.params.id, req.query),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        description:
          'Issues a pass to each given worker (`staff_ids`; omitted: every worker on the roster today) who holds no current pass ' +
          "of this site. Each must be on the site's roster today (started, not ended), else 400 `staff_ids: validate.error.invalid` " +
          'and nothing is issued. Answers the current passes of those workers (new and kept) and `issued`, how many are new. ' +
          'Audited issue per pass.',
        params: idParam,
        body: passIssueInput,
        response: { 200: passIssueResult },
      },
      config: { ...write, version: 'create' },
    },
    (req) => req.write('organization', (ctx) => sitePassService(ctx).issue(req.params.id, req.body)),
  );

  app.post(
    `${base}/:passId/revoke`,
    {
      schema: {
        tags,
        description:
          'Revokes a current pass (reason lost, revoked or left_site): its QR and code are refused at the gate from now on. ' +
          'A pass revoked already is 400 `id: validate.error.invalid`. Audited revoke.',
        params: passParams,
        body: passRevokeInput,
        response: { 200: passSchema },
      },
      config: { ...write, version: { unversioned: UNVERSIONED } },
    },
    (req) => req.write('organization', (ctx) => sitePassService(ctx).revoke(req.params.id, req.params.passId, req.body.reason)),
  );

  app.post(
    `${base}/:passId/reissue`,
    {
      schema: {
        tags,
        description:
          'Replaces a current pass (lost by default): the old one is revoked with the reason and names the new one ' +
          '(`replaced_by_id`); the new one has a new code and the next serial. Answers the new pass. A revoked pass is 400 ' +
          '`id: validate.error.invalid`. Audited revoke on the old pass and reissue on the new.',
        params: passParams,
        body: passReissueInput,
        response: { 200: passSchema },
      },
      config: { ...write, version: { unversioned: UNVERSIONED } },
    },
    (req) => req.write('organization', (ctx) => sitePassService(ctx).reissue(req.params.id, req.params.passId, req.body.reason)),
  );

  app.post(
    `${base}/:passId/phone-link`,
    {
      schema: {
        tags,
        description:
          `A signed link (valid ${PHONE_PASS_TTL_SECONDS / 86_400} days) to the worker's phone pass page \`/pass/<token>\` of the web ` +
          'app, to hand to the worker. It opens while the pass is current (a revoked or reissued pass closes it). A revoked pass ' +
          'is 400 `id: validate.error.invalid`. Audited phone_link (its expiry, never the link).',
        params: passParams,
        response: { 200: z.object({ url: z.string(), expires_at: z.string() }) },
      },
      config: { ...write, version: { unversioned: 'hands over a link to the pass: changes no record' } },
    },
    (req) => req.write('organization', (ctx) => sitePassService(ctx).phoneLink(req.params.id, req.params.passId, req.linkConfig.publicUrl)),
  );

  app.get(
    `${base}/:passId/photo`,
    {
      schema: {
        tags,
        description: "The pass's worker's photo for the badge sheet (the staff record's photo); 404 when they have none.",
        params: passParams,
      },
      config: read,
    },
    async (req, reply) => {
      const key = await sitePassReads(req.read('organization')).photoKey(req.params.id, req.params.passId);
      return sendStored(req, reply, app.storage, key, { mime: mimeForKey(key), cacheControl: 'private, max-age=60' });
    },
  );

  app.get(
    '/api/public/passes/:token',
    {
      schema: {
        tags: ['public-pass'],
        description:
          "A worker's phone pass, opened by the signed link the office handed over (POST …/passes/{passId}/phone-link): name, " +
          'company, site, job title, the code and its QR; no ID, birthday or health data. A tampered or expired link, or a pass ' +
          `revoked or reissued since, is 404. ${PHONE_PASS_PACING.perTenMinutes} opens per client address in ten minutes (429).`,
        params: tokenParams,
        response: { 200: phonePassSchema },
      },
      config: { roles: 'public', fingerprint: false, errors: [404, 429] },
    },
    async (req, reply) => {
      await pace(req);
      const pass = await phonePassReads(req.read('visitor')).pass(req.params.token);
      reply.header('cache-control', 'private, no-store');
      return pass;
    },
  );

  app.get(
    '/api/public/passes/:token/photo',
    {
      schema: {
        tags: ['public-pass'],
        description: "The phone pass's worker's photo (an image), for the same link as the pass; 404 when they have none.",
        params: tokenParams,
      },
      config: { roles: 'public', fingerprint: false, errors: [404, 429] },
    },
    async (req, reply) => {
      await pace(req);
      const key = await phonePassReads(req.read('visitor')).photoKey(req.params.token);
      return sendStored(req, reply, app.storage, key, { mime: mimeForKey(key), cacheControl: 'private, no-store' });
    },
  );
}
