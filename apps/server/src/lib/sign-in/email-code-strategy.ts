import type { DbOrTrx } from '../../db/database.ts';
import { oneTimeCodes } from '../identity/one-time-codes.ts';
import type { Claim, CredentialStrategy } from './credential-strategy.ts';
import { adminPrincipal, type AdminPrincipal } from './principal.ts';

export interface EmailCodeCredentials {
  email: string;
  code: string;
}

interface EmailCodeClaim extends Claim<AdminPrincipal> {
  admin: { status: string } | null;
}

/** An admin's e-mail and the code mailed to it (POST /api/admin/account/login-via-email-otp). */
export function emailCodeStrategy(
  db: DbOrTrx,
  serverSecret: string,
): CredentialStrategy<EmailCodeCredentials, AdminPrincipal, EmailCodeClaim> {
  const codes = oneTimeCodes(serverSecret);
  return {
    principalType: 'admin',
    methodOf: () => 'email_code',
    async claim({ email }) {
      const account = email.toLowerCase();
      const admin = await db.selectFrom('admins').select(['id', 'status']).where('email', '=', account).executeTakeFirst();
      return {
        account,
        principal: admin ? adminPrincipal(admin.id) : null,
        attempted: { email: account, method: 'email_code' },
        admin: admin ?? null,
      };
    },
    async verify({ email, code }, { principal, admin }) {
      // Checked for an unknown e-mail too ('none'): the answer takes the same path either way.
      const { result, adminId } = await codes.check(db, { email, purpose: 'sign_in', code });
      if (!principal || !admin) return { ok: false, failure: 'unknown_account' };
      if (result !== 'ok' || adminId !== principal.id) return { ok: false, failure: 'wrong_secret' };
      if (admin.status !== 'active') return { ok: false, failure: 'disabled' };
      return { ok: true, principal };
    },
  };
}
