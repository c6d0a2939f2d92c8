import { sql } from 'kysely';
import type { ReadDb } from '../../db/database.ts';
import { parseRoles } from '../../lib/context/actor.ts';
import { likePattern, type ListParams } from '../../lib/list.ts';
import { paginate } from '../../db/paginate.ts';

/** One page of the organizations the admin belongs to, with its roles in each; `keyword` matches name or company id. */
export async function listSubAccounts(db: ReadDb, adminId: number, query: ListParams & { keyword?: string }) {
  let qb = db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.uid', 'o.name', 'o.company_id', 'o.status', 'm.sub_account_roles'])
    .where('m.admin_id', '=', adminId);
  if (query.keyword) {
    const p = likePattern(query.keyword.toLowerCase());
    qb = qb.where(sql<boolean>`(lower(o.name) like ${p} escape '\\' or lower(coalesce(o.company_id, '')) like ${p} escape '\\')`);
  }
  const page = await paginate(qb, query, { idColumn: 'o.id', sortColumns: { id: 'o.id', name: 'o.name' } });
  return { data: page.data.map((r) => ({ ...r, sub_account_roles: parseRoles(r.sub_account_roles) })), meta: page.meta };
}
