import type { DbOrTrx } from '../../db/database.ts';
import { verifyPassword } from '../passwords.ts';
import type { Claim, CredentialStrategy } from './credential-strategy.ts';
import { adminPrincipal, type AdminPrincipal } from './principal.ts';

export interface PasswordCredentials {
  email: string;
  password: string;
}

interface PasswordClaim extends Claim<AdminPrincipal> {
  admin: { password_hash: string | null; status: string } | null;
}

/** An admin's e-mail and password. */
export function passwordStrategy(db: DbOrTrx): CredentialStrategy<PasswordCredentials, AdminPrincipal, PasswordClaim> {
  return {
    principalType: 'admin',
    methodOf: () => 'password',
    async claim({ email }) {
      const account = email.toLowerCase();
      const admin = await db.selectFrom('admins').select(['id', 'password_hash', 'status']).where('email', '=', account).executeTakeFirst();
      return { account, principal: admin ? adminPrincipal(admin.id) : null, attempted: { email: account }, admin: admin ?? null };
    },
    async verify({ password }, { principal, admin }) {
      // Hashed even for an unknown account (verifyPassword with no hash): the answer takes as long either way.
      const ok = await verifyPassword(admin?.password_hash ?? null, password);
      if (!principal || !admin) return { ok: false, failure: 'unknown_account' };
      if (!ok) return { ok: false, failure: 'wrong_secret' };
      if (admin.status !== 'active') return { ok: false, failure: 'disabled' };
      return { ok: true, principal };
    },
  };
}
