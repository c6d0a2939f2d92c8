import { defineModule } from '../../lib/kit/server-module.ts';
import { complianceRoutes } from './compliance.routes.ts';

/** Issue 38 part 5: the compliance dashboards and their workbook (read-only over the computed due items). */
export const complianceModule = defineModule({
  name: 'compliance',
  routes: [complianceRoutes],
});
