import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import type { AdminGroup } from '@bo/shared/schemas/admin-group';
import { parseRoles } from '../../lib/context/actor.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';

type Row = { id: number; name: string; roles: string; admin_count: number | string; created_at: string; updated_at: string };

/** Admin groups belong to no organization. */
export const adminGroups = scopedTable<AdminGroup, Row>({
  table: 'admin_groups',
  alias: 'g',
  organizationColumn: null,
  select: (db) =>
    db
      .selectFrom('admin_groups as g')
      .select(['g.id', 'g.name', 'g.roles', 'g.created_at', 'g.updated_at'])
      .select((eb) =>
        eb.selectFrom('admins as a').select(sql<number>`count(*)`.as('n')).whereRef('a.group_id', '=', 'g.id').as('admin_count'),
      ),
  toView: (rows) => rows.map((r) => ({ ...r, roles: parseRoles(r.roles), admin_count: Number(r.admin_count) })),
  sortColumns: { id: 'g.id', name: 'g.name', created_at: 'g.created_at', updated_at: 'g.updated_at' },
  keywordColumns: ['g.name'],
});

/** The groups' members stay admins, without a group. */
export async function clearGroupOfMembers(db: Trx, groupIds: readonly number[]): Promise<void> {
  await db.updateTable('admins').set({ group_id: null, updated_at: new Date().toISOString() }).where('group_id', 'in', groupIds).execute();
}
