import { sql } from 'kysely';
import type { OrganizationMemberView } from '@bo/shared/schemas/organization-members';
import type { DbOrTrx } from '../../db/database.ts';
import { parseRoles } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { countOrganizationRows } from '../../lib/kit/count-organization-rows.ts';
import type { OrganizationDependent } from '../../lib/kit/organization-dependents.ts';
import { likePattern, type ListParams } from '../../lib/list.ts';
import { paginate } from '../../lib/kit/paginate.ts';
import type { OrganizationScope } from '../../lib/scope.ts';

const memberColumns = [
  'a.id as admin_id',
  'a.email',
  'a.name',
  'a.status',
  'a.has_change_default_password',
  'm.sub_account_roles',
  'm.created_at as joined_at',
] as const;

/** Members of one organization: an organization scope is required, nobody lists every organization's members here. */
const membersOf = (db: DbOrTrx, scope: OrganizationScope) =>
  db
    .selectFrom('organization_members as m')
    .innerJoin('admins as a', 'a.id', 'm.admin_id')
    .select(memberColumns)
    .where('m.organization_id', '=', scope.organizationId);

type MemberRow = {
  admin_id: number;
  email: string;
  name: string;
  status: 'active' | 'disabled';
  has_change_default_password: number;
  sub_account_roles: string;
  joined_at: string;
};
const toView = (r: MemberRow): OrganizationMemberView => ({
  admin_id: r.admin_id,
  email: r.email,
  name: r.name,
  status: r.status,
  has_change_default_password: r.has_change_default_password === 1,
  sub_account_roles: parseRoles(r.sub_account_roles),
  joined_at: r.joined_at,
});

export async function listMembers(db: DbOrTrx, scope: OrganizationScope, q: ListParams & { keyword?: string }) {
  let qb = membersOf(db, scope);
  if (q.keyword) {
    const p = likePattern(q.keyword.toLowerCase());
    qb = qb.where(sql<boolean>`(lower(a.name) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\')`);
  }
  const page = await paginate(qb, q, { idColumn: 'a.id', sortColumns: { joined_at: 'm.created_at', name: 'a.name', email: 'a.email' } });
  return { data: (page.data as MemberRow[]).map(toView), meta: page.meta };
}

/** A member of the organization, or 404 (an admin of another organization does not exist here). */
export async function findMember(db: DbOrTrx, scope: OrganizationScope, adminId: number): Promise<OrganizationMemberView> {
  const row = await membersOf(db, scope).where('a.id', '=', adminId).executeTakeFirst();
  if (!row) throw notFound();
  return toView(row as MemberRow);
}

/** Memberships go with their organization; the admins themselves stay. */
export const organizationMembersDependent: OrganizationDependent = {
  name: 'members',
  count: (db, organizationId) => countOrganizationRows(db, 'organization_members', organizationId),
  remove: async (db, organizationId) => {
    await db.deleteFrom('organization_members').where('organization_id', '=', organizationId).execute();
    return [];
  },
};
