import { defineModule } from '../../lib/kit/server-module.ts';
import { staffExcelDependent } from '../staff/staff.dependents.ts';
import { staffExcelRoutes } from './staff-excel.routes.ts';

/** Staff spreadsheet templates and exports: a part of the staff module (registered by it). */
export const staffExcelModule = defineModule({
  name: 'staff-excel',
  routes: [staffExcelRoutes],
  dependents: [staffExcelDependent],
});
