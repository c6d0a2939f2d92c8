import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/**
 * Issue 39 point 1: a site's passes, a tab of the site form (a record section of target `site`), and its
 * badge sheet (A4, 8 badges a page, printed from that tab).
 */
export const sitePassFeature = {
  name: 'site-pass',
  routes: [
    {
      name: 'site-pass.badges',
      path: adminPath('sites/:id/badges'),
      roles: ROLES.passRead,
      screen: () => import('./badge-sheet-page.tsx'),
    },
  ],
  recordSections: [{ key: 'site-pass', target: 'site', roles: ROLES.passRead, order: 10, section: () => import('./passes-section.tsx') }],
} satisfies FeatureDescriptor;

/** The worker's phone pass, opened from a signed link without signing in (a public route). */
export const phonePassFeature = {
  name: 'phone-pass',
  routes: [
    {
      name: 'phone-pass',
      path: '/pass/:token',
      roles: [],
      public: true,
      screen: () => import('./phone-pass-page.tsx'),
    },
  ],
} satisfies FeatureDescriptor;
