import { z } from 'zod';
import { listQuery } from '../list.ts';

/** Every purpose a mailed code has (one_time_codes.purpose): members' sign-in, and (issue 26) e-mail changes too. */
export const OTP_PURPOSES = ['sign_in', 'verify_identity', 'member_sign_in', 'email_change', 'member_email_change'] as const;
export const OTP_STATES = ['open', 'used', 'expired'] as const;

/** One mailed code as the OTP records screen shows it: never the code or its digest. */
export const otpRecordSchema = z.object({
  id: z.number(),
  email: z.string(),
  admin: z.object({ id: z.number(), name: z.string() }).nullable(),
  purpose: z.enum(OTP_PURPOSES),
  state: z.enum(OTP_STATES),
  tries: z.number(),
  ip: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
});
export type OtpRecord = z.infer<typeof otpRecordSchema>;

export const OTP_SORTS = ['created_at', 'id', 'email', 'expires_at'] as const;
export const otpListQuery = listQuery(OTP_SORTS, {
  purpose: z.enum(OTP_PURPOSES).optional(),
  state: z.enum(OTP_STATES).optional(),
});
