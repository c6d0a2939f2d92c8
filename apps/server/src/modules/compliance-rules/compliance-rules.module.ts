import { complianceRecomputeJob } from '../../lib/compliance/recompute-job.ts';
import { recomputeAfterAudit } from '../../lib/compliance/recompute-on-audit.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { complianceRulesRoutes } from './compliance-rules.routes.ts';

/**
 * The organization's rule settings over the Taiwan pack, the due items computed again in the same
 * transaction when evidence, a roster, a site or the rules change (its audit hook), and the nightly recompute (issue 38).
 */
export const complianceRulesModule = defineModule({
  name: 'compliance-rules',
  routes: [complianceRulesRoutes],
  jobs: [complianceRecomputeJob],
  afterAudit: recomputeAfterAudit,
});
