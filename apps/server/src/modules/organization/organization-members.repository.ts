import { sql } from 'kysely';
import type { MailStatus } from '../../db/tables/mail.ts';
import type { OrganizationMemberView } from '@bo/shared/schemas/organization-members';
import type { ReadDb } from '../../db/database.ts';
import { parseRoles } from '../../lib/context/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { countOrganizationRows } from '../../lib/kit/count-organization-rows.repository.ts';
import type { OrganizationDependent } from '../../lib/kit/organization-dependents.ts';
import { likePattern, type ListParams } from '../../lib/list.ts';
import { paginate } from '../../db/paginate.ts';
import type { OrganizationScope } from '../../lib/context/scope.ts';

const memberColumns = [
  'a.id as admin_id',
  'a.email',
  'a.name',
  'a.status',
  'a.has_change_default_password',
  'm.sub_account_roles',
  'm.created_at as joined_at',
  // The member's latest set-password link, its sender and its mail (issue 26): never the hash itself.
  't.purpose as link_purpose',
  't.created_at as link_created_at',
  't.expires_at as link_expires_at',
  't.used_at as link_used_at',
  'inviter.name as inviter_name',
  'inviter.email as inviter_email',
  'o.status as mail_status',
] as const;

/** Members of one organization: an organization scope is required, nobody lists every organization's members here. */
const membersOf = (db: ReadDb, scope: OrganizationScope) =>
  db
    .selectFrom('organization_members as m')
    .innerJoin('admins as a', 'a.id', 'm.admin_id')
    .leftJoin('password_reset_tokens as t', (j) =>
      j.onRef('t.admin_id', '=', 'a.id').on('t.id', '=', (eb) =>
        eb
          .selectFrom('password_reset_tokens as latest')
          .select((sub) => sub.fn.max('latest.id').as('id'))
          .whereRef('latest.admin_id', '=', 'a.id'),
      ),
    )
    .leftJoin('admins as inviter', 'inviter.id', 't.created_by')
    .leftJoin('mail_outbox as o', 'o.id', 't.mail_id')
    .select(memberColumns)
    .select(sql<number>`case when a.password_hash = '' then 0 else 1 end`.as('has_password'))
    .where('m.organization_id', '=', scope.organizationId);

type MemberRow = {
  admin_id: number;
  email: string;
  name: string;
  status: 'active' | 'disabled';
  has_change_default_password: number;
  sub_account_roles: string;
  joined_at: string;
  link_purpose: 'reset' | 'invite' | null;
  link_created_at: string | null;
  link_expires_at: string | null;
  link_used_at: string | null;
  inviter_name: string | null;
  inviter_email: string | null;
  mail_status: MailStatus | null;
  has_password: number | string;
};

/** The invitation while the member's latest link is one (a later reset link ends its story). */
const invitationOf = (r: MemberRow, now: string): OrganizationMemberView['invitation'] => {
  if (r.link_purpose !== 'invite' || !r.link_created_at || !r.link_expires_at) return null;
  const state = Number(r.has_password) === 1 ? 'accepted' : r.link_used_at === null && r.link_expires_at > now ? 'pending' : 'expired';
  return {
    state,
    sent_at: r.link_created_at,
    expires_at: r.link_expires_at,
    sent_by: r.inviter_name || r.inviter_email || null,
    mail_status: r.mail_status,
  };
};

const toView = (r: MemberRow, now = new Date().toISOString()): OrganizationMemberView => ({
  admin_id: r.admin_id,
  email: r.email,
  name: r.name,
  status: r.status,
  has_change_default_password: r.has_change_default_password === 1,
  sub_account_roles: parseRoles(r.sub_account_roles),
  joined_at: r.joined_at,
  invitation: invitationOf(r, now),
});

export async function listMembers(db: ReadDb, scope: OrganizationScope, q: ListParams & { keyword?: string }) {
  let qb = membersOf(db, scope);
  if (q.keyword) {
    const p = likePattern(q.keyword.toLowerCase());
    qb = qb.where(sql<boolean>`(lower(a.name) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\')`);
  }
  const page = await paginate(qb, q, { idColumn: 'a.id', sortColumns: { joined_at: 'm.created_at', name: 'a.name', email: 'a.email' } });
  const now = new Date().toISOString();
  return { data: (page.data as MemberRow[]).map((r) => toView(r, now)), meta: page.meta };
}

/** A member of the organization, or 404 (an admin of another organization does not exist here). */
export async function findMember(db: ReadDb, scope: OrganizationScope, adminId: number): Promise<OrganizationMemberView> {
  const row = await membersOf(db, scope).where('a.id', '=', adminId).executeTakeFirst();
  if (!row) throw notFound();
  return toView(row as MemberRow);
}

/**
 * Whether the account reaches beyond this organization: a company-wide role (ROLE_…) or a membership
 * elsewhere. An organization admin may not hand over a set-password link to such an account.
 */
export async function reachesBeyond(db: ReadDb, adminId: number, organizationId: number): Promise<boolean> {
  const admin = await db.selectFrom('admins').select('roles').where('id', '=', adminId).executeTakeFirstOrThrow();
  if (parseRoles(admin.roles).length > 0) return true;
  const other = await db
    .selectFrom('organization_members')
    .select('organization_id')
    .where('admin_id', '=', adminId)
    .where('organization_id', '!=', organizationId)
    .executeTakeFirst();
  return other !== undefined;
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
