import type { Config } from '../../config.ts';
import type { Trx, ReadDb } from '../../db/database.ts';
import { firstActiveOrganizationOf } from '../context/actor.repository.ts';
import { hasOwnDeviceIn, insertLoginDevice, sameBrowserDeviceId, updateLoginDevice } from '../devices/login-devices.repository.ts';
import type { ProvenAdmin } from './proven-account.ts';
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
  opts: { principal: ProvenAdmin; client: SignInClient; impersonatorId: number | null; keepLogin: boolean },
): Promise<{ id: number; organizationId: number | null }> {
  const adminId = opts.principal.id;
  const organizationId = await firstActiveOrganizationOf(trx, adminId);
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
  const existing = await sameBrowserDeviceId(trx, adminId, fingerprint, opts.impersonatorId);
  if (existing !== null) {
    await updateLoginDevice(trx, existing, session);
    return { id: existing, organizationId };
  }
  const id = await insertLoginDevice(trx, {
    admin_id: adminId,
    impersonator_id: opts.impersonatorId,
    fingerprint,
    created_at: t,
    ...session,
  });
  return { id, organizationId };
}

/**
 * Whether this browser (X-Fingerprint) has signed in to the admin's account before, revoked since or
 * not: the owner's usual browser, which other people's wrong guesses do not hold out (attempt-limiter.ts).
 */
export async function isKnownBrowser(db: ReadDb, principal: ProvenAdmin, fingerprint: string): Promise<boolean> {
  return hasOwnDeviceIn(db, principal.id, fingerprint);
}
