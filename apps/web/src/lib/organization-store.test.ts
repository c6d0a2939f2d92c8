import { describe, expect, it } from 'vitest';
import { chooseOrganization, organizationLabel, type Organization } from './organization-store.ts';

const org = (id: number, uid = `u${id}`, company_id: string | null = null): Organization => ({
  id,
  uid,
  name: `Org ${id}`,
  company_id,
  status: 'active',
  sub_account_roles: [],
});
const list = [org(1), org(2), org(3, 'acme')];

describe('active organization at start-up (spec section 4)', () => {
  it('takes the one named by ?org= first', () => {
    expect(chooseOrganization(list, { query: '2', saved: '3' })?.id).toBe(2);
    expect(chooseOrganization(list, { query: 'acme', saved: '1' })?.id).toBe(3);
  });
  it('falls back to the saved one when ?org= is absent or unknown', () => {
    expect(chooseOrganization(list, { query: null, saved: '3' })?.id).toBe(3);
    expect(chooseOrganization(list, { query: '99', saved: '2' })?.id).toBe(2);
  });
  it('falls back to the first when neither matches', () => {
    expect(chooseOrganization(list, { query: '99', saved: '42' })?.id).toBe(1);
    expect(chooseOrganization(list, {})?.id).toBe(1);
  });
  it('chooses none when there are no organizations', () => {
    expect(chooseOrganization([], { query: '1', saved: '1' })).toBeNull();
  });
  it('displays name (company_id) when company_id is present', () => {
    expect(organizationLabel(org(1, 'u', '12345678'))).toBe('Org 1 (12345678)');
    expect(organizationLabel(org(1))).toBe('Org 1');
  });
});
