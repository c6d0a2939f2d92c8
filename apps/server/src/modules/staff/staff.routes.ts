import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam } from '@bo/shared/list';
import {
  STAFF_PATCHABLE,
  expirationQuery,
  expirationResponse,
  staffAllListQuery,
  staffFieldRules,
  staffInput,
  staffListQuery,
  staffListResponse,
  staffSchema,
} from '@bo/shared/schemas/staff';
import { photoListQuery, photoListResponse } from '@bo/shared/schemas/photo';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { allOrganizations, inOrganization, type Scope } from '../../lib/context/scope.ts';
import { listLibraryPhotos } from './library-photos.ts';
import { staffAuditView, staffReads, staffService } from './staff.service.ts';
import { staffEvidenceParts } from '../staff-evidence/staff-evidence-history.ts';

const base = '/api/admin/organization/staff';
const tags = ['staff'];

/** The request's organization's staff: index, read, create, update, patch {field, value}, delete and batch delete. */
export const staffResourceRoutes = resourceRoutes({
  path: base,
  tags,
  target: 'staff',
  organization: true,
  roles: { read: ROLES.staffRead, write: ROLES.staffWrite },
  schemas: { view: staffSchema, input: staffInput, listQuery: staffListQuery, list: staffListResponse },
  patch: { fields: STAFF_PATCHABLE, rules: staffFieldRules },
  without: ['batchPatch'],
  // A restore brings deleted certificates back with their kept scans (docs/history.md).
  // Its evidence (modules/staff-evidence) is a part of it: the History lists those entries too.
  history: { restore: (ctx, current, values) => staffService(ctx).restore(current, values), parts: staffEvidenceParts },
  reads: staffReads,
  service: staffService,
  auditView: staffAuditView,
});

/** The organizations a reader across organizations chooses from, with their staff counts. */
const staffOrganizationsResponse = z.object({
  data: z.array(
    z.object({ id: z.number(), name: z.string(), company_id: z.string().nullable(), status: z.string(), staff_count: z.number() }),
  ),
});

/** Staff calls beyond the eight: the expiry check, the photo-library picker and the reads across organizations. */
export async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const write = { roles: ROLES.staffWrite, organization: true } as const;

  app.get(
    `${base}/check-expiration-of-certificates`,
    {
      schema: { tags, querystring: expirationQuery, response: { 200: expirationResponse } },
      // Also company-wide staff managers and super admins, in every organization (issue 26).
      config: { roles: ROLES.staffList, organization: true, readsAcrossOrganizations: ROLES.staffAcrossOrganizations },
    },
    (req) => staffReads(req.read('organization')).expiryCheck(req.query.days),
  );

  // Staff writers pick a staff photo from the active organization's photo library: a read-only view
  // of the photo index for those who may not browse the library itself (ROLES.photoList is ROLE_ only).
  app.get(
    `${base}/photo-library`,
    {
      schema: { tags, querystring: photoListQuery, response: { 200: photoListResponse } },
      config: write,
    },
    (req) => {
      const { db, scope } = req.read('organization');
      return listLibraryPhotos(db, scope, req.query);
    },
  );

  // Staff across organizations, read-only (spec section 7: /api/admin/staff/index and /api/admin/staff/{id}):
  // company-wide staff managers and super admins, members or not (docs/decisions.md "Staff across
  // organizations"). organization_id is a filter here, not the organization the request acts in.
  const across = { roles: ROLES.staffAcrossOrganizations, organizationIdIsFilter: true } as const;
  const acrossOrganizations = (req: FastifyRequest, scope: Scope = allOrganizations) => staffReads({ ...req.read('admin'), scope });

  app.get(
    '/api/admin/staff/index',
    {
      schema: { tags, querystring: staffAllListQuery, response: { 200: staffListResponse } },
      config: across,
    },
    (req) => {
      const { organization_id: filter } = req.query;
      return acrossOrganizations(req, filter ? inOrganization(filter) : allOrganizations).list(req.query);
    },
  );

  app.get(
    '/api/admin/staff/organizations',
    {
      schema: { tags, response: { 200: staffOrganizationsResponse } },
      config: across,
    },
    async (req) => ({ data: await acrossOrganizations(req).organizations() }),
  );

  app.get(
    '/api/admin/staff/:id',
    {
      schema: { tags, params: idParam, response: { 200: staffSchema } },
      config: across,
    },
    (req) => acrossOrganizations(req).read(req.params.id),
  );
}
