import { z } from 'zod';

/** The languages a mail is written in (spec section 1: zh-TW first). */
export const MAIL_LOCALES = ['zh-TW', 'en-US'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];
/** The language of a mail a public call sends: the web sends its current UI language. */
export const mailLocale = z.enum(MAIL_LOCALES).default('zh-TW');

export const MAIL_TEMPLATE_NAMES = [
  'password_reset',
  'sign_in_code',
  'identity_code',
  'admin_invitation',
  'certificate_expiry',
  'contact_received',
  'member_confirmation',
  'audit_anchor',
  'audit_chain_broken',
  'email_change_code',
  'email_change_notice',
  // Issue 41: a review step (submitted, approved, returned, commented, a schedule waiting for approval).
  'review_notice',
  'compliance_due',
  'compliance_due_contractor',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATE_NAMES)[number];

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

const localized = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  customised: z.boolean(),
  updated_at: z.string().nullable(),
  /** Issue 36: the version of this locale's template (mail_template `name:locale`), sent back in `If-Match` by its save. */
  version: z.number().int(),
});

export const mailTemplateSchema = z.object({
  name: z.enum(MAIL_TEMPLATE_NAMES),
  variables: z.array(z.object({ name: z.string(), secret: z.boolean(), sample: z.string() })),
  locales: z.object({ 'zh-TW': localized, 'en-US': localized }),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

export const mailTemplateBody = z.object({
  subject: z.string().trim().min(1, 'validate.error.required').max(200),
  html: z.string().trim().min(1, 'validate.error.required').max(100_000),
});

export const mailPreviewBody = z.object({
  locale: z.enum(MAIL_LOCALES),
  /** A draft not saved yet; the saved (or default) template when left out. */
  draft: mailTemplateBody.optional(),
});
export const mailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

export const mailSendTestBody = z.object({
  to: z.string().trim().email('validate.error.email_incorrect'),
  locale: z.enum(MAIL_LOCALES),
});

export const outboxRowSchema = z.object({
  id: z.number().int(),
  to_address: z.string(),
  template: z.string(),
  locale: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;
/** `link`: the link the mail carries (set-password, confirmation, e-mail change) for the outbox's copy button; null when none. */
export const outboxMailSchema = outboxRowSchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  link: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/**
 * GET /api/admin/mail/status: whether mail is going out. `failing` when mails wait after a failed
 * attempt (a wrong SMTP password, no TLS, the server down), with the last reason the server gave
 * (never SMTP_URL or a password) and the oldest such mail's time.
 */
export const mailDeliveryStatusSchema = z.object({
  smtp_configured: z.boolean(),
  /** Where this request's links start (PUBLIC_URL, else the address the admin uses when trusted). */
  link_origin: z.string(),
  /** The links name this machine only (localhost, 127.0.0.1): they will not open on another device. */
  links_local: z.boolean(),
  waiting: z.number().int(),
  failing: z.boolean(),
  reason: z.string().nullable(),
  since: z.string().nullable(),
});
export type MailDeliveryStatus = z.infer<typeof mailDeliveryStatusSchema>;
