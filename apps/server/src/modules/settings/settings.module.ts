import { defineModule } from '../../lib/kit/server-module.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Public application settings (spec section 3). */
export const settingsModule = defineModule({
  name: 'settings',
  routes: [settingsRoutes],
});
