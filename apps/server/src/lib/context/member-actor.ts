import type { ReadDb } from '../../db/database.ts';
import type { DeviceToken } from './actor.ts';
import type { ClientAddress, MemberPrincipal } from './principals.ts';
import { memberDeviceForToken } from '../devices/member-devices.repository.ts';

/**
 * Who makes a member route's request (issue 12): a member of the website, by its member device; the
 * principal its contexts act as (`req.read('member')`, `req.write('member', fn)`).
 */
export interface SignedInMember extends MemberPrincipal {
  email: string;
  name: string;
  deviceId: number;
  tokenId: string;
  lastSeenAt: string;
}

/**
 * The member a member token is for, or null: the device must exist, not be logged out, be the browser
 * the token was given to (X-Fingerprint), hold this token as its current one, within the session's
 * end, and its member must be active.
 */
export async function loadMemberForDevice(
  db: ReadDb,
  token: DeviceToken,
  fingerprint: string,
  client: ClientAddress,
): Promise<SignedInMember | null> {
  const row = await memberDeviceForToken(db, token.id);
  if (!row || row.revoked_at !== null || row.status !== 'active' || row.id !== token.data.id) return null;
  if (row.fingerprint !== fingerprint || row.token_id === null || row.token_id !== token.jti) return null;
  if (Date.now() >= Date.parse(row.session_expires_at)) return null;
  return {
    kind: 'member',
    id: row.id,
    client,
    email: row.email,
    name: row.name,
    deviceId: row.device_id,
    tokenId: token.jti,
    lastSeenAt: row.last_seen_at,
  };
}
