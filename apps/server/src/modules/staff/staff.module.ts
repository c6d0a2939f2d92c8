import type { FastifyInstance } from 'fastify';
import { certificateTypeRoutes } from './certificate-type.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import { staffImportRoutes } from './staff-import.routes.ts';
import { staffExcelRoutes } from '../staff-excel/staff-excel.routes.ts';
import { registerMultipart } from '../../lib/uploads/multipart.ts';
import './staff.dependents.ts';

/** Staff records, certificate types and staff spreadsheet exports (spec sections 2, 3, 6, 7, 9). */
export async function staffModule(app: FastifyInstance): Promise<void> {
  await registerMultipart(app);
  await app.register(staffRoutes);
  await app.register(staffImportRoutes);
  await app.register(certificateTypeRoutes);
  await app.register(staffExcelRoutes);
}
