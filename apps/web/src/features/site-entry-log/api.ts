import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ATTENDANCE_MAX_DAYS, type Entry, type OverrideFeedEntry, type onSiteSchema } from '@bo/shared/schemas/gate';
import { api } from '../../lib/api-client.ts';
import type { ListResult } from '../../components/resource/resource-api.ts';

export type { Entry, OverrideFeedEntry };
export { ATTENDANCE_MAX_DAYS };
export type OnSite = z.infer<typeof onSiteSchema>;

const SITES = '/api/admin/organization/sites';
const o = { organization: true } as const;

export const entriesQuery = (siteId: number, q: Record<string, string | number>) =>
  queryOptions({
    queryKey: [SITES, 'entries', siteId, q],
    queryFn: () => api.get<ListResult<Entry>>(`${SITES}/${siteId}/entries`, q, o),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

/** Who is on the site now and today's counts; read again every minute while the tab is open. */
export const onSiteQuery = (siteId: number) =>
  queryOptions({
    queryKey: [SITES, 'on-site', siteId],
    queryFn: () => api.get<OnSite>(`${SITES}/${siteId}/on-site`, null, o),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export const attendanceWorkbook = (siteId: number, from: string, to: string, onProgress: (p: number) => void) =>
  api.download(`${SITES}/${siteId}/attendance.xlsx`, { from, to }, { method: 'GET', organization: true, onProgress });

/** The organization's latest overrides (the overview's card). */
export const overridesQuery = (limit = 10) =>
  queryOptions({
    queryKey: ['/api/admin/organization/compliance/overrides', limit],
    queryFn: () => api.get<{ data: OverrideFeedEntry[] }>('/api/admin/organization/compliance/overrides', { limit }, o),
  });
