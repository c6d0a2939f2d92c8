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
  };
}
