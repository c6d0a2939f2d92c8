import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** 我的組織: the active organization's details and members. */
export const organizationFeature = {
  name: 'organization',
  routes: [
    {
      name: 'organization',
      path: adminPath('organization'),
      roles: ROLES.organizationAdmin,
      mode: 'update',
      title: { 'zh-TW': '我的組織', 'en-US': 'My organization' },
      screen: () => import('./organization-page.tsx'),
    },
  ],
  menu: [{ key: 'organization', icon: 'bank', route: 'organization', roles: ROLES.organizationAdmin, order: 50 }],
} satisfies FeatureDescriptor;
