import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, idsBody } from '@bo/shared/list';
import type { DbOrTrx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { deviceSchema } from '@bo/shared/schemas/account';

/** The admin's signed-in devices: not revoked, session not over (one row per browser, login-device.ts). */
const listDevices = (db: DbOrTrx, adminId: number, currentDeviceId: number) =>
  db.selectFrom('login_devices').select(['id', 'admin_id', 'user_agent', 'ip', 'created_at', 'signed_in_at', 'session_expires_at', 'last_seen_at', 'revoked_at'])
    .where('admin_id', '=', adminId).where('revoked_at', 'is', null)
    .where('session_expires_at', '>', new Date().toISOString()).orderBy('last_seen_at', 'desc').limit(200).execute()
    .then((rows) => rows.map((r) => ({ ...r, signed_in_at: r.signed_in_at ?? r.created_at, current: r.id === currentDeviceId })));

/** Revokes the listed devices of `adminId` (null: any admin's); all or nothing. */
async function revokeDevices(db: DbOrTrx, ids: number[], adminId: number | null): Promise<void> {
  let q = db.selectFrom('login_devices').select('id').where('id', 'in', ids).where('revoked_at', 'is', null);
  if (adminId !== null) q = q.where('admin_id', '=', adminId);
  const found = await q.execute();
  if (found.length !== new Set(ids).size) throw notFound();
  await db.updateTable('login_devices').set({ revoked_at: new Date().toISOString() }).where('id', 'in', ids).execute();
}

const ok = z.object({ message: z.string() });

export async function deviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['devices'];

  app.get('/api/admin/account/login-device', {
    schema: { tags, response: { 200: z.object({ data: z.array(deviceSchema) }) } },
    config: { roles: [] },
  }, async (req) => ({ data: await listDevices(app.db, req.actor.id, req.actor.deviceId) }));

  app.delete('/api/admin/account/logout-device/:id', {
    schema: { tags, params: idParam, response: { 200: ok } },
    config: { roles: [] },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    await revokeDevices(trx, [req.params.id], actor.id);
    await audit({ action: 'logout_device', target_type: 'login_device', target_id: req.params.id });
    return { message: 'OK' };
  }));

  app.delete('/api/admin/account/batch-logout-device', {
    schema: { tags, body: idsBody, response: { 200: ok } },
    config: { roles: [] },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    await revokeDevices(trx, req.body.ids, actor.id);
    for (const id of req.body.ids) await audit({ action: 'logout_device', target_type: 'login_device', target_id: id });
    return { message: 'OK' };
  }));

  app.get('/api/admin/admin-device/index/:id', {
    schema: { tags, params: idParam, response: { 200: z.object({ data: z.array(deviceSchema) }) } },
    config: { roles: ROLES.superAdmin },
  }, async (req) => {
    const admin = await app.db.selectFrom('admins').select('id').where('id', '=', req.params.id).executeTakeFirst();
    if (!admin) throw notFound();
    return { data: await listDevices(app.db, admin.id, req.actor.deviceId) };
  });

  app.delete('/api/admin/admin-device/:id', {
    schema: { tags, params: idParam, response: { 200: ok } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, audit }) => {
    await revokeDevices(trx, [req.params.id], null);
    await audit({ action: 'logout_device', target_type: 'login_device', target_id: req.params.id });
    return { message: 'OK' };
  }));

  app.delete('/api/admin/admin-device/batch', {
    schema: { tags, body: idsBody, response: { 200: ok } },
    config: { roles: ROLES.superAdmin },
  }, (req) => req.inTransaction(async ({ trx, audit }) => {
    await revokeDevices(trx, req.body.ids, null);
    for (const id of req.body.ids) await audit({ action: 'logout_device', target_type: 'login_device', target_id: id });
    return { message: 'OK' };
  }));
}
