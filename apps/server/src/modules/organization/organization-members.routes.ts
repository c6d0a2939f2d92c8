import { withVersion } from '@bo/shared/versions';
import type { OrganizationReadContext } from '../../lib/context/request-context.ts';
import type { VersionDeclaration } from '../../lib/context/version-check.ts';
import { membershipVersionId } from './organization-members.service.ts';
import { findMember } from './organization-members.repository.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listResponse } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { passwordMailSchema } from '@bo/shared/schemas/admin';
import {
  memberAddInput,
  memberInvitationInput,
  memberInviteInput,
  memberInviteResponse,
  memberListQuery,
  memberRolesInput,
  organizationMemberViewSchema,
} from '@bo/shared/schemas/organization-members';
import { organizationMembersReads, organizationMembersService } from './organization-members.service.ts';

const ok = z.object({ message: z.string() });
const base = '/api/admin/organization/member';

/**
 * Members of the active organization (issue 14, point 2), for its SUB_ACCOUNT_ROLE_ADMIN or a super
 * admin: list, invite a new account, add an existing one by e-mail, change sub-account roles, remove.
 * Organization-scoped: the organization is the one the request acts in, never an id in the path.
 */
export async function organizationMemberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['organization'];
  const config = { roles: ROLES.organizationMembers, organization: true } as const;
  // One admin's membership of the organization the request acts in (issue 36): `organizationId:adminId`.
  fastify.recordReaders.add({
    target: 'organization_member',
    roles: ROLES.organizationMembers,
    find: async (ctx, id) => {
      const [org, adminId] = id.split(':').map(Number);
      if (org !== ctx.organizationId || !Number.isInteger(adminId)) return undefined;
      return findMember(ctx.db, (ctx as OrganizationReadContext).scope, adminId!).catch(() => undefined);
    },
  });
  const membership: VersionDeclaration = {
    target: 'organization_member',
    id: (r) => membershipVersionId(r.organizationId ?? 0, (r.params as { id: number | string }).id),
  };

  app.get(
    `${base}/index`,
    {
      schema: { tags, querystring: memberListQuery, response: { 200: listResponse(withVersion(organizationMemberViewSchema)) } },
      config,
    },
    (req) => organizationMembersReads(req.read('organization')).list(req.query),
  );

  app.post(
    `${base}/invite`,
    {
      schema: { tags, body: memberInviteInput, response: { 200: memberInviteResponse } },
      config: { ...config, version: 'create' },
    },
    (req) => req.write('organization', (ctx) => organizationMembersService(ctx).invite(req.body)),
  );

  app.post(
    `${base}/:id/invitation`,
    {
      schema: {
        tags,
        description:
          'A fresh invitation for a member who has not set a password (pending or expired): the previous link dies; when mail cannot go out the answer holds the new link to hand over (once).',
        params: idParam,
        body: memberInvitationInput,
        response: { 200: passwordMailSchema },
      },
      config: { ...config, version: { unversioned: 'mails a fresh invitation link: no field of the membership changes' } },
    },
    (req) => req.write('organization', (ctx) => organizationMembersService(ctx).resendInvitation(req.params.id)),
  );

  app.post(
    base,
    {
      schema: { tags, body: memberAddInput, response: { 200: organizationMemberViewSchema } },
      config: { ...config, version: 'create' },
    },
    (req) => req.write('organization', (ctx) => organizationMembersService(ctx).add(req.body)),
  );

  app.put(
    `${base}/:id`,
    {
      schema: { tags, params: idParam, body: memberRolesInput, response: { 200: organizationMemberViewSchema } },
      config: { ...config, version: membership },
    },
    (req) => req.write('organization', (ctx) => organizationMembersService(ctx).setRoles(req.params.id, req.body.sub_account_roles)),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: { tags, params: idParam, response: { 200: ok } },
      config: { ...config, version: membership },
    },
    (req) =>
      req.write('organization', async (ctx) => {
        await organizationMembersService(ctx).remove(req.params.id);
        return { message: 'OK' };
      }),
  );
}
