import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

export const auditLogFeature = {
  ...screenFeature({
    name: 'audit-log',
    route: { name: 'audit-log.list', path: 'audit-log', roles: ROLES.superAdmin, screen: () => import('./audit-log-list-page.tsx') },
    menu: { group: 'admin-group', order: 40 },
  }),
  overviewCards: [
    {
      key: 'audit-chain-broken',
      roles: ROLES.superAdmin,
      card: () => import('./audit-chain-card.tsx').then((m) => ({ default: m.AuditChainCard })),
    },
  ],
};
