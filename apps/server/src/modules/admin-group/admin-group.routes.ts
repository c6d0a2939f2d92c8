import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idsBody, listResponse } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { adminGroupInput, adminGroupListQuery, adminGroupSchema } from '@bo/shared/schemas/admin-group';
import type { Trx } from '../../db/database.ts';
import { type Actor } from '../../lib/actor.ts';
import { permissionDenied } from '../../lib/errors.ts';
import { changedRoles, grantableAdminRoles } from '../admin/admin.policy.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { requireFlag } from '../admin/feature-flags.ts';
import { findAdminGroups, listAdminGroups } from './admin-group.repository.ts';

const ok = z.object({ message: z.string() });
const now = () => new Date().toISOString();

/** Granting a group's roles is granting roles: the caller must be able to grant each (admin.policy.ts). */
function checkGrant(actor: Actor, before: string[], after: string[]) {
  const grantable = grantableAdminRoles(actor);
  if (changedRoles(before, after).some((r) => !grantable.has(r))) throw permissionDenied();
}

const loadAll = (trx: Trx, ids: number[]) => loadAllOr404(ids, (unique) => findAdminGroups(trx, unique));

/** Admin groups (flag adminGroup, off by default): with the flag off every call answers 404. */
export async function adminGroupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin-group'];
  // Members hold the group's roles while the flag is on: checked on every request by lib/actor.ts.
  // Encapsulated: this plugin's routes only. After the token check (no token stays 401), before the
  // role check: a switched-off feature is 404 to every signed-in admin.
  app.addHook('onRequest', async () => requireFlag(app.db, 'adminGroup'));

  app.get('/api/admin/admin-group/index', {
    schema: { tags, querystring: adminGroupListQuery, response: { 200: listResponse(adminGroupSchema) } },
    config: { roles: ROLES.superAdmin },
  }, async (req) => listAdminGroups(app.db, req.query));

  app.post('/api/admin/admin-group', {
    schema: { tags, body: adminGroupInput, response: { 200: adminGroupSchema } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    const roles = [...new Set(req.body.roles)].sort();
    checkGrant(actor, [], roles);
    const t = now();
    const { id } = await trx.insertInto('admin_groups').values({ name: req.body.name, roles: JSON.stringify(roles), created_at: t, updated_at: t })
      .returning('id').executeTakeFirstOrThrow();
    const [after] = await findAdminGroups(trx, [id]);
    await audit({ action: 'create', target_type: 'admin_group', target_id: id, after });
    return after;
  }));

  app.delete('/api/admin/admin-group/batch', {
    schema: { tags, body: idsBody, response: { 200: ok } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    await removeGroups(trx, actor, await loadAll(trx, req.body.ids), audit);
    return { message: 'OK' };
  }));

  app.get('/api/admin/admin-group/:id', {
    schema: { tags, params: idParam, response: { 200: adminGroupSchema } },
    config: { roles: ROLES.superAdmin },
  }, async (req) => (await loadAll(app.db as unknown as Trx, [req.params.id]))[0]);

  app.put('/api/admin/admin-group/:id', {
    schema: { tags, params: idParam, body: adminGroupInput, response: { 200: adminGroupSchema } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    const [before] = await loadAll(trx, [req.params.id]);
    const roles = [...new Set(req.body.roles)].sort();
    checkGrant(actor, before.roles, roles);
    await trx.updateTable('admin_groups').set({ name: req.body.name, roles: JSON.stringify(roles), updated_at: now() })
      .where('id', '=', before.id).execute();
    const [after] = await findAdminGroups(trx, [before.id]);
    await audit({ action: 'update', target_type: 'admin_group', target_id: before.id, before, after });
    return after;
  }));

  app.delete('/api/admin/admin-group/:id', {
    schema: { tags, params: idParam, response: { 200: ok } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    await removeGroups(trx, actor, await loadAll(trx, [req.params.id]), audit);
    return { message: 'OK' };
  }));
}

/** Members stay, without the group (and so without its roles). */
async function removeGroups(trx: Trx, actor: Actor, groups: Awaited<ReturnType<typeof findAdminGroups>>, audit: (e: any) => Promise<void>) {
  for (const g of groups) checkGrant(actor, g.roles, []);
  const ids = groups.map((g) => g.id);
  await trx.updateTable('admins').set({ group_id: null, updated_at: now() }).where('group_id', 'in', ids).execute();
  await trx.deleteFrom('admin_groups').where('id', 'in', ids).execute();
  for (const before of groups) await audit({ action: 'delete', target_type: 'admin_group', target_id: before.id, before });
}
