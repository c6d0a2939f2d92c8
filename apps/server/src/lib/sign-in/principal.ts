import type { TokenPayload } from '@bo/shared/token';

/** The account types of spec section 3: a token's `type`. */
export type PrincipalType = TokenPayload['type'];

export interface AdminPrincipal {
  type: 'admin';
  id: number;
}
export interface MemberPrincipal {
  type: 'member';
  id: number;
}

/**
 * Who a sign-in proved to be: what a credential strategy answers and a session is opened for. Only
 * admins have sessions yet (login devices belong to admins); members sign in once the members module
 * gives them sessions of their own.
 */
export type Principal = AdminPrincipal | MemberPrincipal;

export const adminPrincipal = (id: number): AdminPrincipal => ({ type: 'admin', id });
