import { z } from 'zod';
import { listQuery, rowId, rowIdParam } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { phoneDigits } from '../phone.ts';
import { isEmail, isGlobalPhone, isLocalLandline, isLocalMobile } from '../validators.ts';
import { dayOrInstant } from '../date-schemas.ts';
import { CONTENT_LOCALES } from './content.ts';

/** Contacts: what the site's contact form sent (issue 11), handled in the back office. */
export const CONTACT_STATUSES = ['new', 'handled', 'spam'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const contactSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  handler_note: z.string().nullable(),
  assignee_id: z.number().nullable(),
  assignee: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  handled_at: z.string().nullable(),
  locale: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Spec section 5's phone rules: a local mobile, a local landline or a global number (spaces and dashes dropped). */
export const contactPhone = z
  .string()
  .trim()
  .max(30)
  .transform(phoneDigits)
  .refine((v) => v === '' || isLocalMobile(v) || isLocalLandline(v) || isGlobalPhone(v), VALIDATION_KEYS.phone)
  .transform((v) => v || null);

/** POST /api/public/contact: the site's contact form. */
export const publicContactInput = z.strictObject({
  name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100),
  email: z.string().trim().min(1, VALIDATION_KEYS.required).max(200).refine(isEmail, VALIDATION_KEYS.email),
  phone: contactPhone.nullish().transform((v) => v ?? null),
  company: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  message: z.string().trim().min(1, VALIDATION_KEYS.required).max(5000),
  locale: z.enum(CONTENT_LOCALES).default('zh-TW'),
  /** The reCAPTCHA token, required when reCAPTCHA is configured. */
  recaptcha: z.string().max(4000).optional(),
});
export type PublicContactInput = z.input<typeof publicContactInput>;

/** The handling fields a back-office user changes (PATCH {field, value}, batch patch of status). */
export const contactPatchRules = {
  status: z.enum(CONTACT_STATUSES),
  handler_note: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .transform((v) => v || null),
  assignee_id: rowId.nullable(),
};

export const contactListQuery = listQuery(['id', 'created_at', 'name', 'status', 'updated_at'], {
  status: z.enum(CONTACT_STATUSES).optional(),
  assignee_id: rowIdParam.optional(),
  date_from: dayOrInstant.optional(),
  date_to: dayOrInstant.optional(),
});
export type ContactListQuery = z.input<typeof contactListQuery>;
