import { ROLES } from '@bo/shared/permissions';
import { adminGroupInput, adminGroupListQuery, adminGroupSchema } from '@bo/shared/schemas/admin-group';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { adminGroupReads, adminGroupService } from './admin-group.service.ts';

/**
 * Admin groups (spec section 7; flag adminGroup, off by default: every call then answers 404).
 * Members hold the group's roles while the flag is on, checked on every request by lib/context/actor.ts.
 */
export const adminGroupModule = defineModule({
  name: 'admin-group',
  flag: 'adminGroup',
  routes: [
    resourceRoutes({
      path: '/api/admin/admin-group',
      tags: ['admin-group'],
      target: 'admin_group',
      roles: { read: ROLES.superAdmin, write: ROLES.superAdmin },
      schemas: { view: adminGroupSchema, input: adminGroupInput, listQuery: adminGroupListQuery },
      without: ['patch', 'batchPatch'],
      reads: adminGroupReads,
      service: adminGroupService,
    }),
  ],
});
