import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/** The site's videos (issue 11): ROLE_VIDEO and super admins, while modules.video is on. */
export const videoFeature = resourceScreens({
  name: 'video',
  roles: { read: ROLES.video, write: ROLES.video },
  flag: 'modules.video',
  menu: { group: 'content', order: 30 },
  screens: () => import('./video.screens.tsx'),
});
