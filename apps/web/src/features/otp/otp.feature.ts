import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** One-time password records (spec section 2): the codes mailed for sign-in and verify identity. */
export const otpFeature = {
  name: 'otp',
  routes: [
    {
      name: 'admin.otp',
      path: adminPath('otp'),
      roles: ROLES.otp,
      title: { 'zh-TW': '一次性密碼紀錄', 'en-US': 'One-time passwords' },
      screen: () => import('./otp-records-page.tsx'),
    },
  ],
  menu: [{ key: 'otp', icon: 'key', route: 'admin.otp', roles: ROLES.otp, order: 30 }],
} satisfies FeatureDescriptor;
