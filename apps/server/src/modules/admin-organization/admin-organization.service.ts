import type { z } from 'zod';
import type {
  AdminOrganization,
  AdminOrganizationDetail,
  adminOrganizationInput,
  adminOrganizationListQuery,
} from '@bo/shared/schemas/organization';
import type { ListResult } from '../../lib/list.ts';
import { badRequest, permissionDenied } from '../../lib/errors.ts';
import type { OrganizationDependents } from '../../lib/kit/organization-dependents.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { changedRoles, grantableSubAccountRoles } from '../admin/admin.policy.ts';
import {
  countAdmins,
  findOrganizationDetail,
  findOrganizationDetails,
  memberRoles,
  newOrganizationUid,
  organizations,
  writeMembers,
} from './admin-organization.repository.ts';

type Input = z.output<typeof adminOrganizationInput>;
type Query = z.output<typeof adminOrganizationListQuery>;
type Members = NonNullable<Input['members']>;

export type AdminOrganizationService = ResourceWrites<AdminOrganizationDetail, Input> & {
  /**
   * Deletes the organizations with everything that goes along (the app's organization dependents);
   * without `confirm`, organizations with dependents are left alone and the counts answered.
   */
  removeWithDependents(ids: readonly number[], confirm: boolean): Promise<{ conflict: Record<string, number> | null }>;
};

/** The index answers list rows (member counts), a single read the organization with its members and dependents. */
export const adminOrganizationReads =
  (dependents: OrganizationDependents) =>
  ({ db }: AdminReadContext): ResourceReads<AdminOrganizationDetail, Query, ListResult<AdminOrganization>> => ({
    list: (query) => organizations.list(db, allOrganizations, query, (qb) => (query.status ? qb.where('o.status', '=', query.status) : qb)),
    find: (ids) => findOrganizationDetails(db, ids),
    detail: async (row) => ({ ...row, dependents: await dependents.count(db, row.id) }),
  });

/**
 * Organizations (sub-accounts) as super admins manage them. The index answers list rows (member
 * counts), every other call the organization with its members. Field changes, PATCH included, are
 * audited as updates of the whole organization.
 */
export function adminOrganizationService(ctx: RequestContext, dependents: OrganizationDependents): AdminOrganizationService {
  const { db, principal: actor } = ctx;
  const reread = async (id: number) => (await findOrganizationDetail(db, id))!;

  /** Replaces the members; every granted or withdrawn role must be grantable. */
  async function replaceMembers(organizationId: number, members: Members) {
    const current = await memberRoles(db, organizationId);
    const next = new Map(members.map((m) => [m.admin_id, [...new Set(m.sub_account_roles)].sort()]));
    const grantable = grantableSubAccountRoles(actor, organizationId);
    const newIds = [...next.keys()].filter((id) => !current.has(id));
    if ((await countAdmins(db, newIds)) !== newIds.length) throw badRequest({ members: ['validate.error.invalid'] });
    for (const id of new Set([...current.keys(), ...next.keys()])) {
      if (changedRoles(current.get(id) ?? [], next.get(id) ?? []).some((r) => !grantable.has(r))) throw permissionDenied();
    }
    await writeMembers(db, organizationId, current, next);
  }

  async function update(before: AdminOrganizationDetail, changes: Partial<Input>) {
    const set: Record<string, unknown> = {};
    for (const k of ['name', 'company_id', 'status'] as const)
      if (changes[k] !== undefined && changes[k] !== before[k]) set[k] = changes[k];
    if (Object.keys(set).length) await organizations.update(db, allOrganizations, before.id, set);
    if (changes.members) await replaceMembers(before.id, changes.members);
    return reread(before.id);
  }

  return {
    async create(input) {
      const id = await organizations.insert(db, allOrganizations, {
        uid: newOrganizationUid(),
        name: input.name,
        company_id: input.company_id ?? null,
        status: input.status ?? 'active',
      });
      if (input.members) await replaceMembers(id, input.members);
      return reread(id);
    },

    update,

    async patch(before, change) {
      const after = await update(before, { [change.field]: change.value });
      await ctx.audit({ action: 'update', target_type: 'organization', target_id: before.id, before, after });
      return after;
    },

    async removeWithDependents(ids, confirm) {
      const orgs = await loadAllOr404(ids, (unique) => findOrganizationDetails(db, unique));
      const counts: Record<string, number> = {};
      for (const o of orgs) {
        for (const [k, n] of Object.entries(await dependents.count(db, o.id))) counts[k] = (counts[k] ?? 0) + n;
      }
      if (!confirm && Object.values(counts).some((n) => n > 0)) return { conflict: counts };
      for (const before of orgs) {
        ctx.dropAfterCommit(await dependents.remove(db, before.id));
        await organizations.remove(db, allOrganizations, [before.id]);
        await ctx.audit({ action: 'delete', target_type: 'organization', target_id: before.id, before, after: { dependents: counts } });
      }
      return { conflict: null };
    },
  };
}
