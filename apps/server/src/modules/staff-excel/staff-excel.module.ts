import { defineModule } from '../../lib/kit/server-module.ts';
import { renderPoolOf } from './staff-excel.pool.ts';
import { staffExcels } from './staff-excel.repository.ts';
import { staffExcelResourceRoutes, staffExcelRoutes } from './staff-excel.routes.ts';
import { staffExcelUploadRoutes } from './staff-excel-uploads.routes.ts';

/** Staff spreadsheet templates and exports: a part of the staff module (registered by it). */
export const staffExcelModule = defineModule({
  name: 'staff-excel',
  routes: [
    async (app) => {
      const workers = renderPoolOf(app);
      await app.register(staffExcelResourceRoutes);
      await app.register(staffExcelRoutes(workers));
      await app.register(staffExcelUploadRoutes(workers));
    },
  ],
  dependents: [staffExcels.dependent],
});
