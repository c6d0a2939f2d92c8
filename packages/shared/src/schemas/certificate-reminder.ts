import { z } from 'zod';
import { listMeta, listQuery, rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { LINE_TARGET_PATTERN } from './operations.ts';

/** How far ahead an organization's daily reminder looks (issue 13). */
export const REMINDER_DAYS = { min: 1, max: 365 } as const;

export const reminderSettingsSchema = z.object({
  days: z.number().int(),
  /** A LINE group (C…), room (R…) or user (U…) the digest is also pushed to; null: mail only. */
  line_target: z.string().nullable(),
  /** Whether the server has LINE messaging configured (LINE_MESSAGING_ACCESS_TOKEN). */
  line_configured: z.boolean(),
});
export const reminderSettingsInput = z.strictObject({
  days: z
    .number()
    .int(VALIDATION_KEYS.invalid)
    .min(REMINDER_DAYS.min, VALIDATION_KEYS.invalid)
    .max(REMINDER_DAYS.max, VALIDATION_KEYS.invalid),
  line_target: z.string().trim().regex(LINE_TARGET_PATTERN, VALIDATION_KEYS.invalid).nullable().optional(),
  /** The active-organization selector every organization call may carry (spec section 7). */
  organization_id: rowId.optional(),
});

export const reminderItemSchema = z.object({
  id: z.number(),
  run_key: z.string(),
  channel: z.enum(['mail', 'line']),
  /** What it reminded of: certificates (issue 13) or the sites' due items (issue 38). */
  kind: z.enum(['certificates', 'compliance']),
  recipient: z.string(),
  expired_count: z.number(),
  expiring_count: z.number(),
  /** Of the mail in the outbox: pending, sent, failed; null for a LINE reminder. */
  mail_status: z.string().nullable(),
  status: z.enum(['queued', 'sent', 'failed']),
  error: z.string().nullable(),
  created_at: z.string(),
});
export const reminderListQuery = listQuery(['id'] as const);
export const reminderListResponse = z.object({ data: z.array(reminderItemSchema), meta: listMeta });

/** One certificate type of the active organization: how its active staff stand (as of a Taipei day). */
export const complianceRowSchema = z.object({
  certificate_type_id: z.number(),
  name: z.string(),
  /** Staff holding a certificate of this type that is valid beyond the reminder window. */
  valid: z.number(),
  /** Expiring within the organization's reminder days. */
  expiring: z.number(),
  expired: z.number(),
  /** Active staff without a certificate of this type. */
  missing: z.number(),
});
export const complianceResponse = z.object({
  as_of: z.string(),
  days: z.number(),
  staff_total: z.number(),
  data: z.array(complianceRowSchema),
});
export type ComplianceResponse = z.infer<typeof complianceResponse>;
