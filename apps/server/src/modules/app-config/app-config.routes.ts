import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { appConfigName, appConfigResponse, appConfigRestoreBody, appConfigUpdateBody } from '@bo/shared/schemas/app-config';
import { withVersion } from '@bo/shared/versions';
import { appConfigReads, appConfigService } from './app-config.service.ts';
import { answerVersioned } from '../../lib/kit/versioned-read.ts';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import { documentHistoryRoutes } from '../../lib/kit/document-history.ts';
import { isAppConfigName } from '../../lib/app-config.ts';

/** One config document (its name), whose version a save sends back (issue 36). */
const document: VersionDeclaration = { target: 'app_config', id: (req) => (req.params as { name: string }).name };

export async function appConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['app-config'];
  const config = { roles: ROLES.superAdmin };
  fastify.recordReaders.add({
    target: 'app_config',
    roles: ROLES.superAdmin,
    find: (ctx, name) => appConfigReads(ctx as AdminReadContext).read(name),
  });

  // History and restore per field (docs/history.md), as a kit resource's: `/api/admin/history/app_config/:name`.
  documentHistoryRoutes(fastify, {
    target: 'app_config',
    roles: { read: ROLES.superAdmin, restore: ROLES.superAdmin },
    idOf: (name) => (isAppConfigName(name) ? name : undefined),
    current: async (ctx, name) => (await appConfigReads(ctx).read(name)).config,
    restore: (ctx, name, values, restored) => appConfigService(ctx).update(name, values, restored),
    view: appConfigResponse,
  });

  app.get(
    '/api/admin/app-config/:name',
    {
      schema: { tags, params: appConfigName, response: { 200: withVersion(appConfigResponse) } },
      config,
    },
    async (req, reply) => {
      const ctx = req.read('admin');
      return answerVersioned(reply, ctx.db, 'app_config', req.params.name, await appConfigReads(ctx).read(req.params.name));
    },
  );

  app.put(
    '/api/admin/app-config/:name/update',
    {
      schema: { tags, params: appConfigName, body: appConfigUpdateBody, response: { 200: appConfigResponse } },
      config: { ...config, version: document },
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
      config: { ...config, version: document },
    },
    (req) => req.write('admin', (ctx) => appConfigService(ctx).restore(req.params.name, req.body.audit_id, req.body.side ?? 'after')),
  );
}
