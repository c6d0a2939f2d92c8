import { defineModule } from '../../lib/kit/server-module.ts';
import { accountRoutes } from './account.routes.ts';
import { deviceRoutes } from './devices.routes.ts';
import { subAccountRoutes } from './sub-account.routes.ts';
import { switchAccountRoutes } from './switch-account.routes.ts';

/** Sign-in, the session, the profile, devices and switching accounts (spec sections 1, 3, 7). */
export const accountModule = defineModule({
  name: 'account',
  routes: [accountRoutes, deviceRoutes, subAccountRoutes, switchAccountRoutes],
});
