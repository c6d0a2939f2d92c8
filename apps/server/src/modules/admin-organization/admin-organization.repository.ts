import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AdminOrganization, AdminOrganizationDetail } from '@bo/shared/schemas/organization';
import type { DbOrTrx } from '../../db/database.ts';
import { parseRoles } from '../../lib/actor.ts';
import { likePattern, paginate, type ListParams } from '../../lib/list.ts';

const memberCount = (eb: any) =>
  eb.selectFrom('organization_members as m').select(sql<number>`count(*)`.as('n')).whereRef('m.organization_id', '=', 'o.id').as('member_count');

const baseQuery = (db: DbOrTrx) =>
  db.selectFrom('organizations as o').select(['o.id', 'o.uid', 'o.name', 'o.company_id', 'o.status', 'o.created_at', 'o.updated_at']).select(memberCount);

const toView = (r: any): AdminOrganization => ({ ...r, member_count: Number(r.member_count) });

export async function listOrganizations(db: DbOrTrx, q: ListParams & { keyword?: string; status?: 'active' | 'disabled' }) {
  let qb = baseQuery(db);
  if (q.keyword) {
    const p = likePattern(q.keyword.toLowerCase());
    qb = qb.where(sql<boolean>`(lower(o.name) like ${p} escape '\\' or lower(coalesce(o.company_id, '')) like ${p} escape '\\' or lower(o.uid) like ${p} escape '\\')`);
  }
  if (q.status) qb = qb.where('o.status', '=', q.status);
  const page = await paginate(qb, q, {
    idColumn: 'o.id',
    sortColumns: { id: 'o.id', name: 'o.name', company_id: 'o.company_id', status: 'o.status', created_at: 'o.created_at', updated_at: 'o.updated_at' },
  });
  return { data: page.data.map(toView), meta: page.meta };
}

export async function findOrganizations(db: DbOrTrx, ids: number[]): Promise<AdminOrganization[]> {
  if (!ids.length) return [];
  return (await baseQuery(db).where('o.id', 'in', ids).execute()).map(toView);
}

export async function findOrganizationDetail(db: DbOrTrx, id: number): Promise<AdminOrganizationDetail | null> {
  const [org] = await findOrganizations(db, [id]);
  if (!org) return null;
  const members = await db.selectFrom('organization_members as m').innerJoin('admins as a', 'a.id', 'm.admin_id')
    .select(['m.admin_id', 'a.email', 'a.name', 'm.sub_account_roles']).where('m.organization_id', '=', id).orderBy('a.name').orderBy('a.id').execute();
  return { ...org, members: members.map((m) => ({ ...m, sub_account_roles: parseRoles(m.sub_account_roles) })) };
}

/** Short, unguessable, URL-safe. */
export const newOrganizationUid = () => `org_${randomBytes(8).toString('hex')}`;
