import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Contractor,
  RosterAddInput,
  RosterRow,
  RosterUpdateInput,
  Site,
  SiteContractors,
  SiteInput,
  ContractorInput,
} from '@bo/shared/schemas/site';
import { api } from '../../lib/api-client.ts';
import { createResourceApi, type ListResult } from '../../components/resource/resource-api.ts';

export type { Contractor, RosterRow, Site, SiteContractors };

export const SITES = '/api/admin/organization/sites';
export const CONTRACTORS = '/api/admin/organization/contractors';
const o = { organization: true } as const;

export const siteApi = createResourceApi<Site, SiteInput>(SITES, { organization: true, target: 'site' });
export const contractorApi = createResourceApi<Contractor, ContractorInput>(CONTRACTORS, { organization: true, target: 'contractor' });

/** Every contractor of the organization (a select's options; an organization has tens, not thousands). */
export const allContractorsQuery = () =>
  queryOptions({
    queryKey: [CONTRACTORS, 'all'],
    queryFn: () =>
      api.get<ListResult<Contractor>>(`${CONTRACTORS}/index`, { per_page: 100, sort: 'name', order: 'asc' }, o).then((r) => r.data),
    staleTime: 30_000,
  });

export interface StaffOption {
  id: number;
  name: string;
  display_name: string;
  job_title: string | null;
  contractor_id: number | null;
  contractor_name: string | null;
}

/** Staff of the organization matching a keyword (the director and roster pickers). */
export const staffSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['/api/admin/organization/staff', 'search', keyword],
    queryFn: () =>
      api
        .get<ListResult<StaffOption>>(
          '/api/admin/organization/staff/index',
          { keyword: keyword || undefined, per_page: 50, sort: 'name', order: 'asc' },
          o,
        )
        .then((r) => r.data),
    placeholderData: keepPreviousData,
  });

const siteKeys = (id: number) => ({
  contractors: [SITES, 'contractors', id] as const,
  roster: [SITES, 'roster', id] as const,
});

export const siteContractorsQuery = (id: number) =>
  queryOptions({
    queryKey: siteKeys(id).contractors,
    queryFn: () => api.get<SiteContractors & { version: number }>(`${SITES}/${id}/contractors`, null, o),
  });

export const rosterQuery = (id: number, q: Record<string, unknown>) =>
  queryOptions({
    queryKey: [...siteKeys(id).roster, q],
    queryFn: () => api.get<ListResult<RosterRow> & { version: number }>(`${SITES}/${id}/roster`, q, o),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

/**
 * A site's subcontractors and roster count as the site's own record (issue 36): each write sends the
 * site's version (from the last read of the tab) and every query of the site is read again after it.
 */
export function useSiteWrites(id: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: [SITES] });
  const opts = { onSettled: refresh };
  return {
    setContractors: useMutation({
      mutationFn: ({ ids, version }: { ids: number[]; version: number }) =>
        api.put<SiteContractors & { version: number }>(`${SITES}/${id}/contractors`, { contractor_ids: ids }, { ...o, version }),
      ...opts,
    }),
    add: useMutation({
      mutationFn: ({ body, version }: { body: RosterAddInput; version: number }) =>
        api.post<{ data: RosterRow[]; version: number }>(`${SITES}/${id}/roster`, body, { ...o, version }),
      ...opts,
    }),
    update: useMutation({
      mutationFn: ({ rowId, body, version }: { rowId: number; body: RosterUpdateInput; version: number }) =>
        api.put<RosterRow & { version: number }>(`${SITES}/${id}/roster/${rowId}`, body, { ...o, version }),
      ...opts,
    }),
    remove: useMutation({
      mutationFn: ({ rowId, version }: { rowId: number; version: number }) =>
        api.delete<{ message: string; version: number }>(`${SITES}/${id}/roster/${rowId}`, undefined, { ...o, version }),
      ...opts,
    }),
  };
}
