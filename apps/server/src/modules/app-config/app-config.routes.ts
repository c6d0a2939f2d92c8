import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  effectiveConfig, isAppConfigName, mergeConfig, readStoredConfig, writeStoredConfig,
} from './app-config.repository.ts';
import { appConfigName, appConfigResponse, appConfigUpdateBody } from '@bo/shared/schemas/app-config';

export async function appConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['app-config'];
  const config = { roles: ROLES.superAdmin };

  app.get('/api/admin/app-config/:name', {
    schema: { tags, params: appConfigName, response: { 200: appConfigResponse } },
    config,
  }, async (req) => {
    const { name } = req.params;
    if (!isAppConfigName(name)) throw notFound();
    const { stored, updated_at } = await readStoredConfig(app.db, name);
    return { name, config: effectiveConfig(stored), updated_at };
  });

  app.put('/api/admin/app-config/:name/update', {
    schema: { tags, params: appConfigName, body: appConfigUpdateBody, response: { 200: appConfigResponse } },
    config,
  }, async (req) => {
    const { name } = req.params;
    if (!isAppConfigName(name)) throw notFound();
    return req.inTransaction(async ({ trx, audit }) => {
      const { stored } = await readStoredConfig(trx, name);
      const before = effectiveConfig(stored);
      const next = mergeConfig(stored, req.body as Record<string, unknown>);
      const checked = effectiveConfigOrFieldErrors(next);
      const updatedAt = new Date().toISOString();
      await writeStoredConfig(trx, name, next, updatedAt);
      await audit({ action: 'update', target_type: 'app_config', target_id: name, before, after: checked });
      return { name, config: checked, updated_at: updatedAt };
    });
  });
}

function effectiveConfigOrFieldErrors(stored: Record<string, unknown>) {
  try {
    return effectiveConfig(stored);
  } catch (err: any) {
    const errors: Record<string, string[]> = {};
    for (const i of err?.issues ?? []) (errors[i.path.join('.') || '_'] ??= []).push('validate.error.invalid');
    throw badRequest(errors);
  }
}
