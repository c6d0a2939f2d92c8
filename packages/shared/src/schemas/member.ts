import { z } from 'zod';
import { listQuery, rowIdParam } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { OAUTH_PROVIDERS, oauthReturnBody, passwordField, pendingEmailSchema } from './account.ts';

/**
 * Members (issue 12, docs/identity.md "Members"): people of the company website, not admins. They
 * sign up with an e-mail they confirm, and sign in by password, e-mail code, Google, Facebook or LINE;
 * their tokens have type `member` and open only the member routes (/api/member/*).
 */
export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_KEYS = {
  /** A password sign-in of a member who has not confirmed the e-mail yet (403). */
  emailNotConfirmed: 'validate.error.email_not_confirmed',
  /** A confirmation link that is unknown, used or expired. */
  confirmLinkInvalid: 'validate.error.confirm_link_invalid',
} as const;

const email = z.string().trim().min(1, VALIDATION_KEYS.required).max(200).email(VALIDATION_KEYS.email);
const locale = z.enum(['zh-TW', 'en-US']).optional();

/** What a member sees of itself, and the back office of it. */
export const memberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  status: z.enum(MEMBER_STATUSES),
  email_verified_at: z.string().nullable(),
  has_password: z.boolean(),
  providers: z.array(z.enum(OAUTH_PROVIDERS)),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberSignUpBody = z.strictObject({
  email,
  password: passwordField.pipe(z.string().max(200)),
  name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100),
  locale,
  recaptcha: z.string().optional(),
});
export const memberSentResponse = z.object({ sent: z.literal(true) });
export const memberTokenBody = z.strictObject({ token: z.string().min(1, VALIDATION_KEYS.required).max(200) });
export const memberSessionResponse = z.object({ token: z.string(), member: memberSchema });
export const memberLoginBody = z.strictObject({
  email,
  password: z.string().min(1, VALIDATION_KEYS.required).max(200),
  keep_login: z.boolean().optional(),
  recaptcha: z.string().optional(),
});
export const memberEmailCodeBody = z.strictObject({
  email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, VALIDATION_KEYS.invalid)
    .optional(),
  keep_login: z.boolean().optional(),
  recaptcha: z.string().optional(),
  locale,
});
export const memberSendMailBody = z.strictObject({ email, locale, recaptcha: z.string().optional() });
export const memberResetBody = memberTokenBody.extend({ password: passwordField.pipe(z.string().max(200)) });
/**
 * The website's binding of a provider flow to the visitor's browser: the random value of its HttpOnly
 * `site_oauth` cookie, sent when the flow starts and again with the provider's return.
 */
const browserBinding = z
  .string()
  .regex(/^[\w-]{20,100}$/, VALIDATION_KEYS.invalid)
  .optional();
export const memberOAuthStartBody = z.strictObject({ browser_binding: browserBinding }).optional();
export const memberOAuthReturnBody = oauthReturnBody.extend({ browser_binding: browserBinding });
export const memberProfileBody = z.strictObject({ name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100) });
/** The signed-in member's own profile: itself, and the e-mail change waiting for its code (issue 26). */
export const memberProfileSchema = memberSchema.extend({ pending_email: pendingEmailSchema.nullable() });
/** Issue 26: a member asks for an e-mail change; the current password proves it is the member (when it has one). */
export const memberChangeEmailBody = z.strictObject({
  email,
  current_password: z.string().min(1, VALIDATION_KEYS.required).max(200).optional(),
  locale,
});
/** Issue 26: a member changes its password with the current one. */
export const memberPasswordBody = z.strictObject({
  current_password: z.string().min(1, VALIDATION_KEYS.required).max(200),
  password: passwordField.pipe(z.string().max(200)),
});

// ---- back office ----

export const memberListQuery = listQuery(['created_at', 'id', 'email', 'name', 'last_sign_in_at'], {
  status: z.enum(MEMBER_STATUSES).optional(),
  confirmed: z.enum(['true', 'false']).optional(),
  provider: z.enum(OAUTH_PROVIDERS).optional(),
});
/** The back office edits a member's name and status; e-mail and password stay the member's. */
export const memberInput = z.strictObject({
  name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100),
  status: z.enum(MEMBER_STATUSES),
});
export const memberDeviceSchema = z.object({
  id: z.number(),
  member_id: z.number(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: z.string(),
  signed_in_at: z.string(),
  session_expires_at: z.string().nullable(),
  last_seen_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type MemberDevice = z.infer<typeof memberDeviceSchema>;
export const memberDeviceParams = z.object({ id: rowIdParam, deviceId: rowIdParam });
