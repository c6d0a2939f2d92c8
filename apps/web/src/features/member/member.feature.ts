import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/**
 * The website's members (issue 12): ROLE_MEMBER and super admins list, edit (name, status), mail a
 * password reset and log devices out, while modules.member is on. No create: members sign up on the site.
 */
export const memberFeature = resourceScreens({
  name: 'member',
  roles: { read: ROLES.member, write: ROLES.member },
  flag: 'modules.member',
  create: false,
  menu: { group: 'content', icon: 'team', order: 60 },
  screens: () => import('./member.screens.tsx'),
});
