import type { z } from 'zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import type { Contractor, Site, contractorInput, contractorListQuery, siteInput, siteListQuery } from '@bo/shared/schemas/site';
import { badRequest } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import { owningOrganization, type Scope } from '../../lib/context/scope.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import type { ReadDb } from '../../db/database.ts';
import { contractors, siteStatusFilter, sites, staffCompanies } from './site.repository.ts';

type SiteData = z.output<typeof siteInput>;
type SiteQuery = z.output<typeof siteListQuery>;
type ContractorData = z.output<typeof contractorInput>;
type ContractorQuery = z.output<typeof contractorListQuery>;

/** The organization a scoped write acts in (the routes are organization routes: there is always one). */
export const organizationOf = (scope: Scope): number => {
  const id = owningOrganization(scope);
  if (id === null) throw new Error('a site write outside an organization');
  return id;
};

export const siteReads = ({ db, scope }: AdminReadContext): ResourceReads<Site, SiteQuery> => ({
  list: (query) => sites.list(db, scope, query, siteStatusFilter(query.status)),
  find: (ids) => sites.find(db, scope, ids),
});

/** The director must be a staff record of the site's own organization (a contractor's worker may be one too). */
async function checkDirector(db: ReadDb, scope: Scope, staffId: number | null) {
  if (staffId === null) return;
  const [found] = await staffCompanies(db, organizationOf(scope), [staffId]);
  if (!found) throw badRequest({ director_staff_id: [VALIDATION_KEYS.invalid] });
}

export function siteService({ db, scope }: RequestContext): ResourceWrites<Site, SiteData> {
  return {
    async create(input) {
      await checkDirector(db, scope, input.director_staff_id);
      return sites.create(db, scope, { ...input });
    },
    async update(before, input) {
      await checkDirector(db, scope, input.director_staff_id);
      await sites.update(db, scope, before.id, { ...input });
      return sites.findOr404(db, scope, before.id);
    },
    async patch(before, change) {
      await sites.update(db, scope, before.id, { [change.field]: change.value });
      return sites.findOr404(db, scope, before.id);
    },
    remove: (rows) =>
      sites.remove(
        db,
        scope,
        rows.map((r) => r.id),
      ),
  };
}

export const contractorReads = ({ db, scope }: AdminReadContext): ResourceReads<Contractor, ContractorQuery> => ({
  list: (query) => contractors.list(db, scope, query),
  find: (ids) => contractors.find(db, scope, ids),
});

/** A contractor's name is unique in its organization (contractors_org_name_uq): a clash is a field error, not a 500. */
async function checkNameFree(db: ReadDb, scope: Scope, name: string, self?: number) {
  const other = await contractors.findBy(db, scope, (qb) => qb.where('c.name', '=', name));
  if (other && other.id !== self) throw badRequest({ name: [VALIDATION_KEYS.nameTaken] });
}

export function contractorService({ db, scope }: RequestContext): ResourceWrites<Contractor, ContractorData> {
  return {
    async create(input) {
      await checkNameFree(db, scope, input.name);
      return contractors.create(db, scope, { ...input });
    },
    async update(before, input) {
      await checkNameFree(db, scope, input.name, before.id);
      await contractors.update(db, scope, before.id, { ...input });
      return contractors.findOr404(db, scope, before.id);
    },
    async remove(rows) {
      // Its workers would silently become the organization's own staff: they are moved or deleted first.
      if (rows.some((r) => r.worker_count > 0)) throw badRequest({ _: [VALIDATION_KEYS.contractorHasWorkers] });
      await contractors.remove(
        db,
        scope,
        rows.map((r) => r.id),
      );
    },
  };
}
