import { defineModule } from '../../lib/kit/server-module.ts';
import { adminRoutes } from './admin.routes.ts';

/** Admin accounts (spec section 7). */
export const adminModule = defineModule({
  name: 'admin',
  routes: [adminRoutes],
});
