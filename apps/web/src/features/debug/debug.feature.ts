import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** /debug (client facts) and the debug tools of spec section 2, placeholders until their issues land. */
export const debugFeature = {
  name: 'debug',
  routes: [
    {
      name: 'debug',
      path: '/debug',
      roles: [],
      public: true,
      title: { 'zh-TW': '除錯資訊', 'en-US': 'Debug information' },
      screen: () => import('./client-debug-page.tsx'),
    },
    {
      name: 'admin_debug.html_editor',
      path: adminPath('debug/html-editor'),
      roles: ROLES.debug,
      title: { 'zh-TW': 'HTML 編輯器', 'en-US': 'HTML editor' },
      screen: 'placeholder',
    },
    {
      name: 'admin_debug.video_player',
      path: adminPath('debug/video-player'),
      roles: ROLES.debug,
      title: { 'zh-TW': '影片播放器', 'en-US': 'Video player' },
      screen: 'placeholder',
    },
    // No server route yet (LOG_VIEWER_PATH): the menu opens this placeholder until there is one.
    {
      name: 'admin_debug.log_viewer',
      path: adminPath('debug/log-viewer'),
      roles: ROLES.debug,
      title: { 'zh-TW': '系統日誌', 'en-US': 'Log viewer' },
      screen: 'placeholder',
    },
  ],
  menuGroups: [{ key: 'debug', icon: 'bug', roles: ROLES.debugMenu, order: 20, label: { 'zh-TW': '除錯', 'en-US': 'Debug' } }],
  menu: [
    { key: 'html-editor', group: 'debug', route: 'admin_debug.html_editor', roles: ROLES.debugMenu, order: 20 },
    { key: 'log-viewer', group: 'debug', route: 'admin_debug.log_viewer', roles: ROLES.debugMenu, order: 30 },
  ],
} satisfies FeatureDescriptor;
