import { defineModule } from '../../lib/kit/server-module.ts';
import { workRunRoutes } from './work-run.routes.ts';

/** The notices of work a killed server process never finished (issue 33, lib/work-runs/). */
export const workRunModule = defineModule({ name: 'work-run', routes: [workRunRoutes] });
