import { useQuery } from '@tanstack/react-query';
import { versionOf } from '../../components/resource/record-version.ts';
import type { Page, PageCategoryNode, PageRevision, PageType } from '@bo/shared/schemas/page';
import { api } from '../../lib/api-client.ts';
import { createResourceApi } from '../../components/resource/resource-api.ts';

export const pagesApi = createResourceApi<Page, Record<string, unknown>>('/api/admin/page');

export const useCategoryTree = (type: PageType | undefined) =>
  useQuery({
    queryKey: ['/api/admin/page-category', 'tree', type],
    queryFn: () => api.get<{ max_depth: number; data: PageCategoryNode[] }>('/api/admin/page-category/tree', { type }),
    enabled: !!type,
  });

export const useRevisions = (id: number | null) =>
  useQuery({
    queryKey: ['/api/admin/page', 'one', id, 'revisions'],
    queryFn: () => api.get<{ data: PageRevision[] }>(`/api/admin/page/${id}/revisions`).then((r) => r.data),
    enabled: id !== null,
  });

export const revision = (id: number, number: number) => api.get<PageRevision>(`/api/admin/page/${id}/revisions/${number}`);
/** A restore is a write of the page: it sends the version the page is shown at (issue 36). */
export const restoreRevision = (page: Page, number: number) =>
  api.post<Page>(`/api/admin/page/${page.id}/revisions/${number}/restore`, {}, { version: versionOf(page) });

/** A publish instant as Asia/Taipei wall time (YYYY-MM-DDTHH:mm), whatever the browser's zone. */
export const taipeiWallTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16);
/** Taipei wall time back to an instant with its offset, as the API takes it. */
export const fromTaipeiWallTime = (wall: string) => `${wall}:00+08:00`;
