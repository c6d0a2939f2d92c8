import { defineModule } from '../../lib/kit/server-module.ts';
import { registerMultipart } from '../../lib/uploads/multipart.ts';
import { staffExcelModule } from '../staff-excel/staff-excel.module.ts';
import { certificateTypes } from './certificate-type.repository.ts';
import { certificateTypeDefaultsRoutes, certificateTypeRoutes } from './certificate-type.routes.ts';
import { libraryPhotoReference } from './library-photo-reference.ts';
import { staffImportMappings } from './staff-import.repository.ts';
import { staffImportRoutes } from './staff-import.routes.ts';
import { staff } from './staff.repository.ts';
import { staffResourceRoutes, staffRoutes } from './staff.routes.ts';
import { staffRevealRoutes } from './staff-reveal.routes.ts';
import { staffUploadRoutes } from './staff-uploads.routes.ts';

/** Staff records, certificate types, imports and, as a part of staff, spreadsheet exports (spec sections 2, 3, 6, 7, 9). */
export const staffModule = defineModule({
  name: 'staff',
  setup: registerMultipart,
  routes: [
    staffRoutes,
    staffResourceRoutes,
    staffRevealRoutes,
    staffUploadRoutes,
    staffImportRoutes,
    certificateTypeRoutes,
    certificateTypeDefaultsRoutes,
  ],
  // Staff (with their certificates) go before the certificate types those name.
  dependents: [staff.dependent, certificateTypes.dependent, staffImportMappings.dependent],
  references: [libraryPhotoReference],
  modules: [staffExcelModule],
});
