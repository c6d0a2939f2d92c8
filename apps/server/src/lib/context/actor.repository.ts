import { sql } from 'kysely';
import type { ReadDb } from '../../db/database.ts';
import { compiledOnce } from '../compiled-query.ts';

// Runs on every request: the device, its admin and, for a member of a group only, the group's roles
// and the app config row that says whether groups are on; one statement, compiled once.
export const deviceWithAdmin = compiledOnce((db: ReadDb, deviceId: number) =>
  db
    .selectFrom('login_devices as d')
    .innerJoin('admins as a', 'a.id', 'd.admin_id')
    .leftJoin('admin_groups as g', 'g.id', 'a.group_id')
    // Literals: compiledOnce binds only deviceId.
    .leftJoin('app_configs as c', (join) => join.on('c.name', '=', sql.lit('app')).on(sql<boolean>`a.group_id is not null`))
    .select([
      'd.id as device_id',
      'd.impersonator_id',
      'd.organization_id',
      'd.revoked_at',
      'd.last_seen_at',
      'd.fingerprint',
      'd.session_expires_at',
      'd.token_id',
      'd.previous_token_id',
      'd.previous_token_until',
      'a.id',
      'a.email',
      'a.name',
      'a.roles',
      'a.status',
      'a.has_change_default_password',
      'g.roles as group_roles',
      'c.value as app_config',
    ])
    .where('d.id', '=', deviceId),
);

/** What decides an admin's ROLE_ roles: its own, its group's (null: no group) and the stored app config. */
export interface RoleSources {
  roles: string;
  group_roles: string | null;
  app_config: string | null;
}

export async function roleSourcesOf(db: ReadDb, adminId: number): Promise<RoleSources | undefined> {
  return db
    .selectFrom('admins as a')
    .leftJoin('admin_groups as g', 'g.id', 'a.group_id')
    .leftJoin('app_configs as c', (join) => join.on('c.name', '=', sql.lit('app')).on(sql<boolean>`a.group_id is not null`))
    .select(['a.roles', 'g.roles as group_roles', 'c.value as app_config'])
    .where('a.id', '=', adminId)
    .executeTakeFirst();
}

/** The stored sub-account roles (JSON) of the admin's membership in the organization; undefined for no membership. */
export async function membershipRoles(db: ReadDb, adminId: number, organizationId: number): Promise<string | undefined> {
  const m = await db
    .selectFrom('organization_members')
    .select('sub_account_roles')
    .where('admin_id', '=', adminId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return m?.sub_account_roles;
}

/** The stored sub-account roles (JSON) of every membership of the admin. */
export async function allMembershipRoles(db: ReadDb, adminId: number): Promise<string[]> {
  const rows = await db.selectFrom('organization_members').select('sub_account_roles').where('admin_id', '=', adminId).execute();
  return rows.map((r) => r.sub_account_roles);
}

// Runs on every request acting in an organization: one statement, compiled once.
export const organizationWithMembership = compiledOnce((db: ReadDb, adminId: number, organizationId: number) =>
  db
    .selectFrom('organizations as o')
    .leftJoin('organization_members as m', (join) => join.onRef('m.organization_id', '=', 'o.id').on('m.admin_id', '=', adminId))
    .select(['o.status', 'm.admin_id as member_id', 'm.sub_account_roles'])
    .where('o.id', '=', organizationId),
);

/** The admin's first active organization by id, or null: where a new session starts. */
export async function firstActiveOrganizationOf(db: ReadDb, adminId: number): Promise<number | null> {
  const row = await db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('o.id')
    .where('m.admin_id', '=', adminId)
    .where('o.status', '=', 'active')
    .orderBy('o.id')
    .executeTakeFirst();
  return row?.id ?? null;
}
