import { ROLES } from '@bo/shared/permissions';
import type { FeatureDescriptor } from '../../lib/feature.ts';

/**
 * Issue 39 points 2 and 4: a site's entry log (a tab of the site form: who is on site now, the day's
 * entries, the attendance workbook) and the overview's card of the director's overrides.
 */
export const siteEntryLogFeature = {
  name: 'site-entry-log',
  routes: [],
  recordSections: [
    { key: 'site-entry-log', target: 'site', roles: ROLES.entryLog, order: 20, section: () => import('./entry-log-section.tsx') },
  ],
  overviewCards: [
    { key: 'gate-overrides', roles: ROLES.entryLog, needsOrganization: true, card: () => import('./overrides-overview-card.tsx') },
  ],
} satisfies FeatureDescriptor;
