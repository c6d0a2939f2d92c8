import { ROLES } from '@bo/shared/permissions';
import { listAndFormRoutes, type FeatureDescriptor } from '../../lib/feature.ts';

/** Pages of the site: default pages, news and project cases (issue 11), while modules.page is on. */
export const pageFeature = {
  name: 'page',
  routes: listAndFormRoutes('page', {
    roles: { list: ROLES.page, create: ROLES.page, update: ROLES.page },
    flag: 'modules.page',
    list: () => import('./page-list-page.tsx'),
    form: () => import('./page-form-page.tsx'),
  }),
  menu: [{ key: 'page', group: 'content', route: 'page.list', roles: ROLES.page, order: 10 }],
} satisfies FeatureDescriptor;
