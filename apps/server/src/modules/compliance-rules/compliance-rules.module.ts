import { complianceRecomputeJob } from '../../lib/compliance/recompute-job.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { complianceRulesRoutes } from './compliance-rules.routes.ts';

/** The organization's rule settings over the Taiwan pack, and the nightly recompute of due items (issue 38). */
export const complianceRulesModule = defineModule({
  name: 'compliance-rules',
  routes: [complianceRulesRoutes],
  jobs: [complianceRecomputeJob],
});
