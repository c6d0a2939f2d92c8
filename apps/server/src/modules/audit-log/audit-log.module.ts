import { MESSAGES } from '@bo/shared/messages';
import { ROLES } from '@bo/shared/permissions';
import { auditLogItem, auditLogList, auditLogQuery } from '@bo/shared/schemas/audit-log';
import { AppError } from '../../lib/errors.ts';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { auditAnchorTask } from './audit-chain-anchors.ts';
import { auditChainJob } from './audit-chain-job.ts';
import { auditChainRoutes } from './audit-chain.routes.ts';
import { auditLogExportRoutes } from './audit-log.routes.ts';
import { auditLogReads } from './audit-log.service.ts';

const REFUSED = ['create', 'update', 'patch', 'batchPatch', 'delete', 'batchDelete'] as const;

/**
 * The audit log: every change, who made it, before and after. Entries are append-only (ARCHITECTURE
 * "Where the spec meets safety"): the writes spec section 7 lists are registered so the client gets a
 * clear answer, always 405.
 */
export const auditLogModule = defineModule({
  name: 'audit-log',
  routes: [
    auditLogExportRoutes,
    auditChainRoutes,
    resourceRoutes({
      path: '/api/admin/audit-log',
      tags: ['audit-log'],
      target: 'audit_log',
      roles: { read: ROLES.superAdmin, write: ROLES.superAdmin },
      schemas: { view: auditLogItem, listQuery: auditLogQuery, list: auditLogList },
      // The index's organization_id filters the entries; it does not select the organization acted in.
      operationConfig: {
        index: { organizationIdIsFilter: true },
        ...Object.fromEntries(REFUSED.map((op) => [op, { errors: [405] }])),
      },
      without: REFUSED,
      refuseWithout: {
        error: () => new AppError(405, MESSAGES.methodNotAllowed, undefined, { allow: 'GET' }),
        description: 'Always 405: audit entries are append-only.',
      },
      reads: auditLogReads,
    }),
  ],
  jobs: [auditChainJob],
  minuteTasks: [auditAnchorTask],
});
