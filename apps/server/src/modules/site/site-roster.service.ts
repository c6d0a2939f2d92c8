import type { z } from 'zod';
import { todayInTaipei } from '@bo/shared/dates';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import type {
  RosterRow,
  SiteContractors,
  rosterAddInput,
  rosterListQuery,
  rosterUpdateInput,
  siteContractorsInput,
} from '@bo/shared/schemas/site';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ListResult } from '../../lib/list.ts';
import {
  contractors,
  contractorsWithRosterRows,
  insertRosterRows,
  replaceSiteContractors,
  rosterFilter,
  rosterRows,
  siteContractorIds,
  sites,
  staffCompanies,
  staffOnRoster,
} from './site.repository.ts';
import { organizationOf } from './site.service.ts';

type RosterQuery = z.output<typeof rosterListQuery>;
type RosterAdd = z.output<typeof rosterAddInput>;
type RosterUpdate = z.output<typeof rosterUpdateInput>;

/** A roster row's change counts as a change of its site (issue 36): the site's version is what a roster write sends. */
const ofSite = (siteId: number) => ({ target_type: 'site' as const, target_id: siteId, fields: ['roster'] });

/** A site's subcontractors and roster, read in the context's organization; a site out of reach is 404. */
export function siteRosterReads(ctx: AdminReadContext) {
  const { db, scope } = ctx;
  const site = (id: number) => sites.findOr404(db, scope, id);
  return {
    site,
    async contractors(siteId: number): Promise<SiteContractors> {
      await site(siteId);
      const ids = await siteContractorIds(db, organizationOf(scope), siteId);
      const rows = await contractors.find(db, scope, ids);
      return {
        contractor_ids: ids,
        contractors: rows.map((c) => ({ id: c.id, name: c.name, worker_count: c.worker_count })).sort((a, b) => a.id - b.id),
      };
    },
    async roster(siteId: number, query: RosterQuery): Promise<ListResult<RosterRow>> {
      await site(siteId);
      return rosterRows.list(db, scope, query, rosterFilter(siteId, query, todayInTaipei()));
    },
    /** Roster rows of any of the organization's sites. */
    rows: (ids: number[]) => rosterRows.find(db, scope, ids),
    /** One roster row of the site, or 404 (a row of another site is out of reach here). */
    async row(siteId: number, rowId: number): Promise<RosterRow> {
      const [row] = await rosterRows.find(db, scope, [rowId]);
      if (!row || row.site_id !== siteId) throw notFound();
      return row;
    },
  };
}

export function siteRosterService(ctx: RequestContext) {
  const { db, scope } = ctx;
  const reads = siteRosterReads(ctx);
  const org = () => organizationOf(scope);

  /** Every staff is the organization's; a contractor's worker needs the contractor on the site. */
  async function checkWorkers(siteId: number, staffIds: readonly number[]) {
    const found = await staffCompanies(db, org(), staffIds);
    if (found.length !== new Set(staffIds).size) throw badRequest({ staff_ids: [VALIDATION_KEYS.invalid] });
    const onSite = new Set(await siteContractorIds(db, org(), siteId));
    if (found.some((s) => s.contractor_id !== null && !onSite.has(s.contractor_id)))
      throw badRequest({ staff_ids: [VALIDATION_KEYS.contractorNotOnSite] });
  }

  return {
    async setContractors(siteId: number, input: z.output<typeof siteContractorsInput>): Promise<SiteContractors> {
      await reads.site(siteId);
      const wanted = [...input.contractor_ids].sort((a, b) => a - b);
      if ((await contractors.find(db, scope, wanted)).length !== wanted.length)
        throw badRequest({ contractor_ids: [VALIDATION_KEYS.invalid] });
      const before = await siteContractorIds(db, org(), siteId);
      const dropped = before.filter((id) => !wanted.includes(id));
      // Taking a contractor off the site would leave its workers on a roster they may not be on.
      if ((await contractorsWithRosterRows(db, siteId, dropped)).length)
        throw badRequest({ contractor_ids: [VALIDATION_KEYS.contractorNotOnSite] });
      await replaceSiteContractors(db, org(), siteId, wanted);
      if (JSON.stringify(before) !== JSON.stringify(wanted))
        await ctx.audit({
          action: 'set_contractors',
          target_type: 'site',
          target_id: siteId,
          before: { contractor_ids: before },
          after: { contractor_ids: wanted },
        });
      return reads.contractors(siteId);
    },

    async add(siteId: number, input: RosterAdd): Promise<RosterRow[]> {
      await reads.site(siteId);
      await checkWorkers(siteId, input.staff_ids);
      if ((await staffOnRoster(db, siteId, input.staff_ids, input.starts_on, input.ends_on)).length)
        throw badRequest({ staff_ids: [VALIDATION_KEYS.alreadyOnRoster] });
      const ids = await insertRosterRows(
        db,
        input.staff_ids.map((staff_id) => ({
          organization_id: org(),
          site_id: siteId,
          staff_id,
          site_role: input.site_role,
          work_kinds: JSON.stringify(input.work_kinds),
          starts_on: input.starts_on,
          ends_on: input.ends_on,
        })),
      );
      const rows = await rosterRows.find(db, scope, ids);
      for (const row of rows)
        await ctx.audit({
          action: 'create',
          target_type: 'site_roster',
          target_id: row.id,
          target_label: row.staff_name,
          after: row,
          version_of: ofSite(siteId),
        });
      return rows;
    },

    async update(siteId: number, rowId: number, input: RosterUpdate): Promise<RosterRow> {
      const before = await reads.row(siteId, rowId);
      await rosterRows.update(db, scope, rowId, { ...input, work_kinds: JSON.stringify(input.work_kinds) });
      const after = await reads.row(siteId, rowId);
      await ctx.audit({
        action: 'update',
        target_type: 'site_roster',
        target_id: rowId,
        target_label: after.staff_name,
        before,
        after,
        version_of: ofSite(siteId),
      });
      return after;
    },

    async remove(siteId: number, rowId: number): Promise<void> {
      const before = await reads.row(siteId, rowId);
      await rosterRows.remove(db, scope, [rowId]);
      await ctx.audit({
        action: 'delete',
        target_type: 'site_roster',
        target_id: rowId,
        target_label: before.staff_name,
        before,
        version_of: ofSite(siteId),
      });
    },
  };
}
