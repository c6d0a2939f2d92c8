import { ROLES } from '@bo/shared/permissions';
import { adminPath, listAndFormRoutes, type FeatureDescriptor } from '../../lib/feature.ts';

/** Staff of the active organization, their import, and the staff spreadsheets (excel/) built on them. */
export const staffFeature = {
  name: 'staff',
  routes: [
    ...listAndFormRoutes('staff', {
      roles: { list: ROLES.staffList, create: ROLES.staffWrite, update: ROLES.staffRead },
      list: () => import('./staff-list-page.tsx'),
      form: () => import('./staff-form-page.tsx'),
    }),
    { name: 'staff.import', path: adminPath('staff/import'), roles: ROLES.staffWrite, screen: () => import('./staff-import-page.tsx') },
    ...listAndFormRoutes('staff-excel', {
      roles: { list: ROLES.staffRead, create: ROLES.staffWrite, update: ROLES.staffRead },
      list: () => import('./excel/staff-excel-list-page.tsx'),
      form: () => import('./excel/staff-excel-form-page.tsx'),
    }),
    {
      name: 'staff-excel.export',
      path: adminPath('staff-excel/:target/export'),
      roles: ROLES.staffRead,
      screen: () => import('./excel/staff-excel-export-page.tsx'),
    },
  ],
  menuGroups: [{ key: 'staff-group', icon: 'team', roles: ROLES.staffList, order: 60 }],
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
