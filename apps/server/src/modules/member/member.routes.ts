import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { mailSentResponse } from '@bo/shared/schemas/account';
import { memberDeviceParams, memberDeviceSchema } from '@bo/shared/schemas/member';
import { notFound } from '../../lib/errors.ts';
import { memberLinkMail } from '../../lib/identity/member-links.ts';
import { memberDevices, revokeMemberDevice } from './member-devices.repository.ts';
import { memberForMail, members } from './member.repository.ts';

const tags = ['member'];

/** The back office's member routes beyond the kit's: a reset mail, the member's devices and logging one out. */
export async function memberAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/member/:id/reset-password',
    {
      schema: {
        tags,
        description:
          "Mails the member a single-use link to the website's set-password page (30 minutes). The member's password stays until the " +
          'link is used. Audited (send_reset_password_mail).',
        params: idParam,
        response: { 200: mailSentResponse.extend({ sent_to: z.string() }) },
      },
      config: { roles: ROLES.member },
    },
    async (req) =>
      req.write('admin', async (ctx) => {
        const [member] = await members.find(ctx.db, ctx.scope, [req.params.id]);
        if (!member) throw notFound();
        const row = await memberForMail(ctx.trx, member.id);
        const locale = row.locale === 'en-US' ? 'en-US' : 'zh-TW';
        await ctx.sendMail(await memberLinkMail(ctx.trx, ctx.config, { member: row, purpose: 'reset', locale }));
        await ctx.audit({ action: 'send_reset_password_mail', target_type: 'member', target_id: member.id });
        return { sent: true as const, sent_to: member.email };
      }),
  );

  app.get(
    '/api/admin/member/:id/devices',
    {
      schema: {
        tags,
        description: "The browsers the member has signed in on, latest first, with the session's end and whether it was logged out.",
        params: idParam,
        response: { 200: z.object({ data: z.array(memberDeviceSchema) }) },
      },
      config: { roles: ROLES.member },
    },
    async (req) => {
      const ctx = req.read('admin');
      if ((await members.find(ctx.db, ctx.scope, [req.params.id])).length === 0) throw notFound();
      return { data: await memberDevices(ctx.db, req.params.id) };
    },
  );

  app.delete(
    '/api/admin/member/:id/devices/:deviceId',
    {
      schema: {
        tags,
        description: "Logs one of the member's browsers out: its token dies at once. Audited (logout_device).",
        params: memberDeviceParams,
        response: { 200: z.object({ message: z.string() }) },
      },
      config: { roles: ROLES.member },
    },
    async (req) =>
      req.write('admin', async (ctx) => {
        if (!(await revokeMemberDevice(ctx.trx, req.params.id, req.params.deviceId))) throw notFound();
        await ctx.audit({
          action: 'logout_device',
          target_type: 'member',
          target_id: req.params.id,
          after: { member_device_id: req.params.deviceId },
        });
        return { message: 'OK' };
      }),
  );
}
