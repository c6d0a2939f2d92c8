import type { DbOrTrx } from '../../db/database.ts';
import { oneTimeCodes } from '../identity/one-time-codes.ts';
import { adminAccounts, type SignInAccount, type SignInAccounts } from './accounts.ts';
import type { Claim, CredentialStrategy } from './credential-strategy.ts';
import type { ProvenAdmin, ProvenAccount } from './proven-account.ts';

export interface EmailCodeCredentials {
  email: string;
  code: string;
}

interface EmailCodeClaim<P extends ProvenAccount> extends Claim<P> {
  found: SignInAccount | null;
}

/**
 * An e-mail and the code mailed to it: an admin's (POST /api/admin/account/login-via-email-otp) or,
 * with `memberAccounts`, a member's. The code proves the e-mail, so it also confirms a member's.
 */
export function emailCodeStrategy<P extends ProvenAccount = ProvenAdmin>(
  db: DbOrTrx,
  serverSecret: string,
  accounts: SignInAccounts<P> = adminAccounts as unknown as SignInAccounts<P>,
): CredentialStrategy<EmailCodeCredentials, P, EmailCodeClaim<P>> {
  const codes = oneTimeCodes(serverSecret);
  const purpose = accounts.type === 'member' ? 'member_sign_in' : 'sign_in';
  return {
    principalType: accounts.type,
    methodOf: () => 'email_code',
    async claim({ email }) {
      const account = email.toLowerCase();
      const found = await accounts.byEmail(db, account);
      return {
        account,
        principal: found ? accounts.principal(found.id) : null,
        attempted: { email: account, method: 'email_code' },
        found: found ?? null,
      };
    },
    async verify({ email, code }, { principal, found }) {
      // Checked for an unknown e-mail too ('none'): the answer takes the same path either way.
      const { result, accountId } = await codes.check(db, { email, purpose, code });
      if (!principal || !found) return { ok: false, failure: 'unknown_account' };
      if (result !== 'ok' || accountId !== principal.id) return { ok: false, failure: 'wrong_secret' };
      const refusal = accounts.refusal({ ...found, email_verified_at: found.email_verified_at ?? 'by-code' });
      if (refusal) return { ok: false, failure: refusal };
      return { ok: true, principal };
    },
  };
}
