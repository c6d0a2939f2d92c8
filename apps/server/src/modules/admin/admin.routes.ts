import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchPatchBody, idParam, idsBody, listResponse, patchBody } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { ADMIN_ROLES, ROLE_LABELS, SUB_ACCOUNT_ROLES } from '@bo/shared/roles';
import {
  ADMIN_PATCH_FIELDS, adminCreateResponse, adminInput, adminListQuery, adminPasswordResponse, adminPatchValues,
  adminSchema, roleOptionsResponse,
} from '@bo/shared/schemas/admin';
import { notFound } from '../../lib/errors.ts';
import { adminScopeOf, grantableAdminRoles, grantableSubAccountRoles } from './admin.policy.ts';
import { findAdminView, listAdmins } from './admin.repository.ts';
import { AdminService, type AdminChanges } from './admin.service.ts';
import { parsePatch } from '../../lib/patch-fields.ts';

const ok = z.object({ message: z.string() });

/** Admin accounts, spec section 7. /batch routes are static and so never captured by /:id. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.get('/api/admin/admin/roles', {
    schema: { tags, response: { 200: roleOptionsResponse } },
    config: { roles: ROLES.adminUpdate },
  }, async (req) => {
    const grantable = grantableAdminRoles(req.actor);
    return { data: ADMIN_ROLES.map((name) => ({ name, label: ROLE_LABELS[name], grantable: grantable.has(name) })) };
  });

  app.get('/api/admin/admin/sub-account-roles', {
    schema: { tags, response: { 200: roleOptionsResponse } },
    config: { roles: ROLES.adminUpdate },
  }, async (req) => {
    const actor = req.actor;
    const grantable = actor.isSuperAdmin || actor.organizationId === null ? grantableSubAccountRoles(actor, -1)
      : grantableSubAccountRoles(actor, actor.organizationId);
    return { data: SUB_ACCOUNT_ROLES.map((name) => ({ name, label: ROLE_LABELS[name], grantable: grantable.has(name) })) };
  });

  app.get('/api/admin/admin/index', {
    schema: { tags, querystring: adminListQuery, response: { 200: listResponse(adminSchema) } },
    config: { roles: ROLES.superAdmin, organizationIdIsFilter: true },
  }, async (req) => listAdmins(app.db, { organizationId: null }, req.query));

  app.post('/api/admin/admin', {
    schema: { tags, body: adminInput, response: { 200: adminCreateResponse } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(({ trx, actor, audit }) => new AdminService(trx, actor, audit).create(req.body)));

  app.patch('/api/admin/admin/batch', {
    schema: { tags, body: batchPatchBody, response: { 200: z.object({ data: z.array(adminSchema) }) } },
    config: { roles: ROLES.adminUpdate },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    const change = parsePatch(ADMIN_PATCH_FIELDS, adminPatchValues, req.body) as { field: keyof AdminChanges; value: never };
    const service = new AdminService(trx, actor, audit);
    // All or nothing: the first id the caller may not touch throws and rolls every change back.
    await service.loadTargets(req.body.ids);
    const data = [];
    for (const id of [...new Set(req.body.ids)]) data.push(await service.update(id, { [change.field]: change.value }));
    return { data };
  }));

  app.delete('/api/admin/admin/batch', {
    schema: { tags, body: idsBody, response: { 200: ok } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    await new AdminService(trx, actor, audit).remove(req.body.ids);
    return { message: 'OK' };
  }));

  app.get('/api/admin/admin/:id', {
    schema: { tags, params: idParam, response: { 200: adminSchema } },
    config: { roles: ROLES.adminUpdate },
  }, async (req) => {
    const admin = await findAdminView(app.db, req.params.id, adminScopeOf(req.actor));
    if (!admin) throw notFound();
    return admin;
  });

  app.put('/api/admin/admin/:id', {
    schema: { tags, params: idParam, body: adminInput, response: { 200: adminSchema } },
    config: { roles: ROLES.adminUpdate },
  }, (req) => req.inTransaction(({ trx, actor, audit }) => {
    const { organization_id: _selector, ...changes } = req.body;
    return new AdminService(trx, actor, audit).update(req.params.id, changes);
  }));

  app.patch('/api/admin/admin/:id', {
    schema: { tags, params: idParam, body: patchBody, response: { 200: adminSchema } },
    config: { roles: ROLES.adminUpdate },
  }, (req) => req.inTransaction(({ trx, actor, audit }) => {
    const change = parsePatch(ADMIN_PATCH_FIELDS, adminPatchValues, req.body) as { field: keyof AdminChanges; value: never };
    return new AdminService(trx, actor, audit).update(req.params.id, { [change.field]: change.value });
  }));

  app.delete('/api/admin/admin/:id', {
    schema: { tags, params: idParam, response: { 200: ok } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    await new AdminService(trx, actor, audit).remove([req.params.id]);
    return { message: 'OK' };
  }));

  app.patch('/api/admin/admin/:id/reset-password', {
    schema: { tags, params: idParam, response: { 200: adminPasswordResponse } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(({ trx, actor, audit }) => new AdminService(trx, actor, audit).resetPassword(req.params.id)));
}
