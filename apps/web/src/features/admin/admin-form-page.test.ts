import { describe, expect, it } from 'vitest';
import { toAdminBody } from './admin-form-page.tsx';

// What antd's onFinish hands over: only the fields the form renders.
const shownToOrganizationAdmin = {
  email: 'm@example.com',
  name: 'Member',
  status: 'active' as const,
  memberships: [{ organization_id: 4, sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ' as const] }],
};

describe('admin form body', () => {
  it('leaves roles and group out when the form does not show them (organization admin), so the server keeps them', () => {
    const body = toAdminBody(shownToOrganizationAdmin, { roles: false, group: false });
    expect(body).not.toHaveProperty('roles');
    expect(body).not.toHaveProperty('group_id');
    expect(body).toEqual(shownToOrganizationAdmin);
  });

  it('sends roles and group when shown, an emptied group as null', () => {
    const body = toAdminBody({ ...shownToOrganizationAdmin, roles: ['ROLE_BASE'], group_id: undefined }, { roles: true, group: true });
    expect(body).toMatchObject({ roles: ['ROLE_BASE'], group_id: null });
  });

  it('sends roles but no group when the group feature is off', () => {
    const body = toAdminBody({ ...shownToOrganizationAdmin, roles: [] }, { roles: true, group: false });
    expect(body.roles).toEqual([]);
    expect(body).not.toHaveProperty('group_id');
  });

  it('drops membership rows with no organization chosen', () => {
    const body = toAdminBody(
      { ...shownToOrganizationAdmin, memberships: [{ organization_id: undefined as unknown as number, sub_account_roles: [] }] },
      { roles: false, group: false },
    );
    expect(body.memberships).toEqual([]);
  });
});
