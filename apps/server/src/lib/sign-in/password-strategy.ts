import type { ReadDb } from '../../db/database.ts';
import { verifyPassword } from '../passwords.ts';
import { adminAccounts, type SignInAccount, type SignInAccounts } from './accounts.ts';
import type { Claim, CredentialStrategy } from './credential-strategy.ts';
import type { ProvenAdmin, ProvenAccount } from './proven-account.ts';

export interface PasswordCredentials {
  email: string;
  password: string;
}

interface PasswordClaim<P extends ProvenAccount> extends Claim<P> {
  account: string;
  found: SignInAccount | null;
}

/** An e-mail and password, of an admin or (with `memberAccounts`) of a member. */
export function passwordStrategy<P extends ProvenAccount = ProvenAdmin>(
  db: ReadDb,
  accounts: SignInAccounts<P> = adminAccounts as unknown as SignInAccounts<P>,
): CredentialStrategy<PasswordCredentials, P, PasswordClaim<P>> {
  return {
    principalType: accounts.type,
    methodOf: () => 'password',
    async claim({ email }) {
      const account = email.toLowerCase();
      const found = await accounts.byEmail(db, account);
      return { account, principal: found ? accounts.principal(found.id) : null, attempted: { email: account }, found: found ?? null };
    },
    async verify({ password }, { principal, found }) {
      // Hashed even for an unknown account (verifyPassword with no hash): the answer takes as long either way.
      const ok = await verifyPassword(found?.password_hash ?? null, password);
      if (!principal || !found) return { ok: false, failure: 'unknown_account' };
      if (!ok) return { ok: false, failure: 'wrong_secret' };
      const refusal = accounts.refusal(found);
      if (refusal) return { ok: false, failure: refusal };
      return { ok: true, principal };
    },
  };
}
