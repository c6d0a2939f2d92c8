import type { MailLocale } from '@bo/shared/schemas/mail';
import type { Config } from '../../config.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { PasswordLinkPurpose } from '../../db/tables/password-reset.ts';
import { badRequest } from '../errors.ts';
import { appLink, type MailRequest } from '../mail/outbox.ts';
import type { RequestContext } from '../kit/request-context.ts';
import { adminForPasswordLink, adminSummary } from '../admins.repository.ts';
import { insertPasswordLink, passwordLinkByDigest, retireOpenPasswordLinks, useUpPasswordLinkRow } from './password-links.repository.ts';
import { digestSecret, randomToken, sameDigest } from './secret-digest.ts';

/** Issue 10: a reset link holds 30 minutes; an invitation 72 hours. */
export const LINK_TTL_SECONDS: Record<PasswordLinkPurpose, number> = { reset: 30 * 60, invite: 72 * 3600 };

/** The answer for a link that is unknown, used, expired, or older than the admin's current password. */
export const linkInvalid = () => badRequest({ token: ['validate.error.reset_link_invalid'] });

type LinkConfig = Pick<Config, 'jwtSecret' | 'publicUrl'>;

const tokenDigest = (config: LinkConfig, token: string) => digestSecret(config.jwtSecret, 'password-link', token);
const passwordFingerprint = (config: LinkConfig, passwordHash: string) =>
  digestSecret(config.jwtSecret, 'password-fingerprint', passwordHash);

/** The web page that sets the password (spec route /send-reset-password-email, with the token). */
export const passwordLinkUrl = (config: LinkConfig, token: string) =>
  appLink(config, `/send-reset-password-email?token=${encodeURIComponent(token)}`);

interface LinkAdmin {
  id: number;
  email: string;
  name: string;
  password_hash: string;
}

/**
 * Makes a set-password link for `admin` (its open links die) and answers the mail holding it
 * (password_reset or admin_invitation), for the caller to queue in the same transaction.
 */
export async function passwordLinkMail(
  trx: DbOrTrx,
  config: LinkConfig,
  opts: { admin: LinkAdmin; purpose: PasswordLinkPurpose; locale: MailLocale; ip: string | null; inviterName?: string },
): Promise<MailRequest> {
  const { admin, purpose } = opts;
  const token = randomToken();
  const now = new Date();
  await retireOpenPasswordLinks(trx, admin.id, now.toISOString());
  await insertPasswordLink(trx, {
    admin_id: admin.id,
    purpose,
    token_hash: tokenDigest(config, token),
    password_fingerprint: passwordFingerprint(config, admin.password_hash),
    ip: opts.ip,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + LINK_TTL_SECONDS[purpose] * 1000).toISOString(),
    used_at: null,
  });
  const name = admin.name || admin.email;
  const link = passwordLinkUrl(config, token);
  return {
    to: admin.email,
    adminId: admin.id,
    locale: opts.locale,
    ...(purpose === 'invite'
      ? {
          template: 'admin_invitation' as const,
          variables: { name, link, inviterName: opts.inviterName ?? '', expiresInHours: LINK_TTL_SECONDS.invite / 3600 },
        }
      : { template: 'password_reset' as const, variables: { name, link, expiresInMinutes: LINK_TTL_SECONDS.reset / 60 } }),
  };
}

/** The open link `token` names and its admin, or 400 `validate.error.reset_link_invalid`. */
export async function openPasswordLink(db: DbOrTrx, config: LinkConfig, token: string) {
  const digest = tokenDigest(config, token);
  const row = await passwordLinkByDigest(db, digest);
  if (
    !row ||
    !sameDigest(row.token_hash, digest) ||
    row.used_at !== null ||
    row.expires_at <= new Date().toISOString() ||
    row.status !== 'active' ||
    row.password_fingerprint !== passwordFingerprint(config, row.password_hash)
  ) {
    throw linkInvalid();
  }
  return row;
}

/** Marks the link used, once: a second concurrent use finds it gone (400). */
export async function useUpPasswordLink(db: DbOrTrx, id: number): Promise<void> {
  if (!(await useUpPasswordLinkRow(db, id, new Date().toISOString()))) throw linkInvalid();
}

/**
 * In a service's transaction: mails admin `adminId` a set-password link (an invitation or a reset),
 * from the acting admin. The answer tells the operator where it went, and whether it waits in the
 * outbox (no SMTP_URL).
 */
export async function mailSetPasswordLink(
  ctx: RequestContext,
  adminId: number,
  purpose: PasswordLinkPurpose,
): Promise<{ sent_to: string; delivery: 'smtp' | 'outbox' }> {
  const admin = await adminForPasswordLink(ctx.db, adminId);
  const inviter = await adminSummary(ctx.db, ctx.actor.id);
  const mail = await passwordLinkMail(ctx.db, ctx.config, {
    admin,
    purpose,
    // The product's language (spec section 1); the template is editable per locale.
    locale: 'zh-TW',
    ip: null,
    inviterName: inviter?.name || inviter?.email || '',
  });
  await ctx.sendMail(mail);
  return { sent_to: admin.email, delivery: ctx.config.mail.smtpUrl ? 'smtp' : 'outbox' };
}
