import type { MailLocale } from '@bo/shared/schemas/mail';
import { MEMBER_KEYS } from '@bo/shared/schemas/member';
import type { Config } from '../../config.ts';
import type { Trx } from '../../db/database.ts';
import type { MemberLinksTable } from '../../db/tables/members.ts';
import { badRequest } from '../errors.ts';
import type { MailRequest } from '../mail/outbox.ts';
import { insertMemberLink, memberLinkByDigest, retireOpenMemberLinks, useUpMemberLink } from './member-links.repository.ts';
import { digestSecret, randomToken, sameDigest } from './secret-digest.ts';

type Purpose = MemberLinksTable['purpose'];
type LinkConfig = Pick<Config, 'jwtSecret' | 'site'>;

/** A confirmation link holds three days; a reset link 30 minutes, like admins' (issue 10). */
export const MEMBER_LINK_TTL_SECONDS: Record<Purpose, number> = { confirm: 72 * 3600, reset: 30 * 60 };

/** The site's pages that open them (apps/server/src/site). */
const PAGE: Record<Purpose, string> = { confirm: '/member/confirm', reset: '/member/reset-password' };

const tokenDigest = (config: LinkConfig, token: string) => digestSecret(config.jwtSecret, 'member-link', token);
const passwordFingerprint = (config: LinkConfig, hash: string | null) =>
  hash === null ? null : digestSecret(config.jwtSecret, 'member-password-fingerprint', hash);

export const memberLinkInvalid = (purpose: Purpose) =>
  badRequest({ token: [purpose === 'confirm' ? MEMBER_KEYS.confirmLinkInvalid : 'validate.error.reset_link_invalid'] });

interface LinkMember {
  id: number;
  email: string;
  name: string;
  password_hash: string | null;
  email_verified_at: string | null;
}

/**
 * How a mail to a member greets it: by its name once the address is proven, else by the address. The
 * name of an unconfirmed member is whatever someone typed when signing the address up, and the
 * company's server must not mail that text to the address (a sign-up named "Your account is locked:
 * https://…" would otherwise send it to anyone).
 */
export const memberGreeting = (member: Pick<LinkMember, 'email' | 'name' | 'email_verified_at'>): string =>
  member.email_verified_at === null ? member.email : member.name || member.email;

/**
 * A new single-use link for the member (its open links of the same purpose die), and the mail that
 * carries it, for the caller to queue in the same transaction. Only a keyed digest is stored, with a
 * fingerprint of the member's password: a reset link dies when the password changes another way, and
 * a sign-up's own confirmation link confirms only with the pending password of that sign-up.
 * `keepsPendingPassword: false` (a confirmation mail asked for again, by anyone) makes a link that only
 * proves the address: it has no fingerprint, and using it drops the pending password (memberLinkProvesOnly).
 */
export async function memberLinkMail(
  trx: Trx,
  config: LinkConfig,
  opts: { member: LinkMember; purpose: Purpose; locale: MailLocale; keepsPendingPassword?: boolean },
): Promise<MailRequest> {
  const { member, purpose } = opts;
  const tiedToPassword = purpose === 'reset' || opts.keepsPendingPassword !== false;
  const token = randomToken();
  const now = new Date();
  await retireOpenMemberLinks(trx, member.id, purpose, now.toISOString());
  await insertMemberLink(trx, {
    member_id: member.id,
    purpose,
    token_hash: tokenDigest(config, token),
    password_fingerprint: tiedToPassword ? passwordFingerprint(config, member.password_hash) : null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + MEMBER_LINK_TTL_SECONDS[purpose] * 1000).toISOString(),
    used_at: null,
  });
  const link = `${config.site.url}${PAGE[purpose]}?token=${encodeURIComponent(token)}`;
  // A confirmation goes to an address nobody has proven yet: never with a name someone typed.
  const name = purpose === 'confirm' ? member.email : memberGreeting(member);
  return {
    to: member.email,
    locale: opts.locale,
    brand: 'website' as const,
    ...(purpose === 'confirm'
      ? { template: 'member_confirmation' as const, variables: { name, link, expiresInHours: MEMBER_LINK_TTL_SECONDS.confirm / 3600 } }
      : { template: 'password_reset' as const, variables: { name, link, expiresInMinutes: MEMBER_LINK_TTL_SECONDS.reset / 60 } }),
  };
}

/**
 * A confirmation link that is not the sign-up's own (a resent one): it proves the address and nothing
 * more, so the password someone typed at sign-up never takes effect through a mail a visitor can ask for.
 */
export const memberLinkProvesOnly = (link: { purpose: Purpose; password_fingerprint: string | null }) =>
  link.purpose === 'confirm' && link.password_fingerprint === null;

/**
 * Uses up the open link `token` names, once (a second concurrent use finds it gone), and answers its
 * member; 400 for a link unknown, used, expired, of a disabled member, or made for another password
 * than the member's current one (a reset link older than the password; a confirmation link whose
 * sign-up's pending password was dropped). A resent confirmation link is tied to no password.
 */
export async function useMemberLink(db: Trx, config: LinkConfig, token: string, purpose: Purpose) {
  const digest = tokenDigest(config, token);
  const row = await memberLinkByDigest(db, digest);
  const now = new Date().toISOString();
  if (
    !row ||
    !sameDigest(row.token_hash, digest) ||
    row.purpose !== purpose ||
    row.used_at !== null ||
    row.expires_at <= now ||
    row.status !== 'active' ||
    (!memberLinkProvesOnly(row) && row.password_fingerprint !== passwordFingerprint(config, row.password_hash))
  ) {
    throw memberLinkInvalid(purpose);
  }
  if (!(await useUpMemberLink(db, row.id, now))) throw memberLinkInvalid(purpose);
  return row;
}
