import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Whoever edits a type under review: pages, banners, products, videos (and the super admin). */
const REVIEWER_ROLES = [...new Set([...ROLES.page, ...ROLES.banner, ...ROLES.product, ...ROLES.video])];

/**
 * Issue 41, four eyes before the website changes: 「待我審核」 (the list, its count in the menu and its
 * card on the overview) and the super admin's settings of the workflow per content type.
 */
export const reviewFeature = {
  name: 'review',
  routes: [
    { name: 'review.awaiting', path: adminPath('review'), roles: REVIEWER_ROLES, screen: () => import('./awaiting-page.tsx') },
    {
      name: 'review.settings',
      path: adminPath('app-settings/review'),
      roles: ROLES.superAdmin,
      screen: () => import('./review-settings-page.tsx'),
    },
  ],
  menu: [
    {
      key: 'review',
      icon: 'safety',
      route: 'review.awaiting',
      roles: REVIEWER_ROLES,
      order: 15,
      badge: () => import('./awaiting-badge.tsx'),
    },
    { key: 'review-settings', group: 'admin-group', route: 'review.settings', roles: ROLES.superAdmin, order: 81 },
  ],
  overviewCards: [{ key: 'review-awaiting', roles: REVIEWER_ROLES, card: () => import('./awaiting-card.tsx') }],
} satisfies FeatureDescriptor;
