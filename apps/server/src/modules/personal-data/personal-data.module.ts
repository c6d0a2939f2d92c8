import { defineModule } from '../../lib/kit/server-module.ts';
import { personalDataRoutes } from './personal-data.routes.ts';
import { retentionJob } from './retention-job.ts';

/** Issue 37, items 5 and 6: retention, the person's copy, correction and erasure, the inventory. */
export const personalDataModule = defineModule({
  name: 'personal-data',
  routes: [personalDataRoutes],
  jobs: [retentionJob],
});
