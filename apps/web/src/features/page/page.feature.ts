import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Pages of the site: default pages, news and project cases (issue 11), while modules.page is on. */
export const pageFeature = {
  name: 'page',
  routes: [
    {
      name: 'page.list',
      path: adminPath('page'),
      roles: ROLES.page,
      flag: 'modules.page',
      title: { 'zh-TW': '頁面與文章', 'en-US': 'Pages and news' },
      screen: () => import('./page-list-page.tsx'),
    },
    {
      name: 'page.create',
      path: adminPath('page/create'),
      roles: ROLES.page,
      flag: 'modules.page',
      mode: 'create',
      title: { 'zh-TW': '新增頁面', 'en-US': 'New page' },
      screen: () => import('./page-form-page.tsx'),
    },
    {
      name: 'page.update',
      path: adminPath('page/:target/update'),
      roles: ROLES.page,
      flag: 'modules.page',
      mode: 'update',
      title: { 'zh-TW': '編輯頁面', 'en-US': 'Edit page' },
      screen: () => import('./page-form-page.tsx'),
    },
  ],
  menu: [{ key: 'page', group: 'content', route: 'page.list', roles: ROLES.page, order: 10 }],
} satisfies FeatureDescriptor;
