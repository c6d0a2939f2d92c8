import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/** Admin groups, behind the adminGroup flag of the application config; created in a dialog (spec section 2 has no create screen). */
export const adminGroupFeature = resourceScreens({
  name: 'admin-group',
  roles: { read: ROLES.superAdmin, write: ROLES.superAdmin },
  flag: 'adminGroup',
  create: 'dialog',
  menu: { group: 'admin-group', order: 20 },
  screens: () => import('./admin-group.screens.tsx'),
});
