import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/kit/server-module.ts';
import { RenderPool } from './staff-excel.pool.ts';
import { staffExcels } from './staff-excel.repository.ts';
import { staffExcelResourceRoutes, staffExcelRoutes } from './staff-excel.routes.ts';
import { staffExcelUploadRoutes } from './staff-excel-uploads.routes.ts';

/** The ExcelJS workers of one app: started on first use, closed with the app. */
const pool = (app: FastifyInstance) => {
  const p = new RenderPool();
  app.addHook('onClose', async () => p.close());
  return p;
};

/** Staff spreadsheet templates and exports: a part of the staff module (registered by it). */
export const staffExcelModule = defineModule({
  name: 'staff-excel',
  routes: [
    async (app) => {
      const workers = pool(app);
      await app.register(staffExcelResourceRoutes);
      await app.register(staffExcelRoutes(workers));
      await app.register(staffExcelUploadRoutes(workers));
    },
  ],
  dependents: [staffExcels.dependent],
});
