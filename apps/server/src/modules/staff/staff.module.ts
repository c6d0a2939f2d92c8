import { defineModule } from '../../lib/kit/server-module.ts';
import { registerMultipart } from '../../lib/uploads/multipart.ts';
import { staffExcelModule } from '../staff-excel/staff-excel.module.ts';
import { certificateTypeRoutes } from './certificate-type.routes.ts';
import { staffDependent } from './staff.dependents.ts';
import { staffImportMappingDependent } from './staff-import.repository.ts';
import { staffImportRoutes } from './staff-import.routes.ts';
import { staffRoutes } from './staff.routes.ts';

/** Staff records, certificate types, imports and, as a part of staff, spreadsheet exports (spec sections 2, 3, 6, 7, 9). */
export const staffModule = defineModule({
  name: 'staff',
  setup: registerMultipart,
  routes: [staffRoutes, staffImportRoutes, certificateTypeRoutes],
  dependents: [staffDependent, staffImportMappingDependent],
  modules: [staffExcelModule],
});
