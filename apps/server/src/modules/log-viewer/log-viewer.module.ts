import { defineModule } from '../../lib/kit/server-module.ts';
import { logViewerRoutes } from './log-viewer.routes.ts';

/** The log viewer's API (issue 13, part 3). */
export const logViewerModule = defineModule({ name: 'log-viewer', routes: [logViewerRoutes] });
