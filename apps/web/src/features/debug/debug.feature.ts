import { ROLES } from '@bo/shared/permissions';
import { LOG_VIEWER_PATH } from '../../lib/admin-session.ts';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** /debug (client facts) and the debug tools of spec section 2: the HTML editor, the video player, the log viewer. */
export const debugFeature = {
  name: 'debug',
  routes: [
    {
      name: 'debug',
      path: '/debug',
      roles: [],
      public: true,
      screen: () => import('./client-debug-page.tsx'),
    },
    {
      name: 'admin_debug.html_editor',
      path: adminPath('debug/html-editor'),
      roles: ROLES.debug,
      screen: () => import('./html-editor-page.tsx'),
    },
    {
      name: 'admin_debug.video_player',
      path: adminPath('debug/video-player'),
      roles: ROLES.debug,
      screen: () => import('./video-player-page.tsx'),
    },
    {
      name: 'admin_debug.log_viewer',
      path: LOG_VIEWER_PATH,
      // Its API is the maintainer's (spec section 2: the Debug group), so is the screen.
      roles: ROLES.debugMenu,
      screen: () => import('./log-viewer-page.tsx'),
    },
  ],
  menuGroups: [{ key: 'debug', icon: 'bug', roles: ROLES.debugMenu, order: 20 }],
  menu: [
    { key: 'html-editor', group: 'debug', route: 'admin_debug.html_editor', roles: ROLES.debugMenu, order: 20 },
    { key: 'video-player', group: 'debug', route: 'admin_debug.video_player', roles: ROLES.debugMenu, order: 25 },
    // Spec section 2: opens in a new tab through create-admin-session with path = the log viewer's path.
    {
      key: 'log-viewer',
      group: 'debug',
      route: 'admin_debug.log_viewer',
      externalPath: LOG_VIEWER_PATH,
      roles: ROLES.debugMenu,
      order: 30,
    },
  ],
} satisfies FeatureDescriptor;
