import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, rowIdParam } from '@bo/shared/list';
import { withVersion } from '@bo/shared/versions';
import {
  SITE_PATCHABLE,
  contractorInput,
  contractorListQuery,
  contractorSchema,
  rosterAddInput,
  rosterAddResult,
  rosterListQuery,
  rosterListResponse,
  rosterRowResult,
  rosterUpdateInput,
  siteContractorsInput,
  siteContractorsSchema,
  siteFieldRules,
  siteInput,
  siteListQuery,
  siteSchema,
} from '@bo/shared/schemas/site';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import { recordVersion } from '../../lib/context/record-versions.ts';
import { answerVersioned } from '../../lib/kit/versioned-read.ts';
import { siteRosterReads, siteRosterService } from './site-roster.service.ts';
import { contractorReads, contractorService, siteReads, siteService } from './site.service.ts';

const base = '/api/admin/organization/sites';
const tags = ['site'];
const roles = { read: ROLES.siteRead, write: ROLES.siteWrite };

/** Sites of the request's organization: index (keyword, status), read, create, update, patch status, delete. */
export const siteResourceRoutes = resourceRoutes({
  path: base,
  tags,
  target: 'site',
  organization: true,
  roles,
  schemas: { view: siteSchema, input: siteInput, listQuery: siteListQuery },
  patch: { fields: SITE_PATCHABLE, rules: siteFieldRules },
  without: ['batchPatch'],
  history: true,
  reads: siteReads,
  service: siteService,
});

/** 協力廠商 of the request's organization; the list counts each one's workers. */
export const contractorResourceRoutes = resourceRoutes({
  path: '/api/admin/organization/contractors',
  tags,
  target: 'contractor',
  organization: true,
  roles,
  schemas: { view: contractorSchema, input: contractorInput, listQuery: contractorListQuery },
  without: ['patch', 'batchPatch'],
  history: true,
  reads: contractorReads,
  service: contractorService,
});

/** A site with its subcontractors and roster is one record (issue 36): their writes send the site's version. */
const ofSite: VersionDeclaration = {
  target: 'site',
  id: (r) => (r.params as { id: number }).id,
  current: async (ctx, id) => (await siteReads(ctx as AdminReadContext).find([Number(id)]))[0],
};

const rosterRowParams = z.object({ id: rowIdParam, rowId: rowIdParam });
const ok = z.object({ message: z.string(), version: z.number() });

/** A site's subcontractors and roster. */
export async function siteRosterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { roles: ROLES.siteRead, organization: true } as const;
  const write = { roles: ROLES.siteWrite, organization: true, version: ofSite } as const;
  const siteVersion = async (db: AdminReadContext['db'], id: number) => (await recordVersion(db, 'site', id)).version;

  fastify.recordReaders.add({
    target: 'site_roster',
    roles: ROLES.siteRead,
    organization: true,
    find: async (ctx, id) => (await siteRosterReads(ctx as AdminReadContext).rows([Number(id)]))[0],
    findMany: (ctx, ids) => siteRosterReads(ctx).rows(ids),
  });

  app.get(
    `${base}/:id/contractors`,
    {
      schema: {
        tags,
        description: "The site's subcontractors (協力廠商), with the site's version that a change sends back.",
        params: idParam,
        response: { 200: withVersion(siteContractorsSchema) },
      },
      config: read,
    },
    async (req, reply) => {
      const ctx = req.read('organization');
      return answerVersioned(reply, ctx.db, 'site', req.params.id, await siteRosterReads(ctx).contractors(req.params.id));
    },
  );

  app.put(
    `${base}/:id/contractors`,
    {
      schema: {
        tags,
        description:
          "Sets the site's subcontractors to `contractor_ids` (the organization's contractors). Taking off one whose workers are " +
          'on the roster is 400 `contractor_ids: validate.error.contractor_not_on_site`. Audited set_contractors on the site.',
        params: idParam,
        body: siteContractorsInput,
        response: { 200: withVersion(siteContractorsSchema) },
      },
      config: write,
    },
    (req) =>
      req.write('organization', async (ctx) => {
        const out = await siteRosterService(ctx).setContractors(req.params.id, req.body);
        return { ...out, version: await siteVersion(ctx.db, req.params.id) };
      }),
  );

  app.get(
    `${base}/:id/roster`,
    {
      schema: {
        tags,
        description:
          "The site's roster: each worker's name, company (a contractor, or null for the organization's own), site role, kinds of " +
          'work and period; filters `company` (a contractor id or `own`), `site_role`, `period` (current / ended), `keyword`. ' +
          "`version` is the site's, which roster writes send back.",
        params: idParam,
        querystring: rosterListQuery,
        response: { 200: rosterListResponse },
      },
      config: read,
    },
    async (req) => {
      const ctx = req.read('organization');
      const page = await siteRosterReads(ctx).roster(req.params.id, req.query);
      return { ...page, version: await siteVersion(ctx.db, req.params.id) };
    },
  );

  app.post(
    `${base}/:id/roster`,
    {
      schema: {
        tags,
        description:
          'Puts many workers on the site at once in one site role, period and kinds of work. Each must be a staff record of the ' +
          "organization (else 400 `staff_ids: validate.error.invalid`); a contractor's worker only when the contractor is one of the " +
          "site's subcontractors (400 `staff_ids: validate.error.contractor_not_on_site`). All or nothing; audited per row.",
        params: idParam,
        body: rosterAddInput,
        response: { 200: rosterAddResult },
      },
      config: write,
    },
    (req) =>
      req.write('organization', async (ctx) => {
        const data = await siteRosterService(ctx).add(req.params.id, req.body);
        return { data, version: await siteVersion(ctx.db, req.params.id) };
      }),
  );

  app.put(
    `${base}/:id/roster/:rowId`,
    {
      schema: {
        tags,
        description: "Changes one roster row's site role, kinds of work or period (an end date ends it).",
        params: rosterRowParams,
        body: rosterUpdateInput,
        response: { 200: rosterRowResult },
      },
      config: write,
    },
    (req) =>
      req.write('organization', async (ctx) => {
        const row = await siteRosterService(ctx).update(req.params.id, req.params.rowId, req.body);
        return { ...row, version: await siteVersion(ctx.db, req.params.id) };
      }),
  );

  app.delete(
    `${base}/:id/roster/:rowId`,
    {
      schema: {
        tags,
        description: 'Takes a row off the roster (a mistaken entry; an ended stay keeps its row with an end date).',
        params: rosterRowParams,
        response: { 200: ok },
      },
      config: write,
    },
    (req) =>
      req.write('organization', async (ctx) => {
        await siteRosterService(ctx).remove(req.params.id, req.params.rowId);
        return { message: 'OK', version: await siteVersion(ctx.db, req.params.id) };
      }),
  );
}
