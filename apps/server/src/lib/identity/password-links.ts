import type { MailLocale } from '@bo/shared/schemas/mail';
import type { Config } from '../../config.ts';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { PasswordLinkPurpose } from '../../db/tables/password-reset.ts';
import { badRequest } from '../errors.ts';
import type { PasswordMail } from '@bo/shared/schemas/admin';
import { appLink, mailDeliverability, type MailRequest } from '../mail/outbox.ts';
import type { RequestContext, WriteContext } from '../context/request-context.ts';
import { adminForPasswordLink, adminSummary } from '../admins.repository.ts';
import {
  insertPasswordLink,
  passwordLinkByDigest,
  retireOpenPasswordLinks,
  setPasswordLinkMail,
  useUpPasswordLinkRow,
} from './password-links.repository.ts';
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
 * (password_reset or admin_invitation) with the link itself and its expiry, for the caller to queue
 * in the same transaction (and, when mail cannot go out, to hand over: issue 26).
 */
async function issuePasswordLink(
  trx: Trx,
  config: LinkConfig,
  opts: {
    admin: LinkAdmin;
    purpose: PasswordLinkPurpose;
    locale: MailLocale;
    ip: string | null;
    inviterName?: string;
    createdBy?: number | null;
  },
): Promise<{ id: number; mail: MailRequest; link: string; expiresAt: string }> {
  const { admin, purpose } = opts;
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LINK_TTL_SECONDS[purpose] * 1000).toISOString();
  await retireOpenPasswordLinks(trx, admin.id, now.toISOString());
  const id = await insertPasswordLink(trx, {
    admin_id: admin.id,
    purpose,
    token_hash: tokenDigest(config, token),
    password_fingerprint: passwordFingerprint(config, admin.password_hash),
    ip: opts.ip,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
    created_by: opts.createdBy ?? null,
  });
  const name = admin.name || admin.email;
  const link = passwordLinkUrl(config, token);
  const mail: MailRequest = {
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
  return { id, mail, link, expiresAt };
}

/** The set-password mail of a visitor's own reset request (it never hands a link over). */
export async function passwordLinkMail(
  trx: Trx,
  config: LinkConfig,
  opts: { admin: LinkAdmin; purpose: PasswordLinkPurpose; locale: MailLocale; ip: string | null },
): Promise<MailRequest> {
  return (await issuePasswordLink(trx, config, opts)).mail;
}

/** The open link `token` names and its admin, or 400 `validate.error.reset_link_invalid`. */
export async function openPasswordLink(db: ReadDb, config: LinkConfig, token: string) {
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
export async function useUpPasswordLink(db: Trx, id: number): Promise<void> {
  if (!(await useUpPasswordLinkRow(db, id, new Date().toISOString()))) throw linkInvalid();
}

/** What sending a set-password link needs: an admin's or the operator's write context. */
type LinkWriter = Pick<WriteContext, 'db' | 'config' | 'audit' | 'sendMail'>;

/**
 * In a write context's transaction: queues the set-password mail (an invitation or a reset) for
 * `admin`, and answers where it went and whether it goes out. When it cannot (no SMTP_URL, or mail
 * failing: lib/mail/outbox.ts mailDeliverability), the answer carries the mail's one-time link for
 * the caller to hand over, recorded as handed over (issue 26); a new link kills the previous one.
 */
export async function sendSetPasswordLink(
  w: LinkWriter,
  opts: { admin: LinkAdmin; purpose: PasswordLinkPurpose; createdBy: number | null; inviterName?: string },
): Promise<PasswordMail> {
  const delivery = await mailDeliverability(w.db, w.config);
  // The product's language (spec section 1); the template is editable per locale.
  const issued = await issuePasswordLink(w.db, w.config, { ...opts, locale: 'zh-TW', ip: null });
  await setPasswordLinkMail(w.db, issued.id, await w.sendMail(issued.mail));
  if (delivery === 'smtp') return { sent_to: opts.admin.email, delivery };
  await w.audit({
    action: 'hand_over_link',
    target_type: 'admin',
    target_id: opts.admin.id,
    after: { purpose: opts.purpose, delivery, expires_at: issued.expiresAt },
  });
  return { sent_to: opts.admin.email, delivery, handover: { link: issued.link, expires_at: issued.expiresAt } };
}

/** In an admin's transaction: sends admin `adminId` a set-password link from the acting admin (sendSetPasswordLink). */
export async function mailSetPasswordLink(ctx: RequestContext, adminId: number, purpose: PasswordLinkPurpose): Promise<PasswordMail> {
  const admin = await adminForPasswordLink(ctx.db, adminId);
  const inviter = await adminSummary(ctx.db, ctx.principal.id);
  return sendSetPasswordLink(ctx, { admin, purpose, createdBy: ctx.principal.id, inviterName: inviter?.name || inviter?.email || '' });
}
