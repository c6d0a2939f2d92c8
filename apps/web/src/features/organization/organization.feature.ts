import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

/** 我的組織: the active organization's details and members. */
export const organizationFeature = screenFeature({
  name: 'organization',
  route: {
    name: 'organization',
    path: 'organization',
    roles: ROLES.organizationAdmin,
    mode: 'update',
    screen: () => import('./organization-page.tsx'),
  },
  menu: { icon: 'bank', order: 50 },
});
