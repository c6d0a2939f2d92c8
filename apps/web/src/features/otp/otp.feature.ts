import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

/** One-time password records (spec section 2): the codes mailed for sign-in and verify identity. */
export const otpFeature = screenFeature({
  name: 'otp',
  route: { name: 'admin.otp', path: 'otp', roles: ROLES.otp, screen: () => import('./otp-records-page.tsx') },
  menu: { icon: 'key', order: 30 },
});
