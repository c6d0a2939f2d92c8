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
 * Who a sign-in proved to be: what a credential strategy answers and a session is opened for: an
 * admin (login devices) or a member of the website (member devices, issue 12).
 */
export type Principal = AdminPrincipal | MemberPrincipal;

export const adminPrincipal = (id: number): AdminPrincipal => ({ type: 'admin', id });
export const memberPrincipal = (id: number): MemberPrincipal => ({ type: 'member', id });
