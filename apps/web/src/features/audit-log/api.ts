import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { ListResult } from '../../components/resource/resource-api.ts';

type Person = { id: number; email: string; name: string } | null;
export interface AuditLogEntry {
  id: number;
  actor_id: number | null;
  actor: Person;
  impersonator_id: number | null;
  impersonator: Person;
  organization_id: number | null;
  organization: { id: number; name: string; company_id: string | null } | null;
  action: string;
  target_type: string;
  target_id: string | null;
  /** The target's name when the entry was written (null before migration 0075). */
  target_label: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}
export type AuditLogList = ListResult<AuditLogEntry> & { meta: ListResult<AuditLogEntry>['meta'] & { total_capped?: boolean } };

const base = '/api/admin/audit-log';
export const auditLogListQuery = (q: Record<string, unknown>) =>
  queryOptions({
    queryKey: [base, 'list', q],
    queryFn: ({ signal }) => api.get<AuditLogList>(`${base}/index`, q, { signal }),
    placeholderData: keepPreviousData,
  });
export const auditLogQuery = (id: number | null) =>
  queryOptions({
    queryKey: [base, 'one', id],
    queryFn: () => api.get<AuditLogEntry>(`${base}/${id}`),
    enabled: id !== null,
  });

/** The filtered entries as a spreadsheet (the server streams it; progress when the size is known). */
export const exportAuditLog = (format: 'xlsx' | 'csv', filters: Record<string, unknown>, onProgress: (p: number) => void) =>
  api.download(`${base}/export`, { ...filters, format }, { method: 'GET', onProgress });
