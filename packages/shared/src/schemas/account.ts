import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';
import { rowId } from '../list.ts';
import { DATE_CALENDARS } from '../dates.ts';
import { isPassword } from '../validators.ts';

export const loginBody = z.object({
  email: z.string().trim().min(1, VALIDATION_KEYS.required).email(VALIDATION_KEYS.email),
  password: z.string().min(1, VALIDATION_KEYS.required),
  recaptcha: z.string().optional(),
  keep_login: z.boolean().optional(),
});
/**
 * A password as the web forms check it (spec section 5: at least PASSWORD_MIN_LENGTH characters).
 * The request bodies only require one: passwords set before the rule still sign in.
 */
export const passwordField = z
  .string()
  .min(1, VALIDATION_KEYS.required)
  .refine((v) => isPassword(v), VALIDATION_KEYS.tooShort);
export const tokenResponse = z.object({ token: z.string() });
/**
 * What every sign-in method answers (password, e-mail code, Google, Facebook, LINE): the session's
 * token, or (two-factor, issue 10) the second step to take. One schema so the web handles every
 * method's answer in one place (features/account/finish-sign-in.ts).
 */
/**
 * The second step of a sign-in (issue 10): `verify`, a code from the authenticator app or a recovery
 * code; `setup`, the super admin's policy asks two-factor of this admin and it has none yet. The
 * challenge is what POST …/account/two-factor/login continues with; it lasts `expires_in` seconds.
 */
export const twoFactorStep = z.object({
  challenge: z.string(),
  mode: z.enum(['verify', 'setup']),
  expires_in: z.number().int(),
});
export type TwoFactorStep = z.infer<typeof twoFactorStep>;
export const signInResponse = z.union([tokenResponse, z.object({ two_factor: twoFactorStep })]);
export type SignInResponse = z.infer<typeof signInResponse>;

/** POST /api/admin/account/two-factor/login: a challenge and its second factor (an app code, or a recovery code). */
export const twoFactorLoginBody = z
  .object({
    challenge: z.string().min(1, VALIDATION_KEYS.required),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, VALIDATION_KEYS.invalid)
      .optional(),
    recovery_code: z.string().trim().min(1, VALIDATION_KEYS.required).max(40, VALIDATION_KEYS.invalid).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: VALIDATION_KEYS.required,
    path: ['code'],
  });
/** The session; after a setup, the ten recovery codes too (shown once). */
export const twoFactorLoginResponse = tokenResponse.extend({ recovery_codes: z.array(z.string()).optional() });
export const twoFactorChallengeBody = z.object({ challenge: z.string().min(1, VALIDATION_KEYS.required) });
/** A new authenticator secret: the base32 to type by hand, and the otpauth:// address the QR code carries. */
export const twoFactorSecretResponse = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, VALIDATION_KEYS.invalid),
});
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
/** GET /api/admin/account/two-factor; `required`: the super admin's policy asks it of one of the admin's roles. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  required: z.boolean(),
});

/**
 * POST /api/admin/account/login-via-email-otp (spec section 7), one call for both steps: with `email`
 * alone it mails a sign-in code (the same answer for an e-mail with no account); with `email` and `code`
 * it signs in.
 */
export const emailOtpBody = z.object({
  email: z.string().trim().min(1, VALIDATION_KEYS.required).email(VALIDATION_KEYS.email),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, VALIDATION_KEYS.invalid)
    .optional(),
  keep_login: z.boolean().optional(),
  recaptcha: z.string().optional(),
  locale: z.enum(['zh-TW', 'en-US']).optional(),
});
export const codeSentResponse = z.object({
  sent: z.literal(true),
  /** Seconds before another code may be asked for this address. */
  resend_after: z.number().int(),
  /** Seconds the code is valid. */
  expires_in: z.number().int(),
});
export const emailOtpResponse = z.union([signInResponse, codeSentResponse]);
/** Renewal, spec section 9; what each field does: docs/decisions.md "Session lifetime". */
export const renewBody = z.object({
  force: z
    .boolean()
    .optional()
    .describe(
      'A new token (new jti) even when the current one is not in its last 15 minutes; without it such a renewal answers the current token again',
    ),
  organization_id: rowId.nullable().optional().describe('Switch the device into this organization (always a new token)'),
  keep_login: z.boolean().optional().describe('Lifetime of the next tokens; never past the session end fixed at sign-in'),
});
/** Issue 26: an e-mail change waiting for the code mailed to the new address. */
export const pendingEmailSchema = z.object({ email: z.string(), expires_at: z.string() });
export type PendingEmail = z.infer<typeof pendingEmailSchema>;

export const profileSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  has_change_default_password: z.boolean(),
  roles: z.array(z.string()),
  sub_account_roles: z.array(z.string()),
  organization_id: z.number().nullable(),
  impersonator: z.object({ id: z.number(), email: z.string(), name: z.string() }).nullable(),
  /** How the web shows dates to this admin: 'gregorian' or 'roc' (民國 years); docs/decisions.md. */
  date_calendar: z.enum(DATE_CALENDARS),
  /** The e-mail change waiting for its code (issue 26), or null. */
  pending_email: pendingEmailSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** Strict: roles, status or email smuggled into a profile update are refused, not ignored. */
export const profileUpdateBody = z
  .strictObject({
    name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100).optional(),
    date_calendar: z.enum(DATE_CALENDARS, VALIDATION_KEYS.invalid).optional(),
  })
  .refine((b) => b.name !== undefined || b.date_calendar !== undefined, { message: VALIDATION_KEYS.required, path: ['name'] });
/**
 * Changing one's password: with the current password, or (issue 10) without it after verify-identity,
 * which is how an admin with no password (invited, or signing in by code or provider) sets one.
 */
export const resetPasswordBody = z.strictObject({
  current_password: z.string().min(1, VALIDATION_KEYS.required).optional(),
  password: z.string().min(1, VALIDATION_KEYS.required).max(200),
  /** Issue 42, item 12: the admin's name, asked at the forced change; required while the account has none (the first admin). */
  name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100).optional(),
});
export const organizationSchema = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  company_id: z.string().nullable(),
  status: z.string(),
  sub_account_roles: z.array(z.string()),
});
export const deviceSchema = z.object({
  id: z.number(),
  admin_id: z.number(),
  user_agent: z.string(),
  ip: z.string(),
  /** When this browser first signed in; it keeps its device row across sign-ins. */
  created_at: z.string(),
  /** The latest sign-in, and the absolute end of the session it began (null: a device that has none). */
  signed_in_at: z.string(),
  session_expires_at: z.string().nullable(),
  last_seen_at: z.string(),
  revoked_at: z.string().nullable(),
  current: z.boolean(),
});

/** Issue 10: "forgot password" (POST /api/admin/account/send-reset-password-mail): the same answer for every e-mail. */
export const sendResetMailBody = z.object({
  email: z.string().trim().min(1, VALIDATION_KEYS.required).email(VALIDATION_KEYS.email),
  recaptcha: z.string().optional(),
  locale: z.enum(['zh-TW', 'en-US']).optional(),
});
export const mailSentResponse = z.object({ sent: z.literal(true) });
/** A set-password link's token (reset by mail or invitation), sent in the body so it stays out of URLs and logs. */
export const passwordLinkBody = z.strictObject({ token: z.string().min(1, VALIDATION_KEYS.required).max(200) });
export const passwordLinkSchema = z.object({
  email: z.string(),
  name: z.string(),
  purpose: z.enum(['reset', 'invite']),
  expires_at: z.string(),
});
export const resetByMailBody = passwordLinkBody.extend({ password: z.string().min(1, VALIDATION_KEYS.required).max(200) });

/** Issue 10: proving one's identity before a sensitive change, by password or by a mailed code. */
export const verifyIdentityBody = z
  .strictObject({
    password: z.string().min(1, VALIDATION_KEYS.required).max(200).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, VALIDATION_KEYS.invalid)
      .optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.code === undefined), { message: VALIDATION_KEYS.required, path: ['password'] });
export const verifyIdentityResponse = z.object({ verified_until: z.string() });
export const identityCodeBody = z.strictObject({ locale: z.enum(['zh-TW', 'en-US']).optional() });
export const identityCodeResponse = z.object({ sent: z.literal(true), resend_after: z.number().int(), expires_in: z.number().int() });

/** Issue 10: changing one's e-mail, after verify-identity. */
/** Asks for an e-mail change: a code goes to the new address (in `locale`), a notice to the current one. */
export const changeEmailBody = z.strictObject({
  email: z.string().trim().min(1, VALIDATION_KEYS.required).email(VALIDATION_KEYS.email).max(200),
  locale: z.enum(['zh-TW', 'en-US']).optional(),
});
/** The code mailed to the new address (typed on the profile, or carried by the mail's link). */
export const confirmEmailChangeBody = z.strictObject({ code: z.string().trim().min(1, VALIDATION_KEYS.required).max(20) });

/** Issue 10: social sign-in providers (spec section 1). */
export const OAUTH_PROVIDERS = ['google', 'facebook', 'line'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];
export const oauthProviderParam = z.object({ provider: z.enum(OAUTH_PROVIDERS) });
export const oauthUrlResponse = z.object({ url: z.string() });
export const oauthReturnBody = z.strictObject({
  code: z.string().min(1, VALIDATION_KEYS.required).max(2000),
  state: z.string().min(1, VALIDATION_KEYS.required).max(200),
  keep_login: z.boolean().optional(),
});
/**
 * A provider's return refused because another browser started the flow (400): the provider step has
 * to be started again in this browser (docs/identity.md "Provider flows are bound to their browser").
 */
export const OAUTH_KEYS = { otherBrowser: 'validate.error.oauth_other_browser' } as const;
export const linkedIdentitySchema = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  email: z.string().nullable(),
  name: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
