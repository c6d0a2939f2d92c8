import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { appConfigName, appConfigResponse, appConfigRestoreBody, appConfigUpdateBody } from '@bo/shared/schemas/app-config';
import { appConfigReads, appConfigService } from './app-config.service.ts';

export async function appConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['app-config'];
  const config = { roles: ROLES.superAdmin };

  app.get(
    '/api/admin/app-config/:name',
    {
      schema: { tags, params: appConfigName, response: { 200: appConfigResponse } },
      config,
    },
    (req) => appConfigReads(req.read('admin')).read(req.params.name),
  );

  app.put(
    '/api/admin/app-config/:name/update',
    {
      schema: { tags, params: appConfigName, body: appConfigUpdateBody, response: { 200: appConfigResponse } },
      config,
    },
    (req) => req.write('admin', (ctx) => appConfigService(ctx).update(req.params.name, req.body as Record<string, unknown>)),
  );

  app.put(
    '/api/admin/app-config/:name/restore',
    {
      schema: {
        tags,
        description:
          "Puts back an earlier version: the config as the audit entry `audit_id` of this document left it (`side: 'before'` for the " +
          'state before that entry, e.g. the defaults before the first change). Audited as `restore`, so it can be undone the same way.',
        params: appConfigName,
        body: appConfigRestoreBody,
        response: { 200: appConfigResponse },
      },
      config,
    },
    (req) => req.write('admin', (ctx) => appConfigService(ctx).restore(req.params.name, req.body.audit_id, req.body.side ?? 'after')),
  );
}
