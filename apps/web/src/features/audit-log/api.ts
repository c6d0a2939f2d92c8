import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { auditLogItem, auditLogList } from '@bo/shared/schemas/audit-log';
import type { z } from 'zod';

export type AuditLogEntry = z.infer<typeof auditLogItem>;
export type AuditLogList = z.infer<typeof auditLogList>;

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
