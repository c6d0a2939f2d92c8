import { defineModule } from '../../lib/kit/server-module.ts';
import { keptFilesSweepJob } from './kept-files-sweep.job.ts';

/**
 * Issue 36: every kit resource answers its history and restore (lib/kit/record-history.ts); this module
 * holds what is not one resource's: the daily sweep of files kept for restores past their retention.
 */
export const historyModule = defineModule({
  name: 'history',
  routes: [],
  jobs: [keptFilesSweepJob],
});
