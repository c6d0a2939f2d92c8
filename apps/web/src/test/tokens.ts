import type { TokenPayload } from '../lib/token-store.ts';

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** An unsigned token whose payload the client decodes (the client never verifies signatures). */
export function makeToken(o: { expInMs?: number; roles?: string[]; subRoles?: string[]; changed?: boolean; id?: number } = {}): string {
  const exp = Math.floor((Date.now() + (o.expInMs ?? 3_600_000)) / 1000);
  const payload: TokenPayload = {
    exp,
    expired_at: new Date(exp * 1000).toISOString(),
    id: o.id ?? 1,
    type: 'admin',
    data: {
      id: 1,
      email: 'a@example.com',
      name: 'Ann',
      has_change_default_password: o.changed ?? true,
      roles: o.roles ?? ['ROLE_SUPER_ADMIN'],
      sub_account_roles: o.subRoles ?? [],
      created_at: '',
      updated_at: '',
    },
  };
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.sig`;
}
