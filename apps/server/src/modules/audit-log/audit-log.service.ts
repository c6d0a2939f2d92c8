import type { AuditLogItem, AuditLogQuery } from '@bo/shared/schemas/audit-log';
import type { RequestContext } from '../../lib/kit/request-context.ts';
import type { ResourceService } from '../../lib/kit/resource-routes.ts';
import { findAuditLogs, listAuditLogs, type AuditLogPage } from './audit-log.repository.ts';

/** Reads of the append-only audit log: a page (totals capped, docs/audit-log.md) and single entries. */
export function auditLogService(ctx: RequestContext): ResourceService<AuditLogItem, never, AuditLogQuery, AuditLogPage> {
  return {
    list: (query) => listAuditLogs(ctx.db, query),
    find: (ids) => findAuditLogs(ctx.db, ids),
  };
}
