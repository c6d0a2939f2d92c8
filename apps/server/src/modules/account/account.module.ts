import { defineModule } from '../../lib/kit/server-module.ts';
import { adminAccountRoutes } from './account.routes.ts';
import { deviceRoutes } from './devices.routes.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { subAccountRoutes } from './sub-account.routes.ts';
import { switchAccountRoutes } from './switch-account.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { verifyIdentityRoutes } from './verify-identity.routes.ts';

/** Sign-in by every method, the session, the profile, identity, devices and switching accounts (spec sections 1, 3, 7). */
export const accountModule = defineModule({
  name: 'account',
  unversionedWrites:
    "sign-in, sessions, devices, passwords, second factors and one's own profile: a flow of one person, no record form two people edit",
  routes: [
    adminAccountRoutes,
    deviceRoutes,
    subAccountRoutes,
    switchAccountRoutes,
    passwordResetRoutes,
    verifyIdentityRoutes,
    oauthRoutes,
    twoFactorRoutes,
  ],
});
