/** Token payload of spec section 3; `id` is the login device the token is bound to, `data.id` the admin. */
export interface TokenPayload {
  exp: number;
  expired_at: string;
  id: number;
  /**
   * The token's own id (RFC 7519 `jti`), the one claim added to spec section 3: the login device
   * remembers its current token's id, so a renewal retires the token it replaces. Every token the
   * server issues carries it and the server refuses one without it; optional here only because the
   * web never reads it.
   */
  jti?: string;
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
