import { versionsOfRows } from '../../lib/context/record-versions.ts';
import type { PasswordMail } from '@bo/shared/schemas/admin';
import { MEMBER_ERROR_KEYS, type OrganizationMemberView } from '@bo/shared/schemas/organization-members';
import { badRequest, conflict, permissionDenied } from '../../lib/errors.ts';
import type { OrganizationContext, OrganizationReadContext } from '../../lib/context/request-context.ts';
import type { ListParams } from '../../lib/list.ts';
import { mailSetPasswordLink } from '../../lib/identity/password-links.ts';
import { changedRoles, grantableSubAccountRoles } from '../admin/admin.policy.ts';
import { adminIdByEmail, emailTaken, insertAdmin, isMember, setMembership } from '../admin/admin.repository.ts';
import { findMember, listMembers, reachesBeyond } from './organization-members.repository.ts';

/**
 * Issue 36: a membership's version is its own, per organization (`organizationId:adminId`): a change
 * of the same admin's membership elsewhere is no conflict here, and says nothing of that organization.
 */
export const membershipVersionId = (organizationId: number, adminId: number | string) => `${organizationId}:${adminId}`;

const uniq = (xs: readonly string[]) => [...new Set(xs)].sort();
const ADMIN = 'SUB_ACCOUNT_ROLE_ADMIN';

/** Members of the organization the request acts in. */
export const organizationMembersReads = ({ db, scope, organizationId }: OrganizationReadContext) => ({
  /** A page of members, each with the version of its membership (issue 36). */
  async list(query: ListParams & { keyword?: string }) {
    const page = await listMembers(db, scope, query);
    const versions = await versionsOfRows(
      db,
      'organization_member',
      page.data.map((m) => membershipVersionId(organizationId, m.admin_id)),
    );
    return { ...page, data: page.data.map((m) => ({ ...m, version: versions.get(membershipVersionId(organizationId, m.admin_id)) ?? 0 })) };
  },
});

/**
 * Members of the organization the request acts in (docs/decisions.md "Organization members"): only
 * sub-account roles the actor may grant there (admin.policy.ts), never a ROLE_ role (the input schema
 * allows sub-account roles only), never another organization.
 */
export function organizationMembersService(ctx: OrganizationContext) {
  const { db, principal: actor, scope, organizationId } = ctx;
  const versionOf = (adminId: number) => ({
    target_type: 'organization_member' as const,
    target_id: membershipVersionId(organizationId, adminId),
  });

  /** Refuses a change of roles the actor may not grant or take away in this organization. */
  const checkRoles = (before: readonly string[], after: readonly string[]) => {
    const grantable = grantableSubAccountRoles(actor, organizationId);
    if (changedRoles(before, after).some((r) => !grantable.has(r))) throw permissionDenied();
  };

  /**
   * An organization admin cannot take its own admin role away nor leave: the organization would
   * be left to super admins, and the screen that did it would answer 403 at once.
   */
  const guardSelf = (adminId: number, after: readonly string[] | null) => {
    if (adminId !== actor.id || actor.isSuperAdmin) return;
    if (after === null || !after.includes(ADMIN)) throw conflict({ sub_account_roles: [MEMBER_ERROR_KEYS.self] });
  };

  return {
    /** A new admin account, member of this organization, without a password: an invitation mails a link to set one. */
    async invite(input: {
      email: string;
      name: string;
      sub_account_roles: string[];
    }): Promise<{ member: OrganizationMemberView; invitation: PasswordMail }> {
      const roles = uniq(input.sub_account_roles);
      checkRoles([], roles);
      if (await emailTaken(db, input.email)) throw conflict({ email: [MEMBER_ERROR_KEYS.emailTaken] });
      const id = await insertAdmin(db, {
        email: input.email,
        name: input.name,
        passwordHash: '',
        roles: [],
        groupId: null,
        status: 'active',
      });
      await setMembership(db, id, organizationId, roles);
      const member = await findMember(db, scope, id);
      await ctx.audit({
        action: 'create',
        target_type: 'admin',
        target_id: id,
        after: { email: member.email, name: member.name, roles: [] },
      });
      await ctx.audit({ action: 'invite', target_type: 'organization_member', target_id: id, after: member, version_of: versionOf(id) });
      const invitation = await mailSetPasswordLink(ctx, id, 'invite');
      return { member: await findMember(db, scope, id), invitation };
    },

    /**
     * Issue 26: a fresh invitation for a member who has not set a password yet (pending or expired):
     * the previous link dies, a new mail is queued, and the link comes back when mail cannot go out.
     * An organization admin may do it only for an account that reaches no further than this
     * organization (no ROLE_ role, no other membership): the link sets that account's password.
     */
    async resendInvitation(adminId: number): Promise<PasswordMail> {
      const member = await findMember(db, scope, adminId);
      if (member.invitation === null || member.invitation.state === 'accepted')
        throw conflict({ id: [MEMBER_ERROR_KEYS.invitationClosed] });
      if (!actor.isSuperAdmin && (await reachesBeyond(db, adminId, organizationId))) throw permissionDenied();
      const sent = await mailSetPasswordLink(ctx, adminId, 'invite');
      await ctx.audit({
        action: 'resend_invitation',
        target_type: 'organization_member',
        target_id: adminId,
        after: { sent_to: sent.sent_to },
      });
      return sent;
    },

    /** An existing admin account joins this organization. */
    async add(input: { email: string; sub_account_roles: string[] }): Promise<OrganizationMemberView> {
      const roles = uniq(input.sub_account_roles);
      checkRoles([], roles);
      const adminId = await adminIdByEmail(db, input.email);
      if (adminId === null) throw badRequest({ email: [MEMBER_ERROR_KEYS.unknownAccount] });
      if (await isMember(db, adminId, organizationId)) throw conflict({ email: [MEMBER_ERROR_KEYS.alreadyMember] });
      await setMembership(db, adminId, organizationId, roles);
      const member = await findMember(db, scope, adminId);
      await ctx.audit({
        action: 'add',
        target_type: 'organization_member',
        target_id: adminId,
        after: member,
        version_of: versionOf(adminId),
      });
      return member;
    },

    async setRoles(adminId: number, subAccountRoles: string[]): Promise<OrganizationMemberView> {
      const before = await findMember(db, scope, adminId);
      const roles = uniq(subAccountRoles);
      if (!changedRoles(before.sub_account_roles, roles).length) return before;
      checkRoles(before.sub_account_roles, roles);
      guardSelf(adminId, roles);
      await setMembership(db, adminId, organizationId, roles);
      const after = await findMember(db, scope, adminId);
      await ctx.audit({
        action: 'update',
        target_type: 'organization_member',
        target_id: adminId,
        before,
        after,
        version_of: versionOf(adminId),
      });
      return after;
    },

    /** Ends the membership; the account stays (it may belong elsewhere), as do its sessions in other organizations. */
    async remove(adminId: number): Promise<void> {
      const before = await findMember(db, scope, adminId);
      checkRoles(before.sub_account_roles, []);
      guardSelf(adminId, null);
      await setMembership(db, adminId, organizationId, null);
      await ctx.audit({ action: 'remove', target_type: 'organization_member', target_id: adminId, before, version_of: versionOf(adminId) });
    },
  };
}
