import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Staff of the active organization, their import, and the staff spreadsheets (excel/) built on them. */
export const staffFeature = {
  name: 'staff',
  routes: [
    {
      name: 'staff.list',
      path: adminPath('staff'),
      roles: ROLES.staffList,
      title: { 'zh-TW': '人員', 'en-US': 'Staff' },
      screen: () => import('./staff-list-page.tsx'),
    },
    {
      name: 'staff.create',
      path: adminPath('staff/create'),
      roles: ROLES.staffWrite,
      mode: 'create',
      title: { 'zh-TW': '新增人員', 'en-US': 'New staff member' },
      screen: () => import('./staff-form-page.tsx'),
    },
    {
      name: 'staff.import',
      path: adminPath('staff/import'),
      roles: ROLES.staffWrite,
      title: { 'zh-TW': '匯入人員', 'en-US': 'Import staff' },
      screen: () => import('./staff-import-page.tsx'),
    },
    {
      name: 'staff.update',
      path: adminPath('staff/:target/update'),
      roles: ROLES.staffRead,
      mode: 'update',
      title: { 'zh-TW': '編輯人員', 'en-US': 'Edit staff member' },
      screen: () => import('./staff-form-page.tsx'),
    },
    {
      name: 'staff-excel.list',
      path: adminPath('staff-excel'),
      roles: ROLES.staffRead,
      title: { 'zh-TW': '人員報表', 'en-US': 'Staff spreadsheets' },
      screen: () => import('./excel/staff-excel-list-page.tsx'),
    },
    {
      name: 'staff-excel.create',
      path: adminPath('staff-excel/create'),
      roles: ROLES.staffWrite,
      mode: 'create',
      title: { 'zh-TW': '新增人員報表', 'en-US': 'New staff spreadsheet' },
      screen: () => import('./excel/staff-excel-form-page.tsx'),
    },
    {
      name: 'staff-excel.update',
      path: adminPath('staff-excel/:target/update'),
      roles: ROLES.staffRead,
      mode: 'update',
      title: { 'zh-TW': '編輯人員報表', 'en-US': 'Edit staff spreadsheet' },
      screen: () => import('./excel/staff-excel-form-page.tsx'),
    },
    {
      name: 'staff-excel.export',
      path: adminPath('staff-excel/:target/export'),
      roles: ROLES.staffRead,
      title: { 'zh-TW': '匯出人員報表', 'en-US': 'Export staff spreadsheet' },
      screen: () => import('./excel/staff-excel-export-page.tsx'),
    },
  ],
  menuGroups: [{ key: 'staff-group', icon: 'team', roles: ROLES.staffList, order: 60, label: { 'zh-TW': '人員管理', 'en-US': 'Staff' } }],
  menu: [
    { key: 'staff', group: 'staff-group', route: 'staff.list', roles: ROLES.staffList, order: 10 },
    { key: 'staff-excel', group: 'staff-group', route: 'staff-excel.list', roles: ROLES.staffMenu, order: 20 },
  ],
  overviewCards: [
    {
      key: 'certificate-expiry',
      roles: ROLES.staffRead,
      needsOrganization: true,
      card: () => import('./certificate-expiry-card.tsx').then((m) => ({ default: m.CertificateExpiryCard })),
    },
  ],
} satisfies FeatureDescriptor;
