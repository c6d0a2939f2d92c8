import { sql } from 'kysely';
import type { AdminGroup } from '@bo/shared/schemas/admin-group';
import type { DbOrTrx } from '../../db/database.ts';
import { parseRoles } from '../../lib/actor.ts';
import { likePattern, paginate, type ListParams } from '../../lib/list.ts';

const adminCount = (eb: any) =>
  eb.selectFrom('admins as a').select(sql<number>`count(*)`.as('n')).whereRef('a.group_id', '=', 'g.id').as('admin_count');

const baseQuery = (db: DbOrTrx) =>
  db.selectFrom('admin_groups as g').select(['g.id', 'g.name', 'g.roles', 'g.created_at', 'g.updated_at']).select(adminCount);

type Row = { id: number; name: string; roles: string; admin_count: number | string; created_at: string; updated_at: string };
const toView = (r: Row): AdminGroup => ({ ...r, roles: parseRoles(r.roles), admin_count: Number(r.admin_count) });

export async function listAdminGroups(db: DbOrTrx, q: ListParams & { keyword?: string }) {
  let qb = baseQuery(db);
  if (q.keyword) qb = qb.where(sql<boolean>`lower(g.name) like ${likePattern(q.keyword.toLowerCase())} escape '\\'`);
  const page = await paginate(qb, q, { idColumn: 'g.id', sortColumns: { id: 'g.id', name: 'g.name', created_at: 'g.created_at', updated_at: 'g.updated_at' } });
  return { data: (page.data as Row[]).map(toView), meta: page.meta };
}

export async function findAdminGroups(db: DbOrTrx, ids: number[]): Promise<AdminGroup[]> {
  if (!ids.length) return [];
  return ((await baseQuery(db).where('g.id', 'in', ids).execute()) as Row[]).map(toView);
}

