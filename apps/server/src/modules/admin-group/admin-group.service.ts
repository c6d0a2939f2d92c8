import type { AdminGroup, AdminGroupInput } from '@bo/shared/schemas/admin-group';
import type { z } from 'zod';
import type { adminGroupInput, adminGroupListQuery } from '@bo/shared/schemas/admin-group';
import { permissionDenied } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { changedRoles, grantableAdminRoles } from '../admin/admin.policy.ts';
import { adminGroups, clearGroupOfMembers } from './admin-group.repository.ts';

type Input = z.output<typeof adminGroupInput>;
type Query = z.output<typeof adminGroupListQuery>;
export type { AdminGroupInput };

export const adminGroupReads = ({ db, scope }: AdminReadContext): ResourceReads<AdminGroup, Query> => ({
  list: (query) => adminGroups.list(db, scope, query),
  find: (ids) => adminGroups.find(db, scope, ids),
});

/** Admin groups; granting a group's roles is granting roles: the caller must be able to grant each (admin.policy.ts). */
export function adminGroupService(ctx: RequestContext): ResourceWrites<AdminGroup, Input> {
  const { db, scope } = ctx;
  const checkGrant = (before: string[], after: string[]) => {
    const grantable = grantableAdminRoles(ctx.principal);
    if (changedRoles(before, after).some((r) => !grantable.has(r))) throw permissionDenied();
  };
  const rolesOf = (input: Input) => [...new Set(input.roles)].sort();
  return {
    async create(input) {
      const roles = rolesOf(input);
      checkGrant([], roles);
      const id = await adminGroups.insert(db, scope, { name: input.name, roles: JSON.stringify(roles) });
      return adminGroups.findOr404(db, scope, id);
    },
    async update(before, input) {
      const roles = rolesOf(input);
      checkGrant(before.roles, roles);
      await adminGroups.update(db, scope, before.id, { name: input.name, roles: JSON.stringify(roles) });
      return adminGroups.findOr404(db, scope, before.id);
    },
    /** Members stay, without the group (and so without its roles). */
    async remove(rows) {
      for (const g of rows) checkGrant(g.roles, []);
      const ids = rows.map((g) => g.id);
      await clearGroupOfMembers(db, ids);
      await adminGroups.remove(db, scope, ids);
    },
  };
}
