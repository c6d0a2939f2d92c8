import { defineModule } from '../../lib/kit/server-module.ts';
import { auditLogRoutes } from './audit-log.routes.ts';

/** The audit log: every change, who made it, before and after. */
export const auditLogModule = defineModule({
  name: 'audit-log',
  routes: [auditLogRoutes],
});
