import type { TokenPayload } from '@bo/shared/token';

/** The account types of spec section 3: a token's `type`. */
export type AccountType = TokenPayload['type'];

/**
 * What a credential proves (a password, an e-mail code, a provider, a token): the account's type and
 * id, and nothing of what it may do. Who then acts with it is a principal (lib/context/principals.ts).
 */
export interface ProvenAdmin {
  type: 'admin';
  id: number;
}
export interface ProvenMember {
  type: 'member';
  id: number;
}

/**
 * The account a sign-in proved: what a credential strategy answers and a session is opened for: an
 * admin (login devices) or a member of the website (member devices, issue 12).
 */
export type ProvenAccount = ProvenAdmin | ProvenMember;

export const provenAdmin = (id: number): ProvenAdmin => ({ type: 'admin', id });
export const provenMember = (id: number): ProvenMember => ({ type: 'member', id });
