import { sql, type Selectable } from 'kysely';
import type { Admin, AdminStatus } from '@bo/shared/schemas/admin';
import type { DbOrTrx } from '../../db/database.ts';
import type { AdminsTable } from '../../db/schema.ts';
import { parseRoles } from '../../lib/actor.ts';
import { likePattern, paginate, type ListParams } from '../../lib/list.ts';
import { instantRange } from '@bo/shared/dates';

/** An admin without its password hash. */
export type AdminRow = Omit<Selectable<AdminsTable>, 'password_hash'>;

const ADMIN_COLUMNS = ['a.id', 'a.email', 'a.name', 'a.has_change_default_password', 'a.roles', 'a.group_id', 'a.status', 'a.created_at', 'a.updated_at'] as const;

/** `organizationId` null: every admin (super admin); a number: members of that organization only. */
export type AdminScope = { organizationId: number | null };

export interface AdminListFilters extends ListParams {
  keyword?: string;
  role?: string;
  organization_id?: number;
  status?: AdminStatus;
  created_from?: string;
  created_to?: string;
}


export async function listAdmins(db: DbOrTrx, scope: AdminScope, q: AdminListFilters) {
  let qb = db.selectFrom('admins as a').select(ADMIN_COLUMNS);
  if (scope.organizationId !== null) qb = qb.where(memberOf(scope.organizationId));
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
    sortColumns: { id: 'a.id', name: 'a.name', email: 'a.email', status: 'a.status', created_at: 'a.created_at', updated_at: 'a.updated_at' },
  });
  return { data: await toViews(db, page.data as AdminRow[], scope), meta: page.meta };
}

const memberOf = (organizationId: number) => (eb: any) =>
  eb.exists(eb.selectFrom('organization_members as m').select('m.admin_id')
    .whereRef('m.admin_id', '=', 'a.id').where('m.organization_id', '=', organizationId));

export async function findAdminRows(db: DbOrTrx, ids: number[], scope: AdminScope): Promise<AdminRow[]> {
  if (ids.length === 0) return [];
  let qb = db.selectFrom('admins as a').select(ADMIN_COLUMNS).where('a.id', 'in', ids);
  if (scope.organizationId !== null) qb = qb.where(memberOf(scope.organizationId));
  return (await qb.execute()) as AdminRow[];
}

export async function findAdminView(db: DbOrTrx, id: number, scope: AdminScope): Promise<Admin | null> {
  const rows = await findAdminRows(db, [id], scope);
  return rows.length ? (await toViews(db, rows, scope))[0] : null;
}

export interface Membership { organization_id: number; sub_account_roles: string[] }

export async function membershipsOf(db: DbOrTrx, adminIds: number[]): Promise<Map<number, Membership[]>> {
  const out = new Map<number, Membership[]>();
  if (adminIds.length === 0) return out;
  const rows = await db.selectFrom('organization_members').select(['admin_id', 'organization_id', 'sub_account_roles'])
    .where('admin_id', 'in', adminIds).orderBy('organization_id').execute();
  for (const r of rows) {
    const list = out.get(r.admin_id) ?? [];
    list.push({ organization_id: r.organization_id, sub_account_roles: parseRoles(r.sub_account_roles) });
    out.set(r.admin_id, list);
  }
  return out;
}

/** Rows to the wire shape; memberships outside the scope's organization are not shown. */
export async function toViews(db: DbOrTrx, rows: AdminRow[], scope: AdminScope): Promise<Admin[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  let mq = db.selectFrom('organization_members as m').innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.admin_id', 'm.organization_id', 'm.sub_account_roles', 'o.name', 'o.company_id'])
    .where('m.admin_id', 'in', ids);
  if (scope.organizationId !== null) mq = mq.where('m.organization_id', '=', scope.organizationId);
  const members = await mq.orderBy('m.organization_id').execute();
  const groupIds = [...new Set(rows.map((r) => r.group_id).filter((g): g is number => g !== null))];
  const groups = groupIds.length
    ? await db.selectFrom('admin_groups').select(['id', 'name', 'roles']).where('id', 'in', groupIds).execute()
    : [];
  return rows.map((r) => {
    const g = groups.find((x) => x.id === r.group_id);
    return {
      id: r.id, email: r.email, name: r.name, has_change_default_password: r.has_change_default_password === 1,
      roles: parseRoles(r.roles), group_id: r.group_id, group: g ? { id: g.id, name: g.name, roles: parseRoles(g.roles) } : null,
      status: r.status,
      memberships: members.filter((m) => m.admin_id === r.id).map((m) => ({
        organization_id: m.organization_id, name: m.name, company_id: m.company_id, sub_account_roles: parseRoles(m.sub_account_roles),
      })),
      created_at: r.created_at, updated_at: r.updated_at,
    };
  });
}

export async function emailTaken(db: DbOrTrx, email: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('admins').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function countActiveSuperAdmins(db: DbOrTrx): Promise<number> {
  const r = await db.selectFrom('admins').select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'active').where('roles', 'like', '%"ROLE_SUPER_ADMIN"%').executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Sets an admin's sub-account roles in one organization; null removes the membership. */
export async function setMembership(db: DbOrTrx, adminId: number, organizationId: number, roles: string[] | null): Promise<void> {
  const where = <Q extends { where: any }>(q: Q): Q => q.where('admin_id', '=', adminId).where('organization_id', '=', organizationId);
  if (roles === null) {
    await where(db.deleteFrom('organization_members')).execute();
    return;
  }
  const updated = await where(db.updateTable('organization_members').set({ sub_account_roles: JSON.stringify(roles) })).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('organization_members').values({
    admin_id: adminId, organization_id: organizationId, sub_account_roles: JSON.stringify(roles), created_at: new Date().toISOString(),
  }).execute();
}
