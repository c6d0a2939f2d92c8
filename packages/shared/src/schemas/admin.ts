import { z } from 'zod';
import { listQuery, rowIdParam, rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { dayOrInstant } from '../date-schemas.ts';
import { ADMIN_ROLES, SUB_ACCOUNT_ROLES } from '../roles.ts';

/** Admin accounts (spec sections 2, 3 and 7). Shared by the server routes and the web forms. */
export const ADMIN_STATUSES = ['active', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

const required = (max: number) => z.string().trim().min(1, VALIDATION_KEYS.required).max(max);
export const adminRoleName = z.enum(ADMIN_ROLES, VALIDATION_KEYS.invalid);
export const subAccountRoleName = z.enum(SUB_ACCOUNT_ROLES, VALIDATION_KEYS.invalid);
const id = rowId;

export const roleOptionSchema = z.object({
  name: z.string(),
  label: z.object({ 'zh-TW': z.string(), 'en-US': z.string() }),
  /** Whether the caller may grant (or take away) this role. */
  grantable: z.boolean(),
});
export const roleOptionsResponse = z.object({ data: z.array(roleOptionSchema) });
export type RoleOption = z.infer<typeof roleOptionSchema>;

export const membershipInput = z.object({
  organization_id: id,
  sub_account_roles: z.array(subAccountRoleName).max(SUB_ACCOUNT_ROLES.length),
});
export type MembershipInput = z.infer<typeof membershipInput>;

export const adminMembershipSchema = z.object({
  organization_id: z.number(),
  name: z.string(),
  company_id: z.string().nullable(),
  sub_account_roles: z.array(z.string()),
});

export const adminSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  has_change_default_password: z.boolean(),
  /** ROLE_ roles held directly (group roles are in `group`). */
  roles: z.array(z.string()),
  group_id: z.number().nullable(),
  group: z.object({ id: z.number(), name: z.string(), roles: z.array(z.string()) }).nullable(),
  status: z.enum(ADMIN_STATUSES),
  /** Memberships the caller may see: all for super admins, the active organization for an organization admin. */
  memberships: z.array(adminMembershipSchema),
  /** Two-factor is on (issue 10): a super admin can turn it off for an admin who lost the phone. */
  two_factor: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;

/** Body of POST and PUT. `organization_id` is only the active-organization selector (spec section 7). */
export const adminInput = z.strictObject({
  email: z.string().trim().min(1, VALIDATION_KEYS.required).max(200).email(VALIDATION_KEYS.email),
  name: required(100),
  /** Left out of a PUT: unchanged. Left out of a POST: none / active. */
  roles: z.array(adminRoleName).max(ADMIN_ROLES.length).optional(),
  status: z.enum(ADMIN_STATUSES).optional(),
  group_id: id.nullable().optional(),
  memberships: z.array(membershipInput).max(200).optional(),
  organization_id: id.optional(),
});
export type AdminInput = z.input<typeof adminInput>;

/**
 * Issue 10: a new admin gets an invitation with a set-password link, an operator's reset a reset link;
 * nobody sees or passes on a password. `delivery` is 'outbox' when no SMTP server is configured (the
 * mail waits on the outbox screen), 'failing' when mails wait after failed attempts.
 * Issue 26: when the mail cannot go out ('outbox' or 'failing'), `handover` is the mail's one-time
 * link for the inviter to hand over, in this answer only (never stored in clear, never listed again);
 * with SMTP delivering there is none.
 */
export const passwordMailSchema = z.object({
  sent_to: z.string(),
  delivery: z.enum(['smtp', 'outbox', 'failing']),
  handover: z.object({ link: z.string(), expires_at: z.string() }).optional(),
});
export type PasswordMail = z.infer<typeof passwordMailSchema>;
export const adminCreateResponse = adminSchema.extend({ invitation: passwordMailSchema });

/** Fields a generic PATCH {field, value} may change; anything else is 400. */
export const ADMIN_PATCH_FIELDS = ['status', 'name', 'roles', 'sub_account_roles'] as const;
export const adminPatchValues = {
  status: z.enum(ADMIN_STATUSES),
  name: required(100),
  roles: z.array(adminRoleName).max(ADMIN_ROLES.length),
  /** Sub-account roles in the caller's active organization. */
  sub_account_roles: z.array(subAccountRoleName).max(SUB_ACCOUNT_ROLES.length),
} as const;

export const ADMIN_SORTS = ['id', 'name', 'email', 'status', 'created_at', 'updated_at'] as const;
export const adminListQuery = listQuery(ADMIN_SORTS, {
  role: z.string().trim().max(50).optional(),
  organization_id: rowIdParam.optional(),
  status: z.enum(ADMIN_STATUSES).optional(),
  created_from: dayOrInstant.optional(),
  created_to: dayOrInstant.optional(),
});
export type AdminListQuery = z.input<typeof adminListQuery>;
