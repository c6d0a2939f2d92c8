import { ROLES } from '@bo/shared/permissions';
import {
  ADMIN_PATCH_FIELDS,
  adminCreateResponse,
  adminInput,
  adminListQuery,
  adminPatchValues,
  adminSchema,
} from '@bo/shared/schemas/admin';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { adminRoutes } from './admin.routes.ts';
import { adminReads, adminService } from './admin.service.ts';

/**
 * Admin accounts (spec section 7). Super admins list, create and delete; an organization's
 * SUB_ACCOUNT_ROLE_ADMIN also reads and changes the members of its active organization
 * (admin.policy.ts). A PATCH records an update with the whole admin before and after.
 */
export const adminModule = defineModule({
  name: 'admin',
  routes: [
    resourceRoutes({
      path: '/api/admin/admin',
      tags: ['admin'],
      target: 'admin',
      history: true,
      roles: {
        read: ROLES.adminUpdate,
        write: ROLES.adminUpdate,
        remove: ROLES.superAdmin,
        index: ROLES.superAdmin,
        create: ROLES.superAdmin,
      },
      schemas: { view: adminSchema, input: adminInput, listQuery: adminListQuery, created: adminCreateResponse },
      patch: { fields: ADMIN_PATCH_FIELDS, rules: adminPatchValues },
      // The index's organization_id filters the list; elsewhere it selects the organization acted in.
      operationConfig: { index: { organizationIdIsFilter: true } },
      serviceAudits: ['update', 'patch', 'batchPatch'],
      reads: adminReads,
      service: adminService,
    }),
    adminRoutes,
  ],
});
