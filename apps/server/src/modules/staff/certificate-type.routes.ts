import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { certificateTypeInput, certificateTypeSchema } from '@bo/shared/schemas/staff';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { certificateTypeReads, certificateTypeService } from './certificate-type.service.ts';

const base = '/api/admin/organization/certificate-type';
const tags = ['certificate-type'];

/** Certificate types of the request's organization: the whole list (no paging), create, update and delete. */
export const certificateTypeRoutes = resourceRoutes({
  path: base,
  tags,
  target: 'certificate_type',
  organization: true,
  roles: { read: ROLES.staffRead, write: ROLES.staffWrite },
  schemas: {
    view: certificateTypeSchema,
    input: certificateTypeInput,
    listQuery: z.object({}),
    list: z.object({ data: z.array(certificateTypeSchema), defaults: z.array(z.string()) }),
  },
  without: ['read', 'patch', 'batchPatch', 'batchDelete'],
  reads: certificateTypeReads,
  service: certificateTypeService,
});

/** Adds the default types the organization does not have yet. */
export async function certificateTypeDefaultsRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    `${base}/defaults`,
    {
      schema: { tags, response: { 200: z.object({ data: z.array(certificateTypeSchema) }) } },
      config: { roles: ROLES.staffWrite, organization: true, version: 'create' },
    },
    (req) => req.write('organization', async (ctx) => ({ data: await certificateTypeService(ctx).addDefaults() })),
  );
}
