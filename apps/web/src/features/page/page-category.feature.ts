import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/** Page categories, one tree per page type, as deep as the app config's pageCategoryDepth allows. */
export const pageCategoryFeature = resourceScreens({
  name: 'page-category',
  title: {
    list: { 'zh-TW': '頁面分類', 'en-US': 'Page categories' },
    create: { 'zh-TW': '新增分類', 'en-US': 'New category' },
    update: { 'zh-TW': '編輯分類', 'en-US': 'Edit category' },
  },
  roles: { read: ROLES.page, write: ROLES.page },
  flag: 'modules.page',
  create: 'dialog',
  menu: { group: 'content', order: 15 },
  screens: () => import('./page-category.screens.tsx'),
});
