import { randomBytes } from 'node:crypto';
import type { TokenPayload } from '@bo/shared/token';
import type { ReadDb, Trx } from '../db/database.ts';
import { adminRolesOf, subAccountRolesIn } from './context/actor.ts';
import { adminRow, adminSummary } from './admins.repository.ts';
import { invalidToken } from './errors.ts';
import { hs256Key, type Hs256Key } from './hs256-jwt.ts';
import { loginDevice, replaceDeviceToken, type LoginDevice } from './devices/login-devices.repository.ts';
import { memberDeviceWithMember, updateMemberDevice } from './devices/member-devices.repository.ts';
import { provenAdmin } from './sign-in/proven-account.ts';

/** A token this server issued, verified: it always carries its id (`jti`) and an expiry. */
export type VerifiedToken = TokenPayload & { jti: string };

/**
 * How long the token a renewal replaced keeps working: requests already in flight with it, and a
 * second tab renewing with it at the same moment, must not sign the browser out.
 */
export const RENEWAL_GRACE_SECONDS = 30;

/**
 * Without `force`, a renewal gives a new token only in the last 15 minutes of the current one (the
 * web renews 5 to 10 minutes before expiry, spec section 9; the margin absorbs a slow client clock).
 */
export const RENEWAL_WINDOW_SECONDS = 15 * 60;

type Device = LoginDevice;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

export class TokenService {
  private readonly key: Hs256Key;
  constructor(
    secret: string,
    private readonly ttl: { short: number; long: number },
  ) {
    this.key = hs256Key(secret);
  }

  /**
   * A new token for the device, with a new id: it becomes the device's only current token. The one
   * it replaces keeps working for RENEWAL_GRACE_SECONDS (`retire: 'after-grace'`, a renewal) or dies
   * at once (`'at-once'`, the password change). Its `exp` is now plus the token lifetime, never past
   * the session's absolute end (set by sign-in, login-device.ts; a device opened any other way ends
   * with its first token). Answers 401 when that end has passed. With `replacing`, only that token is
   * replaced: when another request has replaced it meanwhile, the answer is the token it made.
   */
  async issue(
    db: Trx,
    deviceId: number,
    keepLogin: boolean,
    opts: { retire?: 'after-grace' | 'at-once'; replacing?: string } = {},
  ): Promise<string> {
    const device = await loginDevice(db, deviceId);
    const replacing = opts.replacing ?? device.token_id;
    if (replacing !== device.token_id) return this.current(db, deviceId);
    const now = Math.floor(Date.now() / 1000);
    const end = device.session_expires_at === null ? now + this.lifetime(keepLogin) : seconds(device.session_expires_at);
    const exp = Math.min(now + this.lifetime(keepLogin), end);
    if (exp <= now) throw invalidToken();
    const jti = randomBytes(16).toString('base64url');
    const grace = (opts.retire ?? 'after-grace') === 'after-grace' && device.token_id !== null;
    // Two renewals racing (two tabs): only the first replaces the token; the second hands out the token
    // the first made, rather than retiring it a moment after it was given out.
    const replaced = await replaceDeviceToken(db, deviceId, replacing, {
      token_id: jti,
      token_expires_at: isoOf(exp),
      previous_token_id: grace ? device.token_id : null,
      previous_token_until: grace ? isoOf(now + RENEWAL_GRACE_SECONDS) : null,
      ...(device.session_expires_at === null ? { signed_in_at: device.signed_in_at ?? isoOf(now), session_expires_at: isoOf(end) } : {}),
    });
    if (!replaced) return this.current(db, deviceId);
    return this.sign(db, { ...device, token_id: jti }, exp);
  }

  /**
   * The device's current token again: the same id and `exp`, with the admin's data as it is now.
   * What a renewal answers when there is nothing to renew.
   */
  async current(db: Trx, deviceId: number): Promise<string> {
    const device = await loginDevice(db, deviceId);
    if (device.token_id === null || device.token_expires_at === null) return this.issue(db, deviceId, device.keep_login === 1);
    return this.sign(db, device, seconds(device.token_expires_at));
  }

  /**
   * Whether a renewal without `force` gives a new token: only when the current token ends within
   * RENEWAL_WINDOW_SECONDS and a new one would end later (near the session's absolute end it cannot,
   * and handing out new tokens with the same end would only make the client renew again at once).
   */
  renewalDue(device: Pick<Device, 'token_expires_at' | 'session_expires_at'>, keepLogin: boolean): boolean {
    if (device.token_expires_at === null) return true;
    const now = Math.floor(Date.now() / 1000);
    const currentExp = seconds(device.token_expires_at);
    if (currentExp - now > RENEWAL_WINDOW_SECONDS) return false;
    const end = device.session_expires_at === null ? Infinity : seconds(device.session_expires_at);
    return Math.min(now + this.lifetime(keepLogin), end) > currentExp;
  }

  /**
   * Null for anything but a well-formed HS256 token signed with our key (alg none included), with an
   * `exp` still ahead and a `jti`.
   */
  async verify(token: string): Promise<VerifiedToken | null> {
    const p = this.key.verify(token) as unknown as VerifiedToken | null;
    if (!p || typeof p.jti !== 'string' || p.jti === '') return null;
    // Which routes a token opens is its type's business (plugins/access.ts): admin routes, or member routes.
    if (typeof p.id !== 'number' || typeof p.data?.id !== 'number' || (p.type !== 'admin' && p.type !== 'member')) return null;
    return p;
  }

  /**
   * A member's token (issue 12) for its member device: a new id that becomes the device's only current
   * token (the one before dies at once: a member's session is one browser's cookie, so no grace is
   * needed), `exp` now plus the token lifetime, never past the session's end. The data has the
   * member's id, e-mail and name; a member has no roles.
   */
  async issueMember(db: Trx, deviceId: number): Promise<string> {
    const device = await memberDeviceWithMember(db, deviceId);
    const now = Math.floor(Date.now() / 1000);
    const exp = Math.min(now + this.lifetime(device.keep_login === 1), seconds(device.session_expires_at));
    if (exp <= now) throw invalidToken();
    const jti = randomBytes(16).toString('base64url');
    await updateMemberDevice(db, deviceId, { token_id: jti });
    const payload: VerifiedToken = {
      exp,
      expired_at: isoOf(exp),
      id: device.id,
      jti,
      type: 'member',
      data: {
        id: device.member_id,
        email: device.email,
        name: device.name,
        has_change_default_password: true,
        roles: [],
        sub_account_roles: [],
        created_at: device.created_at,
        updated_at: device.updated_at,
      },
    };
    return this.signPayload(payload);
  }

  private signPayload(payload: VerifiedToken): string {
    return this.key.sign(payload);
  }

  private lifetime(keepLogin: boolean): number {
    return keepLogin ? this.ttl.long : this.ttl.short;
  }

  private async sign(db: ReadDb, device: Device, exp: number): Promise<string> {
    const principal = provenAdmin(device.admin_id);
    const admin = await adminRow(db, principal.id);
    const subRoles = device.organization_id === null ? [] : ((await subAccountRolesIn(db, admin.id, device.organization_id)) ?? []);
    const roles = await adminRolesOf(db, admin.id);
    const payload: VerifiedToken = {
      exp,
      expired_at: isoOf(exp),
      id: device.id,
      jti: device.token_id!,
      type: principal.type,
      data: {
        id: admin.id,
        email: admin.email,
        name: admin.name,
        has_change_default_password: admin.has_change_default_password === 1,
        roles,
        sub_account_roles: subRoles,
        created_at: admin.created_at,
        updated_at: admin.updated_at,
      },
    };
    if (device.impersonator_id !== null) {
      const acting = await adminSummary(db, device.impersonator_id);
      if (acting) payload.data.impersonator = acting;
    }
    return this.signPayload(payload);
  }
}
