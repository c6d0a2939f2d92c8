import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

/** Issue 38 §3: the organization's rules of law (the Taiwan pack and its own), switched, made stricter, added. */
export const complianceRulesFeature = screenFeature({
  name: 'compliance-rules',
  route: {
    name: 'compliance-rules',
    path: 'compliance-rules',
    roles: ROLES.complianceRulesRead,
    screen: () => import('./compliance-rules-page.tsx'),
  },
  menu: { group: 'staff-group', order: 40 },
});
