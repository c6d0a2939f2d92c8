import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ComplianceItemsPage, ComplianceSummary } from '@bo/shared/schemas/compliance-dashboard';
import { api } from '../../lib/api-client.ts';

/** Which dashboard: the active organization's, or every organization's (company-wide safety officers). */
export type ComplianceScope = 'organization' | 'across';

const base = (scope: ComplianceScope) => (scope === 'organization' ? '/api/admin/organization/compliance' : '/api/admin/compliance');
const opts = (scope: ComplianceScope) => ({ organization: scope === 'organization' });

export type Query = Record<string, string | number>;

export const summaryQuery = (scope: ComplianceScope, q: Query) =>
  queryOptions({
    queryKey: ['compliance', scope, 'summary', q],
    queryFn: () => api.get<ComplianceSummary>(`${base(scope)}/summary`, q, opts(scope)),
  });

export const itemsQuery = (scope: ComplianceScope, q: Query) =>
  queryOptions({
    queryKey: ['compliance', scope, 'items', q],
    queryFn: () => api.get<ComplianceItemsPage>(`${base(scope)}/items`, q, opts(scope)),
    // A filter or page change keeps the rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** The organizations a reader across organizations chooses from (the staff module's list). */
export const organizationsQuery = () =>
  queryOptions({
    queryKey: ['compliance', 'organizations'],
    queryFn: () => api.get<{ data: { id: number; name: string }[] }>('/api/admin/staff/organizations'),
  });

export const exportWorkbook = (q: Query, onProgress: (p: number) => void) =>
  api.download('/api/admin/organization/compliance/export', q, { method: 'GET', organization: true, onProgress });

/** The organization's staff spreadsheet templates the export can fill (their compliance cells), as the staff export offers them. */
export const exportTemplatesQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/organization/staff-excel', 'list', { per_page: 100, sort: 'name', order: 'asc' }],
    queryFn: () =>
      api.get<{ data: { id: number; name: string; layout: string }[] }>(
        '/api/admin/organization/staff-excel/index',
        { per_page: 100, sort: 'name', order: 'asc' },
        { organization: true },
      ),
  });
