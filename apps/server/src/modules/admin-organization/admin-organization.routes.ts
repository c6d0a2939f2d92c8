import type { RequestContext } from '../../lib/kit/request-context.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchPatchBody, idParam, listResponse, patchBody } from '@bo/shared/list';
import { MESSAGES } from '@bo/shared/messages';
import { ROLES } from '@bo/shared/permissions';
import {
  adminOrganizationDetailSchema, adminOrganizationInput, adminOrganizationListQuery, adminOrganizationSchema, confirmQuery,
  ORGANIZATION_PATCH_FIELDS, organizationBatchDeleteBody, organizationDeleteConflict, organizationPatchValues,
  type AdminOrganizationInput,
} from '@bo/shared/schemas/organization';
import type { Trx } from '../../db/database.ts';
import { parseRoles, type Actor } from '../../lib/actor.ts';
import { badRequest, notFound, permissionDenied } from '../../lib/errors.ts';
import { changedRoles, grantableSubAccountRoles } from '../admin/admin.policy.ts';
import { requireFlag } from '../admin/feature-flags.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { parsePatch } from '../../lib/patch-fields.ts';
import { findOrganizationDetail, findOrganizations, listOrganizations, newOrganizationUid } from './admin-organization.repository.ts';
import { removeObjects } from '../../lib/storage/remove-objects.ts';

const ok = z.object({ message: z.string() });
const now = () => new Date().toISOString();
type Audit = RequestContext['audit'];
type Members = NonNullable<z.output<typeof adminOrganizationInput>['members']>;

const loadAll = (db: Trx, ids: number[]) => loadAllOr404(ids, (unique) => findOrganizations(db, unique));

/** Replaces the members of an organization; every granted or withdrawn role must be grantable. */
async function replaceMembers(trx: Trx, actor: Actor, organizationId: number, members: Members) {
  const current = new Map((await trx.selectFrom('organization_members').select(['admin_id', 'sub_account_roles'])
    .where('organization_id', '=', organizationId).execute()).map((m) => [m.admin_id, parseRoles(m.sub_account_roles)]));
  const next = new Map(members.map((m) => [m.admin_id, [...new Set(m.sub_account_roles)].sort()]));
  const grantable = grantableSubAccountRoles(actor, organizationId);
  const newIds = [...next.keys()].filter((id) => !current.has(id));
  if (newIds.length) {
    const found = await trx.selectFrom('admins').select('id').where('id', 'in', newIds).execute();
    if (found.length !== newIds.length) throw badRequest({ members: ['validate.error.invalid'] });
  }
  for (const id of new Set([...current.keys(), ...next.keys()])) {
    const b = current.get(id) ?? [];
    const a = next.get(id) ?? [];
    if (changedRoles(b, a).some((r) => !grantable.has(r))) throw permissionDenied();
  }
  await trx.deleteFrom('organization_members').where('organization_id', '=', organizationId)
    .where('admin_id', 'not in', [0, ...next.keys()]).execute();
  const t = now();
  for (const [adminId, roles] of next) {
    const json = JSON.stringify(roles);
    if (!current.has(adminId)) {
      await trx.insertInto('organization_members').values({ admin_id: adminId, organization_id: organizationId, sub_account_roles: json, created_at: t }).execute();
    } else if (JSON.stringify([...current.get(adminId)!].sort()) !== json) {
      await trx.updateTable('organization_members').set({ sub_account_roles: json })
        .where('organization_id', '=', organizationId).where('admin_id', '=', adminId).execute();
    }
  }
}

/** Admin organizations (sub-accounts), flag adminSubAccount (on by default). */
export async function adminOrganizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin-organization'];
  // As for admin groups: 404 to every signed-in admin while the flag is off, 401 without a token.
  app.addHook('onRequest', async () => requireFlag(app.db, 'adminSubAccount'));
  const base = '/api/admin/admin-organization';

  const update = async (trx: Trx, actor: Actor, audit: Audit, id: number, changes: Partial<z.output<typeof adminOrganizationInput>>) => {
    const before = await findOrganizationDetail(trx, id);
    if (!before) throw notFound();
    const set: Record<string, unknown> = {};
    for (const k of ['name', 'company_id', 'status'] as const) if (changes[k] !== undefined && changes[k] !== before[k]) set[k] = changes[k];
    if (Object.keys(set).length) await trx.updateTable('organizations').set({ ...set, updated_at: now() }).where('id', '=', id).execute();
    if (changes.members) await replaceMembers(trx, actor, id, changes.members);
    const after = (await findOrganizationDetail(trx, id))!;
    await audit({ action: 'update', target_type: 'organization', target_id: id, before, after });
    return after;
  };

  /** Deletes with what goes along; without `confirm` a non-empty organization answers 409 with the counts. */
  const remove = async (trx: Trx, audit: Audit, ids: number[], confirm: boolean) => {
    const orgs = await loadAll(trx, ids);
    const dependents: Record<string, number> = {};
    for (const o of orgs) {
      for (const [k, n] of Object.entries(await app.organizationDependents.count(trx, o.id))) dependents[k] = (dependents[k] ?? 0) + n;
    }
    if (!confirm && Object.values(dependents).some((n) => n > 0)) return { conflict: dependents, storedKeys: [] };
    const storedKeys: string[] = [];
    for (const o of orgs) {
      const before = await findOrganizationDetail(trx, o.id);
      storedKeys.push(...(await app.organizationDependents.remove(trx, o.id)));
      await trx.deleteFrom('organizations').where('id', '=', o.id).execute();
      await audit({ action: 'delete', target_type: 'organization', target_id: o.id, before, after: { dependents } });
    }
    return { conflict: null, storedKeys };
  };

  app.get(`${base}/index`, {
    schema: { tags, querystring: adminOrganizationListQuery, response: { 200: listResponse(adminOrganizationSchema) } },
    config: { roles: ROLES.superAdmin },
  }, async (req) => listOrganizations(app.db, req.query));

  app.post(base, {
    schema: { tags, body: adminOrganizationInput, response: { 200: adminOrganizationDetailSchema } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    const t = now();
    const { id } = await trx.insertInto('organizations').values({
      uid: newOrganizationUid(), name: req.body.name, company_id: req.body.company_id ?? null, status: req.body.status ?? 'active', created_at: t, updated_at: t,
    }).returning('id').executeTakeFirstOrThrow();
    if (req.body.members) await replaceMembers(trx, actor, id, req.body.members);
    const after = (await findOrganizationDetail(trx, id))!;
    await audit({ action: 'create', target_type: 'organization', target_id: id, after });
    return after;
  }));

  app.patch(`${base}/batch`, {
    schema: { tags, body: batchPatchBody, response: { 200: z.object({ data: z.array(adminOrganizationDetailSchema) }) } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    const change = parsePatch(ORGANIZATION_PATCH_FIELDS, organizationPatchValues, req.body);
    const orgs = await loadAll(trx, req.body.ids);
    const data = [];
    for (const o of orgs) data.push(await update(trx, actor, audit, o.id, { [change.field]: change.value }));
    return { data };
  }));

  app.delete(`${base}/batch`, {
    schema: { tags, body: organizationBatchDeleteBody, response: { 200: ok, 409: organizationDeleteConflict } },
    config: { roles: ROLES.superAdmin },
  }, async (req, reply) => {
    const r = await req.inTransaction(({ trx, audit }) => remove(trx, audit, req.body.ids, req.body.confirm === true));
    if (r.conflict) return reply.code(409).send({ message: MESSAGES.conflict, dependents: r.conflict });
    await removeObjects(app.storage, r.storedKeys, req.log);
    return { message: 'OK' };
  });

  app.get(`${base}/:id`, {
    schema: { tags, params: idParam, response: { 200: adminOrganizationDetailSchema } },
    config: { roles: ROLES.superAdmin },
  }, async (req) => {
    const o = await findOrganizationDetail(app.db, req.params.id);
    if (!o) throw notFound();
    return { ...o, dependents: await app.organizationDependents.count(app.db, o.id) };
  });

  app.put(`${base}/:id`, {
    schema: { tags, params: idParam, body: adminOrganizationInput, response: { 200: adminOrganizationDetailSchema } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(({ trx, actor, audit }) => update(trx, actor, audit, req.params.id, req.body as AdminOrganizationInput as never)));

  app.patch(`${base}/:id`, {
    schema: { tags, params: idParam, body: patchBody, response: { 200: adminOrganizationDetailSchema } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(({ trx, actor, audit }) => {
    const change = parsePatch(ORGANIZATION_PATCH_FIELDS, organizationPatchValues, req.body);
    return update(trx, actor, audit, req.params.id, { [change.field]: change.value });
  }));

  app.delete(`${base}/:id`, {
    schema: { tags, params: idParam, querystring: confirmQuery, response: { 200: ok, 409: organizationDeleteConflict } },
    config: { roles: ROLES.superAdmin },
  }, async (req, reply) => {
    const r = await req.inTransaction(({ trx, audit }) => remove(trx, audit, [req.params.id], req.query.confirm));
    if (r.conflict) return reply.code(409).send({ message: MESSAGES.conflict, dependents: r.conflict });
    await removeObjects(app.storage, r.storedKeys, req.log);
    return { message: 'OK' };
  });
}
