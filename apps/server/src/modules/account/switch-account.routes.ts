import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { adminRolesOf } from '../../lib/context/actor.ts';
import { conflict, notFound, permissionDenied } from '../../lib/errors.ts';
import { openSession } from '../../lib/sign-in/open-session.ts';
import { provenAdmin } from '../../lib/sign-in/proven-account.ts';
import { signInClientOf } from '../../lib/sign-in/sign-in-client.ts';
import { tokenResponse } from '@bo/shared/schemas/account';
import { mayManageAccountOf } from '../admin/admin.policy.ts';
import { findAccountAdmin } from './account-admin.repository.ts';

/**
 * Switch account: a super admin acts as another admin. The answer is a token bound to a new login
 * device whose impersonator_id is the super admin. The token says who is acting in
 * `data.impersonator` (the only addition to spec section 3's payload, and only in such tokens);
 * the server reads it from the device (profile.impersonator, audit impersonator_id), never from the token.
 * The way back: the web keeps the original token aside, logs the impersonation device out
 * (PUT /api/admin/account/logout) and restores the original token.
 */
export async function switchAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/account/:id/switch-account',
    {
      schema: { tags: ['account'], params: idParam, response: { 200: tokenResponse } },
      config: { roles: ROLES.superAdmin },
    },
    (req) =>
      req.write('admin', async (ctx) => {
        const { trx, principal: actor } = ctx;
        // Only a real super admin switches: not a maintainer (who passes role checks), not someone already acting as another.
        if (!actor.isSuperAdmin || actor.impersonatorId !== null) throw permissionDenied();
        const target = await findAccountAdmin(trx, req.params.id);
        if (!target) throw notFound();
        if (target.id === actor.id || target.status !== 'active') throw conflict({ id: ['validate.error.invalid'] });
        // Acting as an account is reaching its powers: refused, like granting them, when it holds a role the actor lacks.
        if (!mayManageAccountOf(actor, await adminRolesOf(trx, target.id))) throw permissionDenied();
        const { token } = await openSession(ctx, app, {
          principal: provenAdmin(target.id),
          client: signInClientOf(req),
          keepLogin: false,
          switchedBy: { adminId: actor.id },
        });
        return { token };
      }),
  );
}
