import { describe, expect, it } from 'vitest';
import { diffRows } from './diff.ts';

describe('audit diff', () => {
  it('lists changed fields first, flattening nested records', () => {
    const rows = diffRows(
      { name: 'A', roles: ['ROLE_BASE'], memberships: [{ organization_id: 1, sub_account_roles: [] }] },
      { name: 'B', roles: ['ROLE_BASE'], memberships: [{ organization_id: 1, sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }] },
    );
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(['name', 'memberships.0.sub_account_roles']);
    expect(rows.find((r) => r.field === 'roles')).toMatchObject({ changed: false });
  });

  it('shows a create (no before) and a delete (no after) field by field', () => {
    expect(diffRows(null, { name: 'N' })).toEqual([{ field: 'name', before: undefined, after: 'N', changed: true }]);
    expect(diffRows({ name: 'N' }, null)).toEqual([{ field: 'name', before: 'N', after: undefined, changed: true }]);
  });
});
