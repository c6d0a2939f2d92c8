import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { MEMBER_STATUSES, memberInput, memberListQuery, memberSchema } from '@bo/shared/schemas/member';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { memberAccountRoutes } from './member-account.routes.ts';
import { memberSelfServiceRoutes } from './member-self-service.routes.ts';
import { memberAdminRoutes } from './member.routes.ts';
import { memberReads, memberService } from './member.service.ts';

/**
 * Members of the website (issue 12, docs/identity.md "Members"): the back office's list (ROLE_MEMBER
 * and super admins) and the members' own routes; module flag modules.member. Members sign up on the
 * site, so the back office has no create.
 */
export const memberModule = defineModule({
  name: 'member',
  unversionedWrites:
    "a member's own sign-up, sign-in, profile, e-mail, password and sessions, and the reset mail or device logout the back office sends: no record form two people edit (the back office's member form is the kit's, versioned)",
  site: true,
  flag: 'modules.member',
  routes: [
    resourceRoutes({
      path: '/api/admin/member',
      tags: ['member'],
      target: 'member',
      roles: { read: ROLES.member, write: ROLES.member },
      schemas: { view: memberSchema, input: memberInput, listQuery: memberListQuery },
      without: ['create'],
      patch: { fields: ['status'], rules: { status: z.enum(MEMBER_STATUSES) } },
      reads: memberReads,
      service: memberService,
    }),
    memberAdminRoutes,
    memberAccountRoutes,
    memberSelfServiceRoutes,
  ],
});
