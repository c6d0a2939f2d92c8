/** Token payload of spec section 3; `id` is the login device the token is bound to, `data.id` the admin. */
export interface TokenPayload {
  exp: number;
  expired_at: string;
  id: number;
  type: 'admin' | 'member';
  data: {
    id: number;
    email: string;
    name: string;
    has_change_default_password: boolean;
    roles: string[];
    sub_account_roles: string[];
    created_at: string;
    updated_at: string;
    /**
     * Only in a token made by switch account (a super admin acting as this admin): who is acting.
     * A token from sign-in has exactly the fields above.
     */
    impersonator?: { id: number; email: string; name: string };
  };
}

/**
 * Must this token's admin change an initial password before anything else? Not while a super admin
 * acts as that admin (switch account): the server holds the same rule (lib/actor.ts).
 */
export const mustChangePassword = (payload: TokenPayload): boolean =>
  payload.data.has_change_default_password === false && !payload.data.impersonator;
