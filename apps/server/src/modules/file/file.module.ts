import { defineModule } from '../../lib/kit/server-module.ts';
import { fileDependent } from './file.dependents.ts';
import { fileRoutes } from './file.routes.ts';

/** The file manager and signed links (spec sections 3, 7). */
export const fileModule = defineModule({
  name: 'file',
  routes: [fileRoutes],
  dependents: [fileDependent],
});
