import { can, ROLES } from '@bo/shared/permissions';
import { ADMIN_ROLES, SUB_ACCOUNT_ROLES } from '@bo/shared/roles';
import type { AdminPrincipal } from '../../lib/context/principals.ts';
import { allOrganizations, type Scope } from '../../lib/context/scope.ts';

/**
 * Who may manage which admin, and grant which role. Decisions (issue "Admin accounts"):
 * - Super admins (and maintainers, who pass every check, spec section 6) manage every admin;
 *   an organization's SUB_ACCOUNT_ROLE_ADMIN manages the members of its active organization.
 * - Nobody grants or takes away a role they do not hold. A super admin holds, by implication, every
 *   role except ROLE_MAINTAINER (only a maintainer grants that) and every sub-account role of every
 *   organization; SUB_ACCOUNT_ROLE_ADMIN implies the staff roles of its organization.
 * - Only a super admin touches an admin who holds ROLE_SUPER_ADMIN.
 * - An organization admin changes account-wide fields (email, name, status) only of admins who
 *   belong to its organization alone: otherwise it could lock another organization out.
 * - An organization admin changes the account (fields, deletion, password reset) only of admins whose
 *   ROLE_ roles (own and group's) it holds itself, ROLE_BASE aside: it cannot lock out, rename or take
 *   over the email of a maintainer, a photo manager or a staff manager of the whole company.
 * - The same holds for a super admin (issue 34): it changes (e-mail, password reset, deletion…) or
 *   switches into an account only while that account holds no role it could not grant, so without
 *   a maintainer it never reaches a maintainer's powers.
 */
export const managesAll = (actor: AdminPrincipal): boolean => can(actor.roles, ROLES.superAdmin);

/** Whether the actor may change the account of an admin holding `targetRoles` (effective ROLE_ roles). */
export function mayManageAccountOf(actor: AdminPrincipal, targetRoles: readonly string[]): boolean {
  if (targetRoles.includes('ROLE_SUPER_ADMIN') && !actor.isSuperAdmin) return false;
  // A maintainer passes every check (spec section 6).
  if (actor.adminRoles.includes('ROLE_MAINTAINER')) return true;
  const held = managesAll(actor) ? grantableAdminRoles(actor) : new Set(actor.adminRoles);
  return targetRoles.every((r) => r === 'ROLE_BASE' || held.has(r));
}

/** The admins a caller sees: every admin, or those of the request's scope (the members of its active organization). */
export const adminScopeOf = (actor: AdminPrincipal, requestScope: Scope): Scope => (managesAll(actor) ? allOrganizations : requestScope);

export function grantableAdminRoles(actor: AdminPrincipal): Set<string> {
  // An organization admin grants only its organization's sub-account roles.
  if (!managesAll(actor)) return new Set();
  const held = new Set(actor.adminRoles);
  if (actor.isSuperAdmin) for (const r of ADMIN_ROLES) if (r !== 'ROLE_MAINTAINER') held.add(r);
  return held;
}

/** Sub-account roles the actor may grant in `organizationId`. */
export function grantableSubAccountRoles(actor: AdminPrincipal, organizationId: number): Set<string> {
  if (actor.isSuperAdmin) return new Set(SUB_ACCOUNT_ROLES);
  if (actor.organizationId !== organizationId) return new Set();
  if (actor.subAccountRoles.includes('SUB_ACCOUNT_ROLE_ADMIN')) return new Set(SUB_ACCOUNT_ROLES);
  return new Set(actor.subAccountRoles);
}

/** Sub-account roles the actor may grant where it acts: its active organization, or (a super admin) any. */
export function grantableSubAccountRolesIn(actor: AdminPrincipal, scope: Scope): Set<string> {
  if (scope.kind === 'organization') return grantableSubAccountRoles(actor, scope.organizationId);
  return actor.isSuperAdmin ? new Set(SUB_ACCOUNT_ROLES) : new Set();
}

/** Roles that differ between two sets (granted or taken away). */
export function changedRoles(before: readonly string[], after: readonly string[]): string[] {
  const a = new Set(before);
  const b = new Set(after);
  return [...new Set([...before, ...after])].filter((r) => a.has(r) !== b.has(r));
}
