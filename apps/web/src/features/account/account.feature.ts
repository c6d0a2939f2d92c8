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
      title: { 'zh-TW': '登入', 'en-US': 'Sign in' },
      screen: () => import('./sign-in-page.tsx'),
    },
    {
      name: 'oauth-return',
      path: '/oauth-return/:provider',
      roles: [],
      public: true,
      title: { 'zh-TW': '第三方登入', 'en-US': 'Social sign-in' },
      screen: () => import('./oauth-return-page.tsx'),
    },
    {
      name: 'send-reset-password-email',
      path: '/send-reset-password-email',
      roles: [],
      public: true,
      title: { 'zh-TW': '重設密碼', 'en-US': 'Reset password' },
      screen: () => import('./forgot-password-page.tsx'),
    },
    {
      name: 'login-via-email-otp',
      path: '/login-via-email-otp',
      roles: [],
      public: true,
      title: { 'zh-TW': '電子郵件驗證碼登入', 'en-US': 'Sign in with an email code' },
      screen: () => import('./email-code-sign-in-page.tsx'),
    },
    {
      name: 'two-factor',
      path: '/two-factor',
      roles: [],
      public: true,
      title: { 'zh-TW': '兩步驟驗證', 'en-US': 'Two-step verification' },
      screen: () => import('./two-factor-page.tsx'),
    },
    {
      name: 'overview',
      path: adminPath(),
      roles: [],
      title: { 'zh-TW': '總覽', 'en-US': 'Overview' },
      screen: () => import('./overview-page.tsx'),
    },
    {
      name: 'profile',
      path: adminPath('profile'),
      roles: [],
      title: { 'zh-TW': '個人資料', 'en-US': 'Profile' },
      screen: () => import('./profile-page.tsx'),
    },
    {
      name: 'reset-password',
      path: adminPath('reset-password'),
      roles: [],
      title: { 'zh-TW': '變更密碼', 'en-US': 'Change password' },
      screen: () => import('./reset-password-page.tsx'),
    },
    {
      name: 'create-admin-session',
      path: adminPath('create-admin-session'),
      roles: [],
      title: { 'zh-TW': '開啟管理頁面', 'en-US': 'Open admin page' },
      screen: () => import('./create-admin-session-page.tsx'),
    },
  ],
  menu: [{ key: 'overview', icon: 'dashboard', route: 'overview', roles: [], order: 10 }],
} satisfies FeatureDescriptor;
