import { defineModule } from '../../lib/kit/server-module.ts';
import { appConfigRoutes } from './app-config.routes.ts';

/** The application config screen (spec section 3). */
export const appConfigModule = defineModule({
  name: 'app-config',
  routes: [appConfigRoutes],
});
