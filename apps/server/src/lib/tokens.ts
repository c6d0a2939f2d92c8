import type { TokenPayload } from '@bo/shared/token';
import { SignJWT, jwtVerify } from 'jose';
import type { DbOrTrx } from '../db/database.ts';
import { adminRolesOf, subAccountRolesIn } from './actor.ts';

export class TokenService {
  // A WebCrypto key imported once: given bytes or a KeyObject, jose imports one on every call.
  private readonly key: Promise<CryptoKey>;
  constructor(secret: string, private readonly ttl: { short: number; long: number }) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async issue(db: DbOrTrx, deviceId: number, keepLogin: boolean): Promise<string> {
    const device = await db.selectFrom('login_devices').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow();
    const admin = await db.selectFrom('admins').selectAll().where('id', '=', device.admin_id).executeTakeFirstOrThrow();
    const subRoles = device.organization_id === null ? [] : (await subAccountRolesIn(db, admin.id, device.organization_id)) ?? [];
    const roles = await adminRolesOf(db, admin.id);
    const exp = Math.floor(Date.now() / 1000) + (keepLogin ? this.ttl.long : this.ttl.short);
    const payload: TokenPayload = {
      exp,
      expired_at: new Date(exp * 1000).toISOString(),
      id: device.id,
      type: 'admin',
      data: {
        id: admin.id, email: admin.email, name: admin.name,
        has_change_default_password: admin.has_change_default_password === 1,
        roles, sub_account_roles: subRoles, created_at: admin.created_at, updated_at: admin.updated_at,
      },
    };
    if (device.impersonator_id !== null) {
      const acting = await db.selectFrom('admins').select(['id', 'email', 'name']).where('id', '=', device.impersonator_id).executeTakeFirst();
      if (acting) payload.data.impersonator = acting;
    }
    return new SignJWT(payload as unknown as Record<string, unknown>).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(await this.key);
  }

  /** Null for anything but a well-formed, unexpired HS256 token signed with our key (alg none included). */
  async verify(token: string): Promise<TokenPayload | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const p = payload as unknown as TokenPayload;
      if (typeof p.id !== 'number' || typeof p.data?.id !== 'number' || p.type !== 'admin') return null;
      return p;
    } catch {
      return null;
    }
  }
}
