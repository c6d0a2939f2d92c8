import { recordVersionsBody } from '../versions.ts';
import { z } from 'zod';
import { listQuery, rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { SUB_ACCOUNT_ROLES } from '../roles.ts';

/** Organizations (sub-accounts), spec section 3: displayed as "name (company_id)". */
export const ORGANIZATION_STATUSES = ['active', 'disabled'] as const;

export const organizationLabel = (o: { name: string; company_id?: string | null }): string =>
  o.company_id ? `${o.name} (${o.company_id})` : o.name;

export const organizationMemberSchema = z.object({
  admin_id: z.number(),
  email: z.string(),
  name: z.string(),
  sub_account_roles: z.array(z.string()),
});

export const adminOrganizationSchema = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  company_id: z.string().nullable(),
  status: z.enum(ORGANIZATION_STATUSES),
  member_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const adminOrganizationDetailSchema = adminOrganizationSchema.extend({
  members: z.array(organizationMemberSchema),
  /** GET :id only: what a delete would take along ({members: 3, staff: 12, ...}), for the confirmation. */
  dependents: z.record(z.string(), z.number()).optional(),
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;
export type AdminOrganizationDetail = z.infer<typeof adminOrganizationDetailSchema>;

const name = z.string().trim().min(1, VALIDATION_KEYS.required).max(100);
const companyId = z
  .string()
  .trim()
  .max(50)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));
export const memberInput = z.object({
  admin_id: rowId,
  sub_account_roles: z.array(z.enum(SUB_ACCOUNT_ROLES, VALIDATION_KEYS.invalid)).max(SUB_ACCOUNT_ROLES.length),
});

export const adminOrganizationInput = z.strictObject({
  name,
  company_id: companyId,
  /** New organizations start active; an update without it keeps the current status. */
  status: z.enum(ORGANIZATION_STATUSES).optional(),
  /** When present, replaces the members and their sub-account roles. */
  members: z.array(memberInput).max(500).optional(),
});
export type AdminOrganizationInput = z.input<typeof adminOrganizationInput>;

export const ORGANIZATION_PATCH_FIELDS = ['name', 'company_id', 'status'] as const;
export const organizationPatchValues = {
  name,
  company_id: companyId,
  status: z.enum(ORGANIZATION_STATUSES),
} as const;

export const ORGANIZATION_SORTS = ['id', 'name', 'company_id', 'status', 'created_at', 'updated_at'] as const;
export const adminOrganizationListQuery = listQuery(ORGANIZATION_SORTS, {
  status: z.enum(ORGANIZATION_STATUSES).optional(),
});

/** What goes with an organization when it is deleted (answered with 409 until confirmed). */
export const organizationDependentsSchema = z.record(z.string(), z.number());
export const organizationDeleteConflict = z.object({
  message: z.string(),
  dependents: organizationDependentsSchema,
});
export const organizationBatchDeleteBody = z.object({
  ids: z.array(rowId).min(1).max(500),
  versions: recordVersionsBody.optional(),
  confirm: z.boolean().optional(),
});
export const confirmQuery = z.object({
  confirm: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** Own organization (GET/PUT /api/admin/account/organization/:id). */
export const ownOrganizationSchema = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  company_id: z.string().nullable(),
  status: z.enum(ORGANIZATION_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  /** Read-only here; an organization admin edits a member on admin/{target}/update. */
  members: z.array(organizationMemberSchema),
});
export const ownOrganizationInput = z.strictObject({
  name,
  company_id: companyId,
  organization_id: rowId.optional(),
});

/** GET /api/admin/account/sub-account/index: organizations the caller belongs to, with its roles there. */
export const subAccountSchema = z.object({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  company_id: z.string().nullable(),
  status: z.enum(ORGANIZATION_STATUSES),
  sub_account_roles: z.array(z.string()),
});
export const subAccountListQuery = listQuery(['id', 'name'] as const);
