import type { Role } from './roles.ts';

/**
 * Spec section 6: ROLE_MAINTAINER passes every check; a check listing ROLE_BASE passes for any
 * ROLE_ role; otherwise one listed role must match. `held` is the token's roles plus its
 * sub_account_roles. An empty `required` list means "any signed-in account".
 */
export function can(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  if (held.includes('ROLE_MAINTAINER')) return true;
  if (required.includes('ROLE_BASE') && held.some((r) => r.startsWith('ROLE_'))) return true;
  return required.some((r) => held.includes(r));
}

/**
 * Who may grant a role (issue 26): ROLE_MAINTAINER only a maintainer, the other ROLE_ roles a super
 * admin, sub-account roles an organization admin (or a super admin). Each granter once, in that order.
 */
export function grantersOf(roles: readonly string[]): Role[] {
  const out = new Set<Role>();
  for (const r of roles) {
    if (r === 'ROLE_MAINTAINER') out.add('ROLE_MAINTAINER');
    else if (r.startsWith('ROLE_')) out.add('ROLE_SUPER_ADMIN');
    else if (r.startsWith('SUB_ACCOUNT_ROLE_')) out.add('SUB_ACCOUNT_ROLE_ADMIN');
  }
  const order: Role[] = ['ROLE_MAINTAINER', 'ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'];
  return order.filter((r) => out.has(r));
}

/** Role sets of spec section 6, named once for server routes, web routes and the menu. */
export const ROLES = {
  superAdmin: ['ROLE_SUPER_ADMIN'],
  base: ['ROLE_BASE'],
  photo: ['ROLE_PHOTO'],
  photoList: ['ROLE_BASE'],
  /**
   * The company's photo library (issue 42: the photos website content shows): the website's editors and
   * super admins, by their own ROLE_ roles; an organization's sub-account roles never reach it.
   */
  companyPhotos: ['ROLE_PAGE', 'ROLE_BANNER', 'ROLE_VIDEO', 'ROLE_CONTACT', 'ROLE_PRODUCT', 'ROLE_MEMBER', 'ROLE_SUPER_ADMIN'],
  file: ['ROLE_BASE'],
  otp: ['ROLE_SUPER_ADMIN'],
  debug: ['ROLE_SUPER_ADMIN'],
  debugMenu: ['ROLE_MAINTAINER'],
  adminUpdate: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'],
  organizationAdmin: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'],
  staffRead: ['ROLE_STAFF', 'SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_STAFF_WRITE', 'SUB_ACCOUNT_ROLE_ADMIN'],
  staffWrite: ['ROLE_STAFF', 'SUB_ACCOUNT_ROLE_STAFF_WRITE', 'SUB_ACCOUNT_ROLE_ADMIN'],
  /** Issue 38: sites, subcontractors and rosters, read and written as staff records are. */
  siteRead: ['ROLE_STAFF', 'SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_STAFF_WRITE', 'SUB_ACCOUNT_ROLE_ADMIN'],
  siteWrite: ['ROLE_STAFF', 'SUB_ACCOUNT_ROLE_STAFF_WRITE', 'SUB_ACCOUNT_ROLE_ADMIN'],
  staffMenu: ['SUB_ACCOUNT_ROLE_ADMIN', 'SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_STAFF_WRITE', 'ROLE_STAFF'],
  /**
   * Read the staff of every organization without being a member (docs/decisions.md "Staff across
   * organizations"): company-wide staff managers and super admins, read-only.
   */
  staffAcrossOrganizations: ['ROLE_STAFF', 'ROLE_SUPER_ADMIN'],
  /** The staff list screen and its menu entry: staff readers of the organization, or readers across organizations. */
  staffList: ['ROLE_STAFF', 'SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_STAFF_WRITE', 'SUB_ACCOUNT_ROLE_ADMIN', 'ROLE_SUPER_ADMIN'],
  /**
   * Issue 37: who may reveal a masked national ID or health value (and export them unmasked), each time
   * with a fresh verify-identity proof and a reason, logged: the organization's admin or 個資檢視, or the
   * company-wide 個資檢視 in the organization it acts in. Super admins only once granted one of them.
   */
  personalDataReveal: ['ROLE_PERSONAL_DATA', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA', 'SUB_ACCOUNT_ROLE_ADMIN'],
  /**
   * Issue 38: the organization's rule settings over the Taiwan pack: read by its staff readers and by the
   * super admin who may change them; changed by the organization's admin or a super admin.
   */
  complianceRulesRead: [
    'ROLE_STAFF',
    'SUB_ACCOUNT_ROLE_STAFF_READ',
    'SUB_ACCOUNT_ROLE_STAFF_WRITE',
    'SUB_ACCOUNT_ROLE_ADMIN',
    'ROLE_SUPER_ADMIN',
  ],
  complianceRulesWrite: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'],
  /**
   * Issue 39, the site gate (docs/site-gate.md): the gate screen (sites, snapshot, scans) for its keeper, the
   * site director and the organization's staff managers; a keeper holding only SUB_ACCOUNT_ROLE_GATE reaches
   * nothing else. Passes are issued and printed by those who write sites; the entry log is read by site
   * readers and directors; only the director lets a refused worker in.
   */
  gate: ['SUB_ACCOUNT_ROLE_GATE', 'SUB_ACCOUNT_ROLE_SITE_DIRECTOR', 'SUB_ACCOUNT_ROLE_ADMIN', 'SUB_ACCOUNT_ROLE_STAFF_WRITE', 'ROLE_STAFF'],
  gateOverride: ['SUB_ACCOUNT_ROLE_SITE_DIRECTOR'],
  passRead: [
    'ROLE_STAFF',
    'SUB_ACCOUNT_ROLE_STAFF_READ',
    'SUB_ACCOUNT_ROLE_STAFF_WRITE',
    'SUB_ACCOUNT_ROLE_ADMIN',
    'SUB_ACCOUNT_ROLE_SITE_DIRECTOR',
  ],
  passWrite: ['ROLE_STAFF', 'SUB_ACCOUNT_ROLE_STAFF_WRITE', 'SUB_ACCOUNT_ROLE_ADMIN'],
  entryLog: [
    'ROLE_STAFF',
    'SUB_ACCOUNT_ROLE_STAFF_READ',
    'SUB_ACCOUNT_ROLE_STAFF_WRITE',
    'SUB_ACCOUNT_ROLE_ADMIN',
    'SUB_ACCOUNT_ROLE_SITE_DIRECTOR',
  ],
  /** Members of the active organization: its SUB_ACCOUNT_ROLE_ADMIN or a super admin (issue 14, point 2). */
  organizationMembers: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'],
  /** Site content (issue 11): the module's role or a super admin, for its menu, screens and API alike. */
  page: ['ROLE_PAGE', 'ROLE_SUPER_ADMIN'],
  banner: ['ROLE_BANNER', 'ROLE_SUPER_ADMIN'],
  video: ['ROLE_VIDEO', 'ROLE_SUPER_ADMIN'],
  contact: ['ROLE_CONTACT', 'ROLE_SUPER_ADMIN'],
  /** Issue 12: products and the site's members. */
  product: ['ROLE_PRODUCT', 'ROLE_SUPER_ADMIN'],
  member: ['ROLE_MEMBER', 'ROLE_SUPER_ADMIN'],
  /** Issue 26: the website's identity (name, logo, contact, footer), edited by whoever edits its pages. */
  website: ['ROLE_PAGE', 'ROLE_SUPER_ADMIN'],
  /** The menu's site content group: any of the content roles. */
  content: ['ROLE_PAGE', 'ROLE_BANNER', 'ROLE_VIDEO', 'ROLE_CONTACT', 'ROLE_PRODUCT', 'ROLE_MEMBER', 'ROLE_SUPER_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;
