import type { RequestContext } from '../../lib/kit/request-context.ts';
import { sql } from 'kysely';
import { MEMBER_ERROR_KEYS, type OrganizationMemberView } from '@bo/shared/schemas/organization-members';
import type { DbOrTrx, Trx } from '../../db/database.ts';
import { parseRoles, type Actor } from '../../lib/actor.ts';
import { badRequest, conflict, notFound, permissionDenied } from '../../lib/errors.ts';
import { likePattern, paginate, type ListParams } from '../../lib/list.ts';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import type { AuditEntry } from '../../lib/audit.ts';
import { changedRoles, grantableSubAccountRoles } from '../admin/admin.policy.ts';
import { emailTaken, setMembership } from '../admin/admin.repository.ts';

const now = () => new Date().toISOString();
const uniq = (xs: readonly string[]) => [...new Set(xs)].sort();
const ADMIN = 'SUB_ACCOUNT_ROLE_ADMIN';

const memberColumns = ['a.id as admin_id', 'a.email', 'a.name', 'a.status', 'a.has_change_default_password', 'm.sub_account_roles', 'm.created_at as joined_at'] as const;

const membersOf = (db: DbOrTrx, organizationId: number) => db.selectFrom('organization_members as m')
  .innerJoin('admins as a', 'a.id', 'm.admin_id')
  .select(memberColumns)
  .where('m.organization_id', '=', organizationId);

type MemberRow = { admin_id: number; email: string; name: string; status: 'active' | 'disabled'; has_change_default_password: number; sub_account_roles: string; joined_at: string };
const toView = (r: MemberRow): OrganizationMemberView => ({
  admin_id: r.admin_id, email: r.email, name: r.name, status: r.status, has_change_default_password: r.has_change_default_password === 1,
  sub_account_roles: parseRoles(r.sub_account_roles), joined_at: r.joined_at,
});

/** One page of the organization's members; `organizationId` is required: nobody lists another organization's members here. */
export async function listMembers(db: DbOrTrx, organizationId: number, q: ListParams & { keyword?: string }) {
  let qb = membersOf(db, organizationId);
  if (q.keyword) {
    const p = likePattern(q.keyword.toLowerCase());
    qb = qb.where(sql<boolean>`(lower(a.name) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\')`);
  }
  const page = await paginate(qb, q, { idColumn: 'a.id', sortColumns: { joined_at: 'm.created_at', name: 'a.name', email: 'a.email' } });
  return { data: (page.data as MemberRow[]).map(toView), meta: page.meta };
}

/** A member of the organization, or 404 (an admin of another organization does not exist here). */
export async function findMember(db: DbOrTrx, organizationId: number, adminId: number): Promise<OrganizationMemberView> {
  const row = await membersOf(db, organizationId).where('a.id', '=', adminId).executeTakeFirst();
  if (!row) throw notFound();
  return toView(row as MemberRow);
}

type Audit = RequestContext['audit'];

/**
 * Membership changes of the active organization, in the request's transaction (docs/decisions.md
 * "Organization members"): only sub-account roles the actor may grant there (admin.policy.ts), never
 * a ROLE_ role (the input schema allows sub-account roles only), never another organization.
 */
export class OrganizationMembers {
  constructor(private readonly trx: Trx, private readonly actor: Actor, private readonly organizationId: number, private readonly audit: Audit) {}

  /** Refuses a change of roles the actor may not grant or take away in this organization. */
  private checkRoles(before: readonly string[], after: readonly string[]): void {
    const grantable = grantableSubAccountRoles(this.actor, this.organizationId);
    if (changedRoles(before, after).some((r) => !grantable.has(r))) throw permissionDenied();
  }

  /**
   * An organization admin cannot take its own admin role away nor leave: the organization would
   * be left to super admins, and the screen that did it would answer 403 at once.
   */
  private guardSelf(adminId: number, after: readonly string[] | null): void {
    if (adminId !== this.actor.id || this.actor.isSuperAdmin) return;
    if (after === null || !after.includes(ADMIN)) throw conflict({ sub_account_roles: [MEMBER_ERROR_KEYS.self] });
  }

  /** A new admin account, member of this organization, with an initial password it must change at first sign-in. */
  async invite(input: { email: string; name: string; sub_account_roles: string[] }): Promise<{ member: OrganizationMemberView; password: string }> {
    const roles = uniq(input.sub_account_roles);
    this.checkRoles([], roles);
    if (await emailTaken(this.trx, input.email)) throw conflict({ email: [MEMBER_ERROR_KEYS.emailTaken] });
    const password = generatePassword();
    const t = now();
    const { id } = await this.trx.insertInto('admins').values({
      email: input.email, name: input.name, password_hash: await hashPassword(password), has_change_default_password: 0,
      roles: '[]', group_id: null, status: 'active', created_at: t, updated_at: t,
    }).returning('id').executeTakeFirstOrThrow();
    await setMembership(this.trx, id, this.organizationId, roles);
    const member = await findMember(this.trx, this.organizationId, id);
    await this.audit({ action: 'create', target_type: 'admin', target_id: id, after: { email: member.email, name: member.name, roles: [] } });
    await this.audit({ action: 'invite', target_type: 'organization_member', target_id: id, after: member });
    return { member, password };
  }

  /** An existing admin account joins this organization. */
  async add(input: { email: string; sub_account_roles: string[] }): Promise<OrganizationMemberView> {
    const roles = uniq(input.sub_account_roles);
    this.checkRoles([], roles);
    const admin = await this.trx.selectFrom('admins').select('id').where('email', '=', input.email).executeTakeFirst();
    if (!admin) throw badRequest({ email: [MEMBER_ERROR_KEYS.unknownAccount] });
    const existing = await this.trx.selectFrom('organization_members').select('admin_id')
      .where('organization_id', '=', this.organizationId).where('admin_id', '=', admin.id).executeTakeFirst();
    if (existing) throw conflict({ email: [MEMBER_ERROR_KEYS.alreadyMember] });
    await setMembership(this.trx, admin.id, this.organizationId, roles);
    const member = await findMember(this.trx, this.organizationId, admin.id);
    await this.audit({ action: 'add', target_type: 'organization_member', target_id: admin.id, after: member });
    return member;
  }

  async setRoles(adminId: number, subAccountRoles: string[]): Promise<OrganizationMemberView> {
    const before = await findMember(this.trx, this.organizationId, adminId);
    const roles = uniq(subAccountRoles);
    if (!changedRoles(before.sub_account_roles, roles).length) return before;
    this.checkRoles(before.sub_account_roles, roles);
    this.guardSelf(adminId, roles);
    await setMembership(this.trx, adminId, this.organizationId, roles);
    const after = await findMember(this.trx, this.organizationId, adminId);
    await this.audit({ action: 'update', target_type: 'organization_member', target_id: adminId, before, after });
    return after;
  }

  /** Ends the membership; the account stays (it may belong elsewhere), as do its sessions in other organizations. */
  async remove(adminId: number): Promise<void> {
    const before = await findMember(this.trx, this.organizationId, adminId);
    this.checkRoles(before.sub_account_roles, []);
    this.guardSelf(adminId, null);
    await setMembership(this.trx, adminId, this.organizationId, null);
    await this.audit({ action: 'remove', target_type: 'organization_member', target_id: adminId, before });
  }
}
