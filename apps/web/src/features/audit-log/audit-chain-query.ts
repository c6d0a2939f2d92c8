import type { AuditChainStatus } from '@bo/shared/schemas/audit-log';
import { api } from '../../lib/api-client.ts';

export const AUDIT_CHAIN_URL = '/api/admin/audit-log/chain';

/** The chain's state (GET /api/admin/audit-log/chain): the audit log screen's bar and the overview's card. */
export const auditChainQuery = () => ({ queryKey: [AUDIT_CHAIN_URL], queryFn: () => api.get<AuditChainStatus>(AUDIT_CHAIN_URL) });

/** How long ago an instant was, in the largest whole unit (minutes, hours, days), for `t('age.<unit>', {count})`. */
export function ageOf(iso: string, now = Date.now()): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / 1440) };
}
