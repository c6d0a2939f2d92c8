import type { ReadDb } from '../../db/database.ts';
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
 * with `memberAccounts`, a member's. The code proves the e-mail, so it also confirms a member's. It is
 * checked and used in the transaction that opens the session (`spend`).
 */
export function emailCodeStrategy<P extends ProvenAccount = ProvenAdmin>(
  db: ReadDb,
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
    async verify(_credentials, { principal, found }) {
      return principal && found ? { ok: true, principal } : { ok: false, failure: 'unknown_account' };
    },
    async spend(trx, { email, code }, { principal, found }) {
      if (!principal || !found) return { ok: false, failure: 'unknown_account' };
      const { result, accountId } = await codes.check(trx, { email, purpose, code });
      if (result !== 'ok' || accountId !== principal.id) return { ok: false, failure: 'wrong_secret' };
      const refusal = accounts.refusal({ ...found, email_verified_at: found.email_verified_at ?? 'by-code' });
      if (refusal) return { ok: false, failure: refusal };
      return { ok: true, principal };
    },
  };
}
