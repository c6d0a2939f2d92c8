/**
 * Which organizations a query covers. Every repository takes one of these instead of a nullable or
 * sentinel organization id: `organization` is one organization's rows, `all` is every row (readers
 * across organizations, super admin lists), `unassigned` is rows that belong to no organization.
 */
export type Scope =
  | { readonly kind: 'organization'; readonly organizationId: number }
  | { readonly kind: 'all' }
  | { readonly kind: 'unassigned' };

export type OrganizationScope = Extract<Scope, { kind: 'organization' }>;

export const inOrganization = (organizationId: number): OrganizationScope => ({ kind: 'organization', organizationId });
export const allOrganizations: Scope = Object.freeze({ kind: 'all' });
export const unassigned: Scope = Object.freeze({ kind: 'unassigned' });

/** The scope of a request acting in `organizationId`, or of one acting outside any (null). */
export const scopeOf = (organizationId: number | null): Scope => (organizationId === null ? unassigned : inOrganization(organizationId));

/** The organization id new rows get in a scope; only an organization scope can own rows. */
export const owningOrganization = (scope: Scope): number | null => (scope.kind === 'organization' ? scope.organizationId : null);

interface Whereable<Q> {
  where(column: any, op: any, value: any): Q;
}

/** Narrows a query to the rows `scope` covers, on its organization column. */
export function whereInScope<Q extends Whereable<Q>>(qb: Q, column: string, scope: Scope): Q {
  switch (scope.kind) {
    case 'organization':
      return qb.where(column, '=', scope.organizationId);
    case 'unassigned':
      return qb.where(column, 'is', null);
    case 'all':
      return qb;
  }
}
