import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/**
 * Issue 39 points 2 and 3: the gate screen of a site's gate keeper (SUB_ACCOUNT_ROLE_GATE, who sees only
 * this), the site director and the staff managers: pick the site, then scan, type the pass code or find
 * the worker by name; works offline from the site's signed snapshot.
 */
export const siteGateFeature = {
  name: 'site-gate',
  routes: [
    { name: 'gate.sites', path: adminPath('gate'), roles: ROLES.gate, screen: () => import('./gate-sites-page.tsx') },
    { name: 'gate.screen', path: adminPath('gate/:siteId'), roles: ROLES.gate, screen: () => import('./gate-page.tsx') },
  ],
  menu: [{ key: 'gate', icon: 'safety', route: 'gate.sites', roles: ROLES.gate, order: 61 }],
  overviewCards: [{ key: 'gate-open', roles: ROLES.gate, needsOrganization: true, card: () => import('./gate-card.tsx') }],
} satisfies FeatureDescriptor;
