import { ROLES } from '@bo/shared/permissions';
import type { FeatureDescriptor } from '../../lib/feature.ts';

/** Issue 38 item 2: a staff member's training records, health checks, insurance and migrant documents, on the staff form. */
export const staffEvidenceFeature = {
  name: 'staff-evidence',
  routes: [],
  recordSections: [
    { key: 'staff-evidence', target: 'staff', roles: ROLES.staffRead, order: 10, section: () => import('./staff-evidence-section.tsx') },
  ],
} satisfies FeatureDescriptor;
