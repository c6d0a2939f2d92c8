import type { FastifyRequest } from 'fastify';
import type { Trx } from '../../db/database.ts';
import { fingerprintOf } from '../../plugins/access.ts';

/**
 * Opens a login device for `adminId` (sign-in, or a super admin switching into it), active in the
 * admin's first active organization by id. Answers the device id and that organization.
 */
export async function openLoginDevice(
  trx: Trx, req: FastifyRequest, opts: { adminId: number; impersonatorId: number | null; keepLogin: boolean },
): Promise<{ id: number; organizationId: number | null }> {
  const firstOrg = await trx.selectFrom('organization_members as m').innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('o.id').where('m.admin_id', '=', opts.adminId).where('o.status', '=', 'active').orderBy('o.id').executeTakeFirst();
  const organizationId = firstOrg?.id ?? null;
  const t = new Date().toISOString();
  const device = await trx.insertInto('login_devices').values({
    admin_id: opts.adminId, impersonator_id: opts.impersonatorId, fingerprint: fingerprintOf(req),
    user_agent: (req.headers['user-agent'] ?? '').slice(0, 500), ip: req.ip, organization_id: organizationId,
    keep_login: opts.keepLogin ? 1 : 0, created_at: t, last_seen_at: t, revoked_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  return { id: device.id, organizationId };
}
