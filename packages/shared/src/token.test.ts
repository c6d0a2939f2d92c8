import { describe, expect, it } from 'vitest';
import { mustChangePassword, type TokenPayload } from './token.ts';

const payload = (data: Partial<TokenPayload['data']>): TokenPayload => ({
  exp: 0,
  expired_at: '',
  id: 1,
  type: 'admin',
  data: {
    id: 2,
    email: 'a@example.com',
    name: 'A',
    has_change_default_password: true,
    roles: [],
    sub_account_roles: [],
    created_at: '',
    updated_at: '',
    ...data,
  },
});

describe('mustChangePassword', () => {
  it('holds an admin with an initial password, not one who changed it', () => {
    expect(mustChangePassword(payload({ has_change_default_password: false }))).toBe(true);
    expect(mustChangePassword(payload({ has_change_default_password: true }))).toBe(false);
  });

  it('does not hold a super admin acting as that admin', () => {
    expect(
      mustChangePassword(payload({ has_change_default_password: false, impersonator: { id: 9, email: 'boss@example.com', name: 'Boss' } })),
    ).toBe(false);
  });
});
