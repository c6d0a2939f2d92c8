import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Where unknown paths land: /404 signed out, /admin/404 inside the admin layout. */
export const errorsFeature = {
  name: 'errors',
  routes: [
    {
      name: 'not-found',
      path: '/404',
      roles: [],
      public: true,
      screen: () => import('./not-found-page.tsx'),
    },
    {
      name: 'admin-not-found',
      path: adminPath('404'),
      roles: [],
      screen: () => import('./not-found-page.tsx'),
    },
  ],
} satisfies FeatureDescriptor;
