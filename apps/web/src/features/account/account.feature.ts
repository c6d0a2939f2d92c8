import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Sign-in, the overview, the profile and the session screens (spec sections 2 and 9). */
export const accountFeature = {
  name: 'account',
  routes: [
    {
      name: 'home',
      path: '/',
      roles: [],
      public: true,
      screen: () => import('./sign-in-page.tsx'),
    },
    {
      name: 'oauth-return',
      path: '/oauth-return/:provider',
      roles: [],
      public: true,
      screen: () => import('./oauth-return-page.tsx'),
    },
    {
      name: 'send-reset-password-email',
      path: '/send-reset-password-email',
      roles: [],
      public: true,
      screen: () => import('./forgot-password-page.tsx'),
    },
    {
      name: 'login-via-email-otp',
      path: '/login-via-email-otp',
      roles: [],
      public: true,
      screen: () => import('./email-code-sign-in-page.tsx'),
    },
    {
      name: 'two-factor',
      path: '/two-factor',
      roles: [],
      public: true,
      screen: () => import('./two-factor-page.tsx'),
    },
    {
      name: 'overview',
      path: adminPath(),
      roles: [],
      // With the device card's chunk, asked for at once: the first render waits for both (overview-page.tsx).
      screen: () => Promise.all([import('./overview-page.tsx'), import('./login-devices.tsx')]).then(([m]) => m),
    },
    {
      name: 'profile',
      path: adminPath('profile'),
      roles: [],
      screen: () => import('./profile-page.tsx'),
    },
    {
      name: 'reset-password',
      path: adminPath('reset-password'),
      roles: [],
      screen: () => import('./reset-password-page.tsx'),
    },
    {
      name: 'create-admin-session',
      path: adminPath('create-admin-session'),
      roles: [],
      screen: () => import('./create-admin-session-page.tsx'),
    },
  ],
  menu: [{ key: 'overview', icon: 'dashboard', route: 'overview', roles: [], order: 10 }],
} satisfies FeatureDescriptor;
