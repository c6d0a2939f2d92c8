import type { z } from 'zod';
import type { Admin, AdminStatus, MembershipInput, PasswordMail, adminInput, adminListQuery } from '@bo/shared/schemas/admin';
import { adminRolesOf } from '../../lib/context/actor.ts';
import { badRequest, conflict, permissionDenied, roleMissing } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { requireIdentityProof } from '../../lib/identity/identity-proof.ts';
import { mailSetPasswordLink } from '../../lib/identity/password-links.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { isFlagOn } from '../../lib/feature-flags.ts';
import {
  adminScopeOf,
  changedRoles,
  grantableAdminRoles,
  grantableSubAccountRoles,
  managesAll,
  mayManageAccountOf,
} from './admin.policy.ts';
import {
  countActiveSuperAdmins,
  deleteAdmins,
  emailTaken,
  findAdminRows,
  findAdmins,
  groupRoles,
  insertAdmin,
  isInvitePending,
  membershipsOf,
  organizationExists,
  removeTwoFactor,
  resetAdminPassword,
  setMembership,
  toViews,
  updateAdmin,
  listAdmins,
} from './admin.repository.ts';

type Input = z.output<typeof adminInput>;
type Query = z.output<typeof adminListQuery>;

export interface AdminChanges {
  email?: string;
  name?: string;
  status?: AdminStatus;
  roles?: string[];
  group_id?: number | null;
  /** Replaces the memberships within the caller's reach (all organizations, or its active one). */
  memberships?: MembershipInput[];
  /** Sub-account roles in the caller's active organization (the PATCH field). */
  sub_account_roles?: string[];
}

const uniq = (xs: readonly string[]) => [...new Set(xs)].sort();
const SUPER = 'ROLE_SUPER_ADMIN';

export type AdminService = ResourceWrites<Admin, Input> & {
  create(input: Input): Promise<Admin & { invitation: PasswordMail }>;
  resetPassword(id: number): Promise<PasswordMail>;
  /** Turns off another admin's two-factor (a lost phone): it signs in with its first factor, or sets two-factor up again when its roles require it. */
  resetTwoFactor(id: number): Promise<{ message: string }>;
};

/** The admins the caller sees: every one, or the members of its active organization (admin.policy.ts). */
export const adminReads = ({ db, principal: actor, scope }: AdminReadContext): ResourceReads<Admin, Query> => {
  const seen = adminScopeOf(actor, scope);
  return {
    list: (query) => listAdmins(db, seen, query),
    find: (ids) => findAdmins(db, seen, ids),
  };
};

/**
 * Every admin call, in the request's context; throwing rolls the whole call back. The caller sees
 * every admin or the members of its active organization (admin.policy.ts). Updates audit themselves:
 * nothing when nothing changed, and before/after as every organization sees them, whoever asks.
 */
export function adminService(ctx: RequestContext): AdminService {
  const { db, principal: actor } = ctx;
  const scope = adminScopeOf(actor, ctx.scope);
  const unscopedView = async (id: number) => (await findAdmins(db, allOrganizations, [id]))[0];

  /** Refuses an account the actor may not manage (admin.policy.ts): a super admin, or roles it does not hold. */
  const guardTarget = async (id: number) => {
    if (!mayManageAccountOf(actor, await adminRolesOf(db, id))) throw permissionDenied();
  };

  const checkAdminRoles = (before: string[], after: string[]) => {
    const grantable = grantableAdminRoles(actor);
    const refused = changedRoles(before, after).filter((r) => !grantable.has(r));
    if (refused.length) throw roleMissing(refused);
  };

  const checkGroupChange = async (before: number | null, after: number | null) => {
    if (after !== null && !(await isFlagOn(db, 'adminGroup'))) throw badRequest({ group_id: ['validate.error.invalid'] });
    const rolesOf = async (id: number | null) => {
      if (id === null) return [];
      const roles = await groupRoles(db, id);
      if (!roles) throw badRequest({ group_id: ['validate.error.invalid'] });
      return roles;
    };
    checkAdminRoles(await rolesOf(before), await rolesOf(after));
  };

  const checkMembershipChange = async (organizationId: number, before: string[] | null, after: string[] | null) => {
    if (!actor.isSuperAdmin && organizationId !== actor.organizationId) throw permissionDenied();
    if (after !== null && !(await organizationExists(db, organizationId))) throw badRequest({ memberships: ['validate.error.invalid'] });
    const grantable = grantableSubAccountRoles(actor, organizationId);
    const refused = changedRoles(before ?? [], after ?? []).filter((r) => !grantable.has(r));
    if (refused.length) throw roleMissing(refused);
  };

  const assertSuperAdminLeft = async () => {
    if ((await countActiveSuperAdmins(db)) === 0) throw conflict({ _: ['validate.error.last_super_admin'] });
  };

  async function update(row: Admin, changes: AdminChanges): Promise<Admin> {
    const id = row.id;
    const before = await unscopedView(id);
    const all = managesAll(actor);
    const currentRoles = row.roles;

    const set: { email?: string; name?: string; status?: AdminStatus; roles?: string; group_id?: number | null } = {};
    if (changes.email !== undefined && changes.email.toLowerCase() !== row.email) set.email = changes.email.toLowerCase();
    if (changes.name !== undefined && changes.name !== row.name) set.name = changes.name;
    if (changes.status !== undefined && changes.status !== row.status) set.status = changes.status;
    const nextRoles = changes.roles === undefined ? currentRoles : uniq(changes.roles);
    if (changedRoles(currentRoles, nextRoles).length) set.roles = JSON.stringify(nextRoles);
    if (changes.group_id !== undefined && changes.group_id !== row.group_id) set.group_id = changes.group_id;

    const current = new Map(((await membershipsOf(db, [id])).get(id) ?? []).map((m) => [m.organization_id, uniq(m.sub_account_roles)]));
    if (!all && Object.keys(set).length && [...current.keys()].some((org) => org !== actor.organizationId)) throw permissionDenied();
    // Sub-account roles in the caller's own organization stay its to manage; the account itself needs more.
    if (Object.keys(set).length || currentRoles.includes(SUPER)) await guardTarget(id);
    if (set.status === 'disabled' && id === actor.id) throw conflict({ status: ['validate.error.self'] });
    if (set.roles !== undefined) checkAdminRoles(currentRoles, nextRoles);
    if (set.group_id !== undefined) await checkGroupChange(row.group_id, set.group_id);
    if (set.email && (await emailTaken(db, set.email, id))) throw conflict({ email: ['validate.error.unique'] });

    const membershipChanges = new Map<number, string[] | null>();
    if (changes.memberships !== undefined) {
      const next = new Map(changes.memberships.map((m) => [m.organization_id, uniq(m.sub_account_roles)]));
      const reach = all ? [...current.keys()] : [...current.keys()].filter((org) => org === actor.organizationId);
      for (const org of new Set([...reach, ...next.keys()])) {
        const b = current.get(org) ?? null;
        const a = next.get(org) ?? null;
        if (JSON.stringify(a) !== JSON.stringify(b)) membershipChanges.set(org, a);
      }
    }
    if (changes.sub_account_roles !== undefined) {
      if (ctx.scope.kind !== 'organization') throw badRequest({ field: ['validate.error.organization_required'] });
      const org = ctx.scope.organizationId;
      const a = uniq(changes.sub_account_roles);
      if (JSON.stringify(a) !== JSON.stringify(current.get(org) ?? null)) membershipChanges.set(org, a);
    }
    for (const [org, a] of membershipChanges) await checkMembershipChange(org, current.get(org) ?? null, a);

    if (!Object.keys(set).length && !membershipChanges.size) return row;
    await updateAdmin(db, id, set);
    for (const [org, a] of membershipChanges) await setMembership(db, id, org, a);
    if (currentRoles.includes(SUPER) && row.status === 'active' && (set.status || set.roles)) await assertSuperAdminLeft();
    await ctx.audit({ action: 'update', target_type: 'admin', target_id: id, before, after: await unscopedView(id) });
    // The caller's view, even when the change took the admin out of its organization.
    return (await toViews(db, await findAdminRows(db, allOrganizations, [id]), scope))[0];
  }

  return {
    async create(input) {
      const email = input.email.toLowerCase();
      const roles = uniq(input.roles ?? []);
      checkAdminRoles([], roles);
      await checkGroupChange(null, input.group_id ?? null);
      const memberships = new Map((input.memberships ?? []).map((m) => [m.organization_id, uniq(m.sub_account_roles)]));
      for (const [org, r] of memberships) await checkMembershipChange(org, null, r);
      if (await emailTaken(db, email)) throw conflict({ email: ['validate.error.unique'] });

      // No password: the invitation's link sets one (issue 10); '' never verifies.
      const id = await insertAdmin(db, {
        email,
        name: input.name,
        passwordHash: '',
        roles,
        groupId: input.group_id ?? null,
        status: input.status ?? 'active',
      });
      for (const [org, r] of memberships) await setMembership(db, id, org, r);
      const invitation = await mailSetPasswordLink(ctx, id, 'invite');
      await ctx.audit({ action: 'invite', target_type: 'admin', target_id: id, after: { sent_to: invitation.sent_to } });
      return { ...(await unscopedView(id)), invitation };
    },

    update: (row, { organization_id: _selector, ...changes }) => update(row, changes),
    patch: (row, change) => update(row, { [change.field]: change.value }),

    async remove(rows) {
      for (const row of rows) {
        if (row.id === actor.id) throw conflict({ ids: ['validate.error.self'] });
        await guardTarget(row.id);
      }
      await deleteAdmins(
        db,
        rows.map((r) => r.id),
      );
      if (rows.some((r) => r.status === 'active' && r.roles.includes(SUPER))) await assertSuperAdminLeft();
    },

    async resetPassword(id) {
      const [row] = await loadAllOr404([id], (unique) => findAdminRows(db, scope, unique));
      if (row.id === actor.id) throw conflict({ id: ['validate.error.self'] });
      await guardTarget(row.id);
      await requireIdentityProof(db, actor.deviceId);
      const invited = await isInvitePending(db, id);
      await resetAdminPassword(db, id, '');
      const sent = await mailSetPasswordLink(ctx, id, invited ? 'invite' : 'reset');
      await ctx.audit({ action: 'reset_password', target_type: 'admin', target_id: id, after: { sent_to: sent.sent_to } });
      return sent;
    },
    async resetTwoFactor(id) {
      const [row] = await loadAllOr404([id], (unique) => findAdminRows(db, scope, unique));
      if (row.id === actor.id) throw conflict({ id: ['validate.error.self'] });
      await guardTarget(row.id);
      await requireIdentityProof(db, actor.deviceId);
      if (!(await removeTwoFactor(db, id))) throw badRequest({ id: ['validate.error.two_factor_not_enabled'] });
      await ctx.audit({ action: 'reset_two_factor', target_type: 'admin', target_id: id });
      return { message: 'OK' };
    },
  };
}
