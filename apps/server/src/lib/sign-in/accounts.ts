import type { ReadDb } from '../../db/database.ts';
import { adminByEmail } from '../admins.repository.ts';
import { memberByEmail } from '../members.repository.ts';
import type { SignInFailure } from './credential-strategy.ts';
import { provenAdmin, provenMember, type ProvenAdmin, type ProvenMember, type ProvenAccount } from './proven-account.ts';

/** What a strategy needs of an account found by its e-mail. */
export interface SignInAccount {
  id: number;
  password_hash: string | null;
  status: string;
  email_verified_at: string | null;
}

/**
 * Where the accounts of one principal type are, for the strategies that find them by e-mail (password,
 * e-mail code): admins, or the website's members (issue 12). One strategy, two account sources.
 */
export interface SignInAccounts<P extends ProvenAccount> {
  type: P['type'];
  byEmail: (db: ReadDb, email: string) => Promise<SignInAccount | undefined>;
  principal(id: number): P;
  /** A refusal once the secret is right (a member who has not confirmed the e-mail). */
  refusal(account: SignInAccount): SignInFailure | null;
}

export const adminAccounts: SignInAccounts<ProvenAdmin> = {
  type: 'admin',
  async byEmail(db, email) {
    const row = await adminByEmail(db, email);
    return row && { ...row, email_verified_at: null };
  },
  principal: provenAdmin,
  refusal: (a) => (a.status !== 'active' ? 'disabled' : null),
};

export const memberAccounts: SignInAccounts<ProvenMember> = {
  type: 'member',
  byEmail: memberByEmail,
  principal: provenMember,
  refusal: (a) => (a.status !== 'active' ? 'disabled' : a.email_verified_at === null ? 'not_confirmed' : null),
};
