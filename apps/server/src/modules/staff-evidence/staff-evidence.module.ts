import { defineModule } from '../../lib/kit/server-module.ts';
import { registerMultipart } from '../../lib/uploads/multipart.ts';
import { evidenceScansOfStaff } from './staff-evidence-scans.ts';
import { evidenceDependents } from './staff-evidence.repository.ts';
import { staffEvidenceRoutes } from './staff-evidence.routes.ts';

/** Issue 38 item 2: training records, health checks, insurance enrollment and migrant documents of a staff member, with their scans. */
export const staffEvidenceModule = defineModule({
  name: 'staff-evidence',
  setup: registerMultipart,
  routes: [staffEvidenceRoutes],
  // Listed before staff in modules/index.ts: its rows go before the staff rows they belong to.
  dependents: evidenceDependents,
  references: [evidenceScansOfStaff],
});
