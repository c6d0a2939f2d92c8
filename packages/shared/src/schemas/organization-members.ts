import { z } from 'zod';
import { listQuery, rowId } from '../list.ts';
import { passwordMailSchema } from './admin.ts';
import { MAIL_STATUSES } from './mail.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { SUB_ACCOUNT_ROLES } from '../roles.ts';

/**
 * Members of the active organization, managed by its SUB_ACCOUNT_ROLE_ADMIN (issue 14, point 2):
 * /api/admin/organization/member. Only sub-account roles: a ROLE_ (company-wide) role is refused here.
 */
export const organizationMemberViewSchema = z.object({
  admin_id: z.number(),
  email: z.string(),
  name: z.string(),
  status: z.enum(['active', 'disabled']),
  /** False until the admin has replaced its initial password. */
  has_change_default_password: z.boolean(),
  sub_account_roles: z.array(z.string()),
  joined_at: z.string(),
  /**
   * Issue 26: the member's invitation, while its latest set-password link is one: pending (its link
   * is open), accepted (a password is set) or expired (the link ran out or was replaced); sent when,
   * by whom (null: the operator or a removed admin) and the state of its mail in the outbox.
   */
  invitation: z
    .object({
      state: z.enum(['pending', 'accepted', 'expired']),
      sent_at: z.string(),
      expires_at: z.string(),
      sent_by: z.string().nullable(),
      mail_status: z.enum(MAIL_STATUSES).nullable(),
    })
    .nullable(),
});
export type OrganizationMemberView = z.infer<typeof organizationMemberViewSchema>;

export const memberListQuery = listQuery(['joined_at', 'name', 'email'] as const);

const subAccountRoles = z.array(z.enum(SUB_ACCOUNT_ROLES, VALIDATION_KEYS.invalid)).max(SUB_ACCOUNT_ROLES.length);
const email = z
  .string()
  .trim()
  .min(1, VALIDATION_KEYS.required)
  .max(200)
  .email(VALIDATION_KEYS.email)
  .transform((v) => v.toLowerCase());

/** A new admin account, invited by mail to set its password (issue 10). */
export const memberInviteInput = z.strictObject({
  email,
  name: z.string().trim().min(1, VALIDATION_KEYS.required).max(100),
  sub_account_roles: subAccountRoles,
  /** The selector the web adds to organization calls (checked for membership like everywhere). */
  organization_id: rowId.optional(),
});
export const memberInviteResponse = z.object({
  member: organizationMemberViewSchema,
  invitation: passwordMailSchema,
});

/** Issue 26: a fresh invitation link for a member whose invitation is pending or expired. */
export const memberInvitationInput = z.strictObject({ organization_id: rowId.optional() });

/** An existing admin account joins by its e-mail. */
export const memberAddInput = z.strictObject({ email, sub_account_roles: subAccountRoles, organization_id: rowId.optional() });

export const memberRolesInput = z.strictObject({ sub_account_roles: subAccountRoles, organization_id: rowId.optional() });

/** Keys the web translates (validate.error.*). */
export const MEMBER_ERROR_KEYS = {
  unknownAccount: 'validate.error.member_unknown_account',
  alreadyMember: 'validate.error.member_already',
  emailTaken: 'validate.error.member_email_taken',
  self: 'validate.error.member_self',
  invitationClosed: 'validate.error.member_invitation_closed',
} as const;
