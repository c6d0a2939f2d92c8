import { ROLES } from '@bo/shared/permissions';
import { fileListQuery, fileListResponse, fileSchema } from '@bo/shared/schemas/file';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { registerMultipart } from '../../lib/uploads/multipart.ts';
import { files } from './file.repository.ts';
import { fileRoutes } from './file.routes.ts';
import { fileReads, fileService } from './file.service.ts';

/** The file manager and signed links (spec sections 3, 7): index and deletes on the kit, uploads and links hand-written. */
export const fileModule = defineModule({
  name: 'file',
  setup: registerMultipart,
  routes: [
    resourceRoutes({
      path: '/api/admin/file',
      tags: ['file'],
      target: 'file',
      roles: { read: ROLES.file, write: ROLES.file },
      schemas: { view: fileSchema, listQuery: fileListQuery, list: fileListResponse },
      without: ['read', 'create', 'update', 'patch', 'batchPatch'],
      reads: fileReads,
      service: fileService,
    }),
    fileRoutes,
  ],
  dependents: [files.dependent],
});
