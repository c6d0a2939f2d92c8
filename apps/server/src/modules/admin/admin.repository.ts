import { sql, type Selectable } from 'kysely';
import type { Admin, AdminStatus } from '@bo/shared/schemas/admin';
import { instantRange } from '@bo/shared/dates';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { AdminsTable } from '../../db/schema.ts';
import { parseRoles } from '../../lib/context/actor.ts';
import { likePattern, type ListParams } from '../../lib/list.ts';
import { paginate } from '../../db/paginate.ts';
import type { Scope } from '../../lib/context/scope.ts';
import { rowExists } from '../../db/row-exists.ts';

/** An admin without its password hash. */
export type AdminRow = Omit<Selectable<AdminsTable>, 'password_hash'>;

const ADMIN_COLUMNS = [
  'a.id',
  'a.email',
  'a.name',
  'a.has_change_default_password',
  'a.roles',
  'a.group_id',
  'a.status',
  'a.created_at',
  'a.updated_at',
] as const;

export interface AdminListFilters extends ListParams {
  keyword?: string;
  role?: string;
  organization_id?: number;
  status?: AdminStatus;
  created_from?: string;
  created_to?: string;
}

const memberOf = (organizationId: number) => (eb: any) =>
  eb.exists(
    eb
      .selectFrom('organization_members as m')
      .select('m.admin_id')
      .whereRef('m.admin_id', '=', 'a.id')
      .where('m.organization_id', '=', organizationId),
  );

/**
 * Admins belong to organizations through memberships: an organization scope is its members, `all`
 * every admin, `unassigned` the admins of no organization.
 */
function inScope<Q extends { where(f: any): Q }>(qb: Q, scope: Scope): Q {
  switch (scope.kind) {
    case 'organization':
      return qb.where(memberOf(scope.organizationId));
    case 'unassigned':
      return qb.where((eb: any) =>
        eb.not(eb.exists(eb.selectFrom('organization_members as m').select('m.admin_id').whereRef('m.admin_id', '=', 'a.id'))),
      );
    case 'all':
      return qb;
  }
}

export async function listAdmins(db: ReadDb, scope: Scope, q: AdminListFilters) {
  let qb = inScope(db.selectFrom('admins as a').select(ADMIN_COLUMNS), scope);
  if (q.organization_id !== undefined) qb = qb.where(memberOf(q.organization_id));
  if (q.keyword) {
    const p = likePattern(q.keyword.toLowerCase());
    qb = qb.where(sql<boolean>`(lower(a.name) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\')`);
  }
  if (q.role) qb = qb.where('a.roles', 'like', `%"${q.role.replace(/[^A-Z_]/g, '')}"%`);
  if (q.status) qb = qb.where('a.status', '=', q.status);
  const created = instantRange(q.created_from, q.created_to);
  if (created.from) qb = qb.where('a.created_at', '>=', created.from);
  if (created.toExclusive) qb = qb.where('a.created_at', '<', created.toExclusive);
  const page = await paginate(qb, q, {
    idColumn: 'a.id',
    sortColumns: {
      id: 'a.id',
      name: 'a.name',
      email: 'a.email',
      status: 'a.status',
      created_at: 'a.created_at',
      updated_at: 'a.updated_at',
    },
  });
  return { data: await toViews(db, page.data as AdminRow[], scope), meta: page.meta };
}

export async function findAdminRows(db: ReadDb, scope: Scope, ids: readonly number[]): Promise<AdminRow[]> {
  if (ids.length === 0) return [];
  return (await inScope(
    db
      .selectFrom('admins as a')
      .select(ADMIN_COLUMNS)
      .where('a.id', 'in', [...ids]),
    scope,
  ).execute()) as AdminRow[];
}

/** The admins among `ids` in `scope`, as views showing the memberships of that scope. */
export async function findAdmins(db: ReadDb, scope: Scope, ids: readonly number[]): Promise<Admin[]> {
  return toViews(db, await findAdminRows(db, scope, ids), scope);
}

export interface Membership {
  organization_id: number;
  sub_account_roles: string[];
}

export async function membershipsOf(db: ReadDb, adminIds: number[]): Promise<Map<number, Membership[]>> {
  const out = new Map<number, Membership[]>();
  if (adminIds.length === 0) return out;
  const rows = await db
    .selectFrom('organization_members')
    .select(['admin_id', 'organization_id', 'sub_account_roles'])
    .where('admin_id', 'in', adminIds)
    .orderBy('organization_id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.admin_id) ?? [];
    list.push({ organization_id: r.organization_id, sub_account_roles: parseRoles(r.sub_account_roles) });
    out.set(r.admin_id, list);
  }
  return out;
}

/** Rows to the wire shape; memberships outside an organization scope's organization are not shown. */
export async function toViews(db: ReadDb, rows: AdminRow[], scope: Scope): Promise<Admin[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  let mq = db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.admin_id', 'm.organization_id', 'm.sub_account_roles', 'o.name', 'o.company_id'])
    .where('m.admin_id', 'in', ids);
  if (scope.kind === 'organization') mq = mq.where('m.organization_id', '=', scope.organizationId);
  const members = await mq.orderBy('m.organization_id').execute();
  const groupIds = [...new Set(rows.map((r) => r.group_id).filter((g): g is number => g !== null))];
  const groups = groupIds.length
    ? await db.selectFrom('admin_groups').select(['id', 'name', 'roles']).where('id', 'in', groupIds).execute()
    : [];
  const withTwoFactor = new Set(
    (
      await db.selectFrom('admin_two_factor').select('admin_id').where('admin_id', 'in', ids).where('enabled_at', 'is not', null).execute()
    ).map((x) => x.admin_id),
  );
  return rows.map((r) => {
    const g = groups.find((x) => x.id === r.group_id);
    return {
      id: r.id,
      email: r.email,
      name: r.name,
      has_change_default_password: r.has_change_default_password === 1,
      roles: parseRoles(r.roles),
      group_id: r.group_id,
      group: g ? { id: g.id, name: g.name, roles: parseRoles(g.roles) } : null,
      status: r.status,
      memberships: members
        .filter((m) => m.admin_id === r.id)
        .map((m) => ({
          organization_id: m.organization_id,
          name: m.name,
          company_id: m.company_id,
          sub_account_roles: parseRoles(m.sub_account_roles),
        })),
      two_factor: withTwoFactor.has(r.id),
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

export async function emailTaken(db: ReadDb, email: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('admins').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function adminIdByEmail(db: ReadDb, email: string): Promise<number | null> {
  return (await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst())?.id ?? null;
}

/** An admin by e-mail (as stored: lower case) with its roles and status, or undefined. */
export function adminByEmail(db: ReadDb, email: string) {
  return db.selectFrom('admins').select(['id', 'email', 'name', 'roles', 'status']).where('email', '=', email).executeTakeFirst();
}

/** Every admin in id order, with its roles and status. */
export function allAdmins(db: ReadDb) {
  return db.selectFrom('admins').select(['id', 'email', 'name', 'roles', 'status']).orderBy('id').execute();
}

/** The ids of the active admins other than `exceptId`. */
export async function otherActiveAdminIds(db: ReadDb, exceptId: number): Promise<number[]> {
  const rows = await db.selectFrom('admins').select('id').where('status', '=', 'active').where('id', '!=', exceptId).execute();
  return rows.map((r) => r.id);
}

export async function countActiveSuperAdmins(db: ReadDb): Promise<number> {
  const r = await db
    .selectFrom('admins')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'active')
    .where('roles', 'like', '%"ROLE_SUPER_ADMIN"%')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export interface NewAdmin {
  email: string;
  name: string;
  passwordHash: string;
  roles: string[];
  groupId: number | null;
  status: AdminStatus;
}

/** A new account with an initial password it must change at first sign-in; answers its id. */
export async function insertAdmin(db: Trx, a: NewAdmin): Promise<number> {
  const t = new Date().toISOString();
  const { id } = await db
    .insertInto('admins')
    .values({
      email: a.email,
      name: a.name,
      password_hash: a.passwordHash,
      has_change_default_password: 0,
      roles: JSON.stringify(a.roles),
      group_id: a.groupId,
      status: a.status,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateAdmin(
  db: Trx,
  id: number,
  set: { email?: string; name?: string; status?: AdminStatus; roles?: string; group_id?: number | null },
): Promise<void> {
  await db
    .updateTable('admins')
    .set({ ...set, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteAdmins(db: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .deleteFrom('admins')
      .where('id', 'in', [...ids])
      .execute();
}

/** A new initial password (to change at next sign-in); the sessions of the old one end with it. */
export async function resetAdminPassword(db: Trx, id: number, passwordHash: string): Promise<void> {
  const t = new Date().toISOString();
  await db
    .updateTable('admins')
    .set({ password_hash: passwordHash, has_change_default_password: 0, updated_at: t })
    .where('id', '=', id)
    .execute();
  await db.updateTable('login_devices').set({ revoked_at: t }).where('admin_id', '=', id).where('revoked_at', 'is', null).execute();
}

/** The roles of an admin group, or null when there is no such group. */
/** No password set yet: the admin was invited and has not chosen one (a reset then sends the invitation again). */
export async function isInvitePending(db: ReadDb, id: number): Promise<boolean> {
  const { password_hash } = await db.selectFrom('admins').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
  return password_hash === '';
}

/** Removes an admin's second factor and its recovery codes; false when none was set up. */
export async function removeTwoFactor(db: Trx, adminId: number): Promise<boolean> {
  const gone = await db.deleteFrom('admin_two_factor').where('admin_id', '=', adminId).executeTakeFirst();
  await db.deleteFrom('two_factor_recovery_codes').where('admin_id', '=', adminId).execute();
  return Number(gone.numDeletedRows) > 0;
}

export async function groupRoles(db: ReadDb, groupId: number): Promise<string[] | null> {
  const g = await db.selectFrom('admin_groups').select('roles').where('id', '=', groupId).executeTakeFirst();
  return g ? parseRoles(g.roles) : null;
}

export const organizationExists = (db: ReadDb, organizationId: number): Promise<boolean> =>
  rowExists(db, 'organizations', { id: organizationId });

/** Whether `adminId` is a member of `organizationId`. */
export async function isMember(db: ReadDb, adminId: number, organizationId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('organization_members')
    .select('admin_id')
    .where('organization_id', '=', organizationId)
    .where('admin_id', '=', adminId)
    .executeTakeFirst());
}

/** Sets an admin's sub-account roles in one organization; null removes the membership. */
export async function setMembership(db: Trx, adminId: number, organizationId: number, roles: string[] | null): Promise<void> {
  const where = <Q extends { where: any }>(q: Q): Q => q.where('admin_id', '=', adminId).where('organization_id', '=', organizationId);
  if (roles === null) {
    await where(db.deleteFrom('organization_members')).execute();
    return;
  }
  const updated = await where(db.updateTable('organization_members').set({ sub_account_roles: JSON.stringify(roles) })).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('organization_members')
    .values({
      admin_id: adminId,
      organization_id: organizationId,
      sub_account_roles: JSON.stringify(roles),
      created_at: new Date().toISOString(),
    })
    .execute();
}
