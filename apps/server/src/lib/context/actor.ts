import { APP_CONFIG_DEFAULTS } from '@bo/shared/app-config-defaults';
import { isAdminRole, isSubAccountRole } from '@bo/shared/roles';
import type { ReadDb } from '../../db/database.ts';
import type { AdminPrincipal, ClientAddress } from './principals.ts';
import { deviceWithAdmin, membershipRoles, organizationWithMembership, roleSourcesOf, type RoleSources } from './actor.repository.ts';

export const parseRoles = (json: string | null | undefined): string[] => {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Members of an admin group hold its roles only while the adminGroup flag is on. Read from the stored
 * overrides with the shared default, not through the whole config schema, on this per-request path.
 */
function adminGroupsOn(appConfig: string | null): boolean {
  try {
    const flag = appConfig ? (JSON.parse(appConfig) as { adminGroup?: unknown }).adminGroup : undefined;
    return (flag ?? APP_CONFIG_DEFAULTS.adminGroup) === true;
  } catch {
    return false;
  }
}

/** The ROLE_ roles an admin holds: its own and its group's, once each. */
export function rolesFrom(src: RoleSources): string[] {
  const group = src.group_roles !== null && adminGroupsOn(src.app_config) ? parseRoles(src.group_roles) : [];
  return [...new Set([...parseRoles(src.roles), ...group])].filter(isAdminRole);
}

/**
 * The admin making a request, loaded from the token's login device on every request: the principal
 * its contexts act as (`req.read('admin')`, `req.write('admin', fn)`), with its device.
 */
export interface SignedInAdmin extends AdminPrincipal {
  email: string;
  name: string;
  deviceId: number;
  /** The `jti` of the token the request came with: the device's current one or the one just replaced. */
  tokenId: string;
  /** The device's active organization: acted in unless the request names another one. */
  deviceOrganizationId: number | null;
  lastSeenAt: string;
  /** Signed in with an initial password (not while a super admin acts as this admin). */
  mustChangePassword: boolean;
}

/** What the device row checks of a verified token: its device, its admin and its own id. */
export interface DeviceToken {
  id: number;
  jti: string;
  data: { id: number };
}

/** The device's current token, or the one its last renewal replaced while the grace period lasts. */
function isLiveToken(
  row: { token_id: string | null; previous_token_id: string | null; previous_token_until: string | null },
  jti: string,
  now: number,
): boolean {
  if (row.token_id !== null && jti === row.token_id) return true;
  return (
    row.previous_token_id !== null &&
    jti === row.previous_token_id &&
    row.previous_token_until !== null &&
    now < Date.parse(row.previous_token_until)
  );
}

/**
 * The device row decides: a revoked device, a disabled admin, a device of another admin, a request
 * from another browser (X-Fingerprint differs from the sign-in's), a session past its absolute end
 * or a token that is no longer the device's current one (renewed, signed in again since) means the
 * token is dead, whatever its signature says.
 */
export async function loadActorForDevice(
  db: ReadDb,
  token: DeviceToken,
  fingerprint: string,
  client: ClientAddress,
): Promise<SignedInAdmin | null> {
  const [row] = await deviceWithAdmin(db, token.id);
  if (!row || row.revoked_at || row.id !== token.data.id || row.status !== 'active') return null;
  if (row.fingerprint !== fingerprint) return null;
  const now = Date.now();
  if (row.session_expires_at === null || now >= Date.parse(row.session_expires_at)) return null;
  if (!isLiveToken(row, token.jti, now)) return null;
  const adminRoles = rolesFrom(row);
  return {
    kind: 'admin',
    id: row.id,
    client,
    email: row.email,
    name: row.name,
    deviceId: row.device_id,
    impersonatorId: row.impersonator_id,
    adminRoles,
    subAccountRoles: [],
    roles: adminRoles,
    organizationId: null,
    isSuperAdmin: adminRoles.includes('ROLE_SUPER_ADMIN'),
    deviceOrganizationId: row.organization_id,
    lastSeenAt: row.last_seen_at,
    tokenId: token.jti,
    mustChangePassword: row.has_change_default_password === 0 && row.impersonator_id === null,
  };
}

/** The ROLE_ roles an admin holds now (for a new token). */
export async function adminRolesOf(db: ReadDb, adminId: number): Promise<string[]> {
  const row = await roleSourcesOf(db, adminId);
  return row ? rolesFrom(row) : [];
}

export async function subAccountRolesIn(db: ReadDb, adminId: number, organizationId: number): Promise<string[] | null> {
  const roles = await membershipRoles(db, adminId, organizationId);
  return roles === undefined ? null : parseRoles(roles).filter(isSubAccountRole);
}

/**
 * The organization a request acts in, and the actor's roles there. Members act in their
 * organizations; super admins may act in any active organization; `readsAcross` (a read-only route
 * the actor reads in every organization, access.ts `readsAcrossOrganizations`) lets a non-member in too.
 */
export async function actInOrganization(
  db: ReadDb,
  actor: AdminPrincipal,
  organizationId: number | null,
  opts: { readsAcross?: boolean } = {},
): Promise<boolean> {
  if (organizationId === null) return true;
  const [org] = await organizationWithMembership(db, actor.id, organizationId);
  if (!org) return false;
  const isMember = org.member_id !== null;
  if (!isMember && !actor.isSuperAdmin && !opts.readsAcross) return false;
  if (org.status !== 'active' && !actor.isSuperAdmin) return false;
  actor.organizationId = organizationId;
  actor.subAccountRoles = isMember ? parseRoles(org.sub_account_roles).filter(isSubAccountRole) : [];
  actor.roles = [...actor.adminRoles, ...actor.subAccountRoles];
  return true;
}
