import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { ADMIN_ROLES, ROLE_LABELS, SUB_ACCOUNT_ROLES } from '@bo/shared/roles';
import { passwordMailSchema, roleOptionsResponse } from '@bo/shared/schemas/admin';
import { grantableAdminRoles, grantableSubAccountRolesIn } from './admin.policy.ts';
import { adminService } from './admin.service.ts';

/** The admin calls beyond the spec's eight (admin.module.ts): role options and the operator password reset. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.get(
    '/api/admin/admin/roles',
    {
      schema: { tags, response: { 200: roleOptionsResponse } },
      config: { roles: ROLES.adminUpdate },
    },
    async (req) => {
      const grantable = grantableAdminRoles(req.actor);
      return { data: ADMIN_ROLES.map((name) => ({ name, label: ROLE_LABELS[name], grantable: grantable.has(name) })) };
    },
  );

  app.get(
    '/api/admin/admin/sub-account-roles',
    {
      schema: { tags, response: { 200: roleOptionsResponse } },
      config: { roles: ROLES.adminUpdate },
    },
    async (req) => {
      const grantable = grantableSubAccountRolesIn(req.actor, req.read('admin').scope);
      return { data: SUB_ACCOUNT_ROLES.map((name) => ({ name, label: ROLE_LABELS[name], grantable: grantable.has(name) })) };
    },
  );

  app.patch(
    '/api/admin/admin/:id/reset-password',
    {
      schema: {
        tags,
        description:
          "Clears the admin's password, signs out its devices and mails it a link to set a new one (an invitation again for an " +
          'admin who never set one). Needs verify-identity (403 Identity verification required).',
        params: idParam,
        response: { 200: passwordMailSchema },
      },
      config: {
        roles: ROLES.superAdmin,
        errors: [403, 409],
        version: {
          unversioned: 'an operator action on the password and sessions: no field of the admin form; audited, it raises the version',
        },
      },
    },
    (req) => req.write('admin', (ctx) => adminService(ctx).resetPassword(req.params.id)),
  );

  app.delete(
    '/api/admin/admin/:id/two-factor',
    {
      schema: {
        tags,
        description:
          "Turns off another admin's two-factor when its phone is lost: it signs in with its first factor again (or sets two-factor up " +
          'again when its roles require it). Needs verify-identity (403 Identity verification required).',
        params: idParam,
        response: { 200: z.object({ message: z.string() }) },
      },
      config: {
        roles: ROLES.superAdmin,
        errors: [403, 409],
        version: { unversioned: 'an operator action on the second factor: no field of the admin form; audited, it raises the version' },
      },
    },
    (req) => req.write('admin', (ctx) => adminService(ctx).resetTwoFactor(req.params.id)),
  );
}
