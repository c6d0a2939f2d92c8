import type { Config } from '../../config.ts';
import type { DbOrTrx, Trx } from '../../db/database.ts';
import type { AdminPrincipal } from './principal.ts';
import type { SignInClient } from './sign-in-client.ts';

/**
 * Opens a session on the login device of `principal` in this browser (sign-in, or a super admin
 * switching into it), active in the admin's first active organization by id. The same browser (same
 * admin, X-Fingerprint and acting super admin) keeps one device row: signing in again reuses it,
 * lifts a logout's revocation and starts a new session on it. Either way the session's absolute end is
 * set from now (SESSION_MAX_AGE_DAYS with keep-login, SESSION_SHORT_MAX_AGE_HOURS without) and every
 * token of an earlier session on the device dies at once: the caller issues the first token.
 */
export async function openLoginDevice(
  trx: Trx,
  maxAge: Config['sessionMaxAgeSeconds'],
  opts: { principal: AdminPrincipal; client: SignInClient; impersonatorId: number | null; keepLogin: boolean },
): Promise<{ id: number; organizationId: number | null }> {
  const adminId = opts.principal.id;
  const firstOrg = await trx
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('o.id')
    .where('m.admin_id', '=', adminId)
    .where('o.status', '=', 'active')
    .orderBy('o.id')
    .executeTakeFirst();
  const organizationId = firstOrg?.id ?? null;
  const { fingerprint } = opts.client;
  const nowMs = Date.now();
  const t = new Date(nowMs).toISOString();
  const session = {
    user_agent: opts.client.userAgent ?? '',
    ip: opts.client.ip,
    organization_id: organizationId,
    keep_login: opts.keepLogin ? 1 : 0,
    last_seen_at: t,
    revoked_at: null,
    signed_in_at: t,
    session_expires_at: new Date(nowMs + (opts.keepLogin ? maxAge.keepLogin : maxAge.short) * 1000).toISOString(),
    token_id: null,
    token_expires_at: null,
    previous_token_id: null,
    previous_token_until: null,
  };
  let same = trx.selectFrom('login_devices').select('id').where('admin_id', '=', adminId).where('fingerprint', '=', fingerprint);
  same = opts.impersonatorId === null ? same.where('impersonator_id', 'is', null) : same.where('impersonator_id', '=', opts.impersonatorId);
  const existing = await same.orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (existing) {
    await trx.updateTable('login_devices').set(session).where('id', '=', existing.id).execute();
    return { id: existing.id, organizationId };
  }
  const device = await trx
    .insertInto('login_devices')
    .values({
      admin_id: adminId,
      impersonator_id: opts.impersonatorId,
      fingerprint,
      created_at: t,
      ...session,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: device.id, organizationId };
}

/**
 * Whether this browser (X-Fingerprint) has signed in to the admin's account before, revoked since or
 * not: the owner's usual browser, which other people's wrong guesses do not hold out (attempt-limiter.ts).
 */
export async function isKnownBrowser(db: DbOrTrx, principal: AdminPrincipal, fingerprint: string): Promise<boolean> {
  const row = await db
    .selectFrom('login_devices')
    .select('id')
    .where('admin_id', '=', principal.id)
    .where('fingerprint', '=', fingerprint)
    .where('impersonator_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
