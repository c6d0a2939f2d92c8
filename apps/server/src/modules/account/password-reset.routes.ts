import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { mailSentResponse, passwordLinkBody, passwordLinkSchema, resetByMailBody, sendResetMailBody } from '@bo/shared/schemas/account';
import { adminActing, clientAddressOf } from '../../lib/kit/principals.ts';
import { badRequest } from '../../lib/errors.ts';
import { passwordLinkMail, openPasswordLink, useUpPasswordLink } from '../../lib/identity/password-links.ts';
import { paceSend } from '../../lib/identity/send-pacing.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { verifyRecaptcha } from '../../lib/recaptcha.ts';

/** Forgot password: the reset mail and setting a new password by its link; invitations' links too (issue 10). */
export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const now = () => new Date().toISOString();

  app.post(
    '/api/admin/account/send-reset-password-mail',
    {
      schema: {
        tags,
        description:
          'Mails a single-use link to set a new password (30 minutes) to an active admin with this e-mail. The answer is the same ' +
          'whether the e-mail has an account or not; one mail per address a minute (429).',
        body: sendResetMailBody,
        response: { 200: mailSentResponse },
      },
      config: { roles: 'public', errors: [423, 429] },
    },
    async (req) => {
      const email = req.body.email.toLowerCase();
      await paceSend(app.rateLimits, { kind: 'password_reset', email, ip: req.ip });
      await verifyRecaptcha(app.config, req.body.recaptcha, req.ip);
      const admin = await app.db
        .selectFrom('admins')
        .select(['id', 'email', 'name', 'status', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (admin?.status === 'active') {
        await req.inVisitorTransaction(async (ctx) => {
          await ctx.sendMail(
            await passwordLinkMail(ctx.trx, app.config, { admin, purpose: 'reset', locale: req.body.locale ?? 'zh-TW', ip: req.ip }),
          );
          await ctx.audit({ action: 'send_reset_password_mail', target_type: 'admin', target_id: admin.id });
        });
      }
      return { sent: true as const };
    },
  );

  app.post(
    '/api/admin/account/password-link',
    {
      schema: {
        tags,
        description:
          "Whom a set-password link (reset or invitation) is for, while it is valid: the set-password page's heading. 400 when it is not.",
        body: passwordLinkBody,
        response: { 200: passwordLinkSchema },
      },
      config: { roles: 'public' },
    },
    async (req) => {
      const link = await openPasswordLink(app.db, app.config, req.body.token);
      return { email: link.email, name: link.name, purpose: link.purpose, expires_at: link.expires_at };
    },
  );

  app.post(
    '/api/admin/account/reset-password-by-mail',
    {
      schema: {
        tags,
        description:
          'Sets the password with a link from a reset or invitation mail. The link works once, dies with any other password change, ' +
          'and every device of the admin is signed out. Sign in afterwards.',
        body: resetByMailBody,
        response: { 200: passwordLinkSchema.pick({ email: true }) },
      },
      config: { roles: 'public' },
    },
    async (req) => {
      if (req.body.password.length < app.config.passwordMinLength) throw badRequest({ password: [VALIDATION_KEYS.tooShort] });
      const passwordHash = await hashPassword(req.body.password);
      return req.inVisitorTransaction(async (ctx) => {
        const { trx } = ctx;
        const link = await openPasswordLink(trx, app.config, req.body.token);
        await useUpPasswordLink(trx, link.id);
        const t = now();
        await trx
          .updateTable('admins')
          .set({ password_hash: passwordHash, has_change_default_password: 1, updated_at: t })
          .where('id', '=', link.admin_id)
          .execute();
        await trx
          .updateTable('login_devices')
          .set({ revoked_at: t })
          .where('admin_id', '=', link.admin_id)
          .where('revoked_at', 'is', null)
          .execute();
        // The link proved the admin: the change is recorded as the admin's own.
        await ctx.actingAs(adminActing(link.admin_id, clientAddressOf(req))).audit({
          action: 'reset_password_by_mail',
          target_type: 'admin',
          target_id: link.admin_id,
          after: { purpose: link.purpose },
        });
        return { email: link.email };
      });
    },
  );
}
