import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AdminOrganization, AdminOrganizationDetail } from '@bo/shared/schemas/organization';
import type { ReadDb, Trx } from '../../db/database.ts';
import { parseRoles } from '../../lib/context/actor.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { allOrganizations } from '../../lib/context/scope.ts';

type Row = Omit<AdminOrganization, 'member_count'> & { member_count: number | string };

/** Organizations themselves belong to no organization: every query here covers them all. */
export const organizations = scopedTable<AdminOrganization, Row>({
  table: 'organizations',
  alias: 'o',
  organizationColumn: null,
  select: (db) =>
    db
      .selectFrom('organizations as o')
      .select(['o.id', 'o.uid', 'o.name', 'o.company_id', 'o.status', 'o.created_at', 'o.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('organization_members as m')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('m.organization_id', '=', 'o.id')
          .as('member_count'),
      ),
  toView: (rows) => rows.map((r) => ({ ...r, member_count: Number(r.member_count) })),
  sortColumns: {
    id: 'o.id',
    name: 'o.name',
    company_id: 'o.company_id',
    status: 'o.status',
    created_at: 'o.created_at',
    updated_at: 'o.updated_at',
  },
  keywordColumns: ['o.name', 'o.company_id', 'o.uid'],
});

/** The organizations among `ids` with their members, in id order of the rows found. */
export async function findOrganizationDetails(db: ReadDb, ids: readonly number[]): Promise<AdminOrganizationDetail[]> {
  const orgs = await organizations.find(db, allOrganizations, ids);
  if (!orgs.length) return [];
  const members = await db
    .selectFrom('organization_members as m')
    .innerJoin('admins as a', 'a.id', 'm.admin_id')
    .select(['m.organization_id', 'm.admin_id', 'a.email', 'a.name', 'm.sub_account_roles'])
    .where(
      'm.organization_id',
      'in',
      orgs.map((o) => o.id),
    )
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
  return orgs.map((o) => ({
    ...o,
    members: members
      .filter((m) => m.organization_id === o.id)
      .map(({ organization_id: _o, ...m }) => ({ ...m, sub_account_roles: parseRoles(m.sub_account_roles) })),
  }));
}

export async function findOrganizationDetail(db: ReadDb, id: number): Promise<AdminOrganizationDetail | null> {
  return (await findOrganizationDetails(db, [id]))[0] ?? null;
}

/** Each member's sub-account roles in the organization. */
export async function memberRoles(db: ReadDb, organizationId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('organization_members')
    .select(['admin_id', 'sub_account_roles'])
    .where('organization_id', '=', organizationId)
    .execute();
  return new Map(rows.map((m) => [m.admin_id, parseRoles(m.sub_account_roles)]));
}

/** How many of `ids` are admins. */
export async function countAdmins(db: ReadDb, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  return (
    await db
      .selectFrom('admins')
      .select('id')
      .where('id', 'in', [...ids])
      .execute()
  ).length;
}

/** Makes the organization's members exactly `next` (admin id → sorted roles), touching only what changed. */
export async function writeMembers(
  db: Trx,
  organizationId: number,
  current: Map<number, string[]>,
  next: Map<number, string[]>,
): Promise<void> {
  await db
    .deleteFrom('organization_members')
    .where('organization_id', '=', organizationId)
    .where('admin_id', 'not in', [0, ...next.keys()])
    .execute();
  const t = new Date().toISOString();
  for (const [adminId, roles] of next) {
    const json = JSON.stringify(roles);
    if (!current.has(adminId)) {
      await db
        .insertInto('organization_members')
        .values({ admin_id: adminId, organization_id: organizationId, sub_account_roles: json, created_at: t })
        .execute();
    } else if (JSON.stringify([...current.get(adminId)!].sort()) !== json) {
      await db
        .updateTable('organization_members')
        .set({ sub_account_roles: json })
        .where('organization_id', '=', organizationId)
        .where('admin_id', '=', adminId)
        .execute();
    }
  }
}

/** Short, unguessable, URL-safe. */
export const newOrganizationUid = () => `org_${randomBytes(8).toString('hex')}`;
