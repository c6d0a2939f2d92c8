import { z } from 'zod';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { rowId } from '@bo/shared/list';

export const loginBody = z.object({
  email: z.string().trim().min(1, VALIDATION_KEYS.required).email(VALIDATION_KEYS.email),
  password: z.string().min(1, VALIDATION_KEYS.required),
  recaptcha: z.string().optional(),
  keep_login: z.boolean().optional(),
});
export const tokenResponse = z.object({ token: z.string() });
export const renewBody = z.object({
  force: z.boolean().optional(),
  organization_id: rowId.nullable().optional(),
  keep_login: z.boolean().optional(),
});
export const profileSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  has_change_default_password: z.boolean(),
  roles: z.array(z.string()),
  sub_account_roles: z.array(z.string()),
  organization_id: z.number().nullable(),
  impersonator: z.object({ id: z.number(), email: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** Strict: roles, status or email smuggled into a profile update are refused, not ignored. */
export const profileUpdateBody = z.strictObject({ name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100) });
export const resetPasswordBody = z.strictObject({
  current_password: z.string().min(1, VALIDATION_KEYS.required),
  password: z.string().min(1, VALIDATION_KEYS.required).max(200),
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
  created_at: z.string(),
  last_seen_at: z.string(),
  revoked_at: z.string().nullable(),
  current: z.boolean(),
});
