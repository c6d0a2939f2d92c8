import type { AuditLogItem, AuditLogQuery } from '@bo/shared/schemas/audit-log';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import type { ResourceReads } from '../../lib/kit/resource-routes.ts';
import { findAuditLogs, listAuditLogs, type AuditLogPage } from './audit-log.repository.ts';

/** Reads of the append-only audit log: a page (totals capped, docs/audit-log.md) and single entries. */
export const auditLogReads = ({ db }: AdminReadContext): ResourceReads<AuditLogItem, AuditLogQuery, AuditLogPage> => ({
  list: (query) => listAuditLogs(db, query),
  find: (ids) => findAuditLogs(db, ids),
});
