import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, idsBody } from '@bo/shared/list';
import { deviceSchema } from '@bo/shared/schemas/account';
import { notFound } from '../../lib/errors.ts';
import { requireIdentityProof } from '../../lib/identity/identity-proof.ts';
import type { RequestContext } from '../../lib/context/request-context.ts';
import { adminExists, listDevices, otherDeviceIds, revokeDevices, type DeviceOwner } from './devices.repository.ts';

const ok = z.object({ message: z.string() });
const devices = z.object({ data: z.array(deviceSchema) });

/** Revokes devices in the request's transaction, one audit entry each. */
async function logOut(ctx: RequestContext, ids: readonly number[], owner: DeviceOwner) {
  await revokeDevices(ctx.trx, ids, owner);
  for (const id of ids) await ctx.audit({ action: 'logout_device', target_type: 'login_device', target_id: id });
  return { message: 'OK' };
}

/** The caller's own devices (any signed-in admin), and every admin's for a super admin. */
export async function deviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['devices'];
  const own = { roles: [] };
  const operator = { roles: ROLES.superAdmin };

  app.delete(
    '/api/admin/account/other-devices',
    {
      schema: {
        tags,
        description: 'Signs out every other device of the signed-in admin at once, after verify-identity: their tokens stop working now.',
        response: { 200: z.object({ message: z.string(), count: z.number() }) },
      },
      config: { ...own, errors: [403] },
    },
    (req) =>
      req.write('admin', async (ctx) => {
        await requireIdentityProof(ctx.db, ctx.principal.deviceId);
        const others = await otherDeviceIds(ctx.trx, ctx.principal.id, ctx.principal.deviceId);
        if (others.length) await revokeDevices(ctx.trx, others, { adminId: ctx.principal.id });
        await ctx.audit({
          action: 'logout_other_devices',
          target_type: 'login_device',
          target_id: ctx.principal.deviceId,
          after: { count: others.length },
        });
        return { message: 'OK', count: others.length };
      }),
  );

  app.get('/api/admin/account/login-device', { schema: { tags, response: { 200: devices } }, config: own }, async (req) => {
    const { db, principal: actor } = req.read('admin');
    return { data: await listDevices(db, actor.id, actor.deviceId) };
  });

  app.delete(
    '/api/admin/account/logout-device/:id',
    {
      schema: { tags, params: idParam, response: { 200: ok } },
      config: own,
    },
    (req) => req.write('admin', (ctx) => logOut(ctx, [req.params.id], { adminId: ctx.principal.id })),
  );

  app.delete(
    '/api/admin/account/batch-logout-device',
    {
      schema: { tags, body: idsBody, response: { 200: ok } },
      config: own,
    },
    (req) => req.write('admin', (ctx) => logOut(ctx, req.body.ids, { adminId: ctx.principal.id })),
  );

  app.get(
    '/api/admin/admin-device/index/:id',
    {
      schema: { tags, params: idParam, response: { 200: devices } },
      config: operator,
    },
    async (req) => {
      const { db, principal: actor } = req.read('admin');
      if (!(await adminExists(db, req.params.id))) throw notFound();
      return { data: await listDevices(db, req.params.id, actor.deviceId) };
    },
  );

  app.delete(
    '/api/admin/admin-device/:id',
    {
      schema: { tags, params: idParam, response: { 200: ok } },
      config: operator,
    },
    (req) => req.write('admin', (ctx) => logOut(ctx, [req.params.id], 'any')),
  );

  app.delete(
    '/api/admin/admin-device/batch',
    {
      schema: { tags, body: idsBody, response: { 200: ok } },
      config: operator,
    },
    (req) => req.write('admin', (ctx) => logOut(ctx, req.body.ids, 'any')),
  );
}
