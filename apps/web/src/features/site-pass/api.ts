import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pass, PhonePass } from '@bo/shared/schemas/gate';
import { api } from '../../lib/api-client.ts';
import type { ListResult } from '../../components/resource/resource-api.ts';

export type { Pass, PhonePass };

const SITES = '/api/admin/organization/sites';
const o = { organization: true } as const;
export const passesBase = (siteId: number) => `${SITES}/${siteId}/passes`;

/** One page of a site's passes (state current / revoked / all). */
export const passListQuery = (siteId: number, q: Record<string, string | number>) =>
  queryOptions({
    queryKey: [SITES, 'passes', siteId, q],
    queryFn: () => api.get<ListResult<Pass>>(passesBase(siteId), q, o),
    placeholderData: keepPreviousData,
  });

/**
 * The passes to print: every current pass of the site (pages of 100), kept to `ids` when given. A pass
 * revoked since it was picked is left out (its QR is null: a revoked pass is never printed again).
 */
export const badgePassesQuery = (siteId: number, ids: number[] | null) =>
  queryOptions({
    queryKey: [SITES, 'passes', siteId, 'badges', ids],
    queryFn: async () => {
      const all: Pass[] = [];
      for (let page = 1; page < 1000; page++) {
        const r = await api.get<ListResult<Pass>>(
          passesBase(siteId),
          { state: 'current', per_page: 100, page, sort: 'staff_name', order: 'asc' },
          o,
        );
        all.push(...r.data);
        if (page >= r.meta.last_page) break;
      }
      const wanted = ids ? new Set(ids) : null;
      return all.filter((p) => p.qr && (!wanted || wanted.has(p.id)));
    },
  });

/** The photo printed on a badge (private: read through the API into an object URL). */
export const passPhotoBlob = (siteId: number, passId: number) =>
  api.download(`${passesBase(siteId)}/${passId}/photo`, undefined, { method: 'GET', organization: true });

/** The worker's phone pass, read with the link's token (no sign-in). */
export const phonePassQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/public/passes', token],
    queryFn: () => api.get<PhonePass>(`/api/public/passes/${encodeURIComponent(token)}`),
    retry: false,
  });
export const phonePassPhotoUrl = (token: string) => `/api/public/passes/${encodeURIComponent(token)}/photo`;

export function usePassWrites(siteId: number) {
  const qc = useQueryClient();
  const opts = { onSettled: () => qc.invalidateQueries({ queryKey: [SITES, 'passes', siteId] }) };
  return {
    issue: useMutation({
      mutationFn: (staffIds?: number[]) =>
        api.post<{ data: Pass[]; issued: number }>(passesBase(siteId), staffIds ? { staff_ids: staffIds } : {}, o),
      ...opts,
    }),
    revoke: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: 'lost' | 'revoked' | 'left_site' }) =>
        api.post<Pass>(`${passesBase(siteId)}/${id}/revoke`, { reason }, o),
      ...opts,
    }),
    reissue: useMutation({
      mutationFn: ({ id, reason }: { id: number; reason: 'lost' | 'revoked' }) =>
        api.post<Pass>(`${passesBase(siteId)}/${id}/reissue`, { reason }, o),
      ...opts,
    }),
    phoneLink: useMutation({
      mutationFn: (id: number) => api.post<{ url: string; expires_at: string }>(`${passesBase(siteId)}/${id}/phone-link`, {}, o),
    }),
  };
}
