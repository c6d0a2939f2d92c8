import { z } from 'zod';
import { listQuery, listResponse, rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { isRealDate } from '../dates.ts';
import { isEmail } from '../validators.ts';
import { SITE_STATUSES, WORK_KINDS } from '../compliance/vocabulary.ts';
import { companyFilter } from './staff.ts';

/**
 * Issue 38 part 1: sites (工地), subcontractors (協力廠商) and a site's roster (docs/compliance.md).
 * Dates are Taipei days, YYYY-MM-DD.
 */

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().trim().max(max).nullable().default(null));
const requiredText = (max: number) => z.string().trim().min(1, VALIDATION_KEYS.required).max(max);
const day = z.string().trim().refine(isRealDate, VALIDATION_KEYS.invalid);
const optionalDay = z.preprocess(emptyToNull, day.nullable().default(null));

/** 統一編號: 8 digits whose weighted digit sum (1,2,1,2,1,2,4,1) is a multiple of 5; a 7th digit 7 may also count as 1 more. */
export function isTaxId(v: unknown): boolean {
  if (typeof v !== 'string' || !/^\d{8}$/.test(v)) return false;
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const p = Number(v[i]) * weights[i]!;
    sum += Math.floor(p / 10) + (p % 10);
  }
  return sum % 5 === 0 || (v[6] === '7' && (sum + 1) % 5 === 0);
}

/** A period's end on or after its start (either may be open). */
const periodInOrder = (v: { starts_on: string | null; ends_on: string | null }) => !v.starts_on || !v.ends_on || v.ends_on >= v.starts_on;
const endsAfterStarts = { message: VALIDATION_KEYS.endsBeforeStarts, path: ['ends_on'] };

// ── Contractors ───────────────────────────────────────────────────────────

export const contractorSchema = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  tax_id: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  /** Where the daily digest of its workers' due items goes (migration 0106, docs/compliance.md "Reminders"); null: none. */
  contact_email: z.string().nullable(),
  notes: z.string().nullable(),
  /** Staff records of this contractor (its workers). */
  worker_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contractor = z.infer<typeof contractorSchema>;

export const contractorInput = z.object({
  name: requiredText(100),
  tax_id: z.preprocess(emptyToNull, z.string().trim().refine(isTaxId, VALIDATION_KEYS.taxId).nullable().default(null)),
  contact_name: optionalText(100),
  contact_phone: optionalText(30),
  contact_email: z.preprocess(emptyToNull, z.string().trim().max(200).refine(isEmail, VALIDATION_KEYS.email).nullable().default(null)),
  notes: optionalText(2000),
});
export type ContractorInput = z.input<typeof contractorInput>;

export const contractorListQuery = listQuery(['name', 'id', 'created_at', 'updated_at']);

// ── Sites ─────────────────────────────────────────────────────────────────

export const siteSchema = z.object({
  id: z.number(),
  organization_id: z.number(),
  name: z.string(),
  contract_number: z.string().nullable(),
  address: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  status: z.enum(SITE_STATUSES),
  director_staff_id: z.number().nullable(),
  /** The director's name, for lists and the picker's label. */
  director_name: z.string().nullable(),
  notes: z.string().nullable(),
  /** Current roster rows: no end, or an end today or later (Taipei). */
  roster_count: z.number(),
  contractor_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteInput = z
  .object({
    name: requiredText(200),
    contract_number: optionalText(100),
    address: optionalText(300),
    starts_on: optionalDay,
    ends_on: optionalDay,
    status: z.enum(SITE_STATUSES).default('active'),
    director_staff_id: rowId.nullable().default(null),
    notes: optionalText(2000),
  })
  .refine(periodInOrder, endsAfterStarts);
export type SiteInput = z.input<typeof siteInput>;

export const SITE_PATCHABLE = ['status'] as const;
export const siteFieldRules = { status: z.enum(SITE_STATUSES) };

export const SITE_SORTABLE = ['id', 'name', 'starts_on', 'ends_on', 'created_at', 'updated_at'] as const;
export const siteListQuery = listQuery(SITE_SORTABLE, { status: z.enum(SITE_STATUSES).optional() });

// ── A site's subcontractors ───────────────────────────────────────────────

export const siteContractorsSchema = z.object({
  contractor_ids: z.array(z.number()),
  contractors: z.array(z.object({ id: z.number(), name: z.string(), worker_count: z.number() })),
});
export type SiteContractors = z.infer<typeof siteContractorsSchema>;

export const siteContractorsInput = z.object({
  contractor_ids: z
    .array(rowId)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, VALIDATION_KEYS.duplicateValue),
});

// ── A site's roster ───────────────────────────────────────────────────────

/** A SITE_ROLES key (vocabulary.ts) or the company's own wording. */
export const siteRole = requiredText(50);
export const workKinds = z
  .array(z.enum(WORK_KINDS))
  .max(WORK_KINDS.length)
  .default([])
  .transform((kinds) => [...new Set(kinds)]);

export const rosterRowSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  staff_id: z.number(),
  staff_name: z.string(),
  job_title: z.string().nullable(),
  /** The worker's company: a contractor, or null for the organization's own staff. */
  contractor_id: z.number().nullable(),
  contractor_name: z.string().nullable(),
  site_role: z.string(),
  work_kinds: z.array(z.string()),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

export const rosterListResponse = listResponse(rosterRowSchema).extend({ version: z.number() });

export const ROSTER_SORTABLE = ['staff_name', 'id', 'site_role', 'starts_on', 'ends_on'] as const;
export const rosterListQuery = listQuery(ROSTER_SORTABLE, {
  /** A contractor's id, or `own` for the organization's own staff. */
  company: companyFilter.optional(),
  site_role: z.string().trim().max(50).optional(),
  /** current: no end or an end today or later; ended: an end before today. */
  period: z.enum(['current', 'ended']).optional(),
});
export type RosterListQuery = z.input<typeof rosterListQuery>;

const rosterPeriod = {
  site_role: siteRole,
  work_kinds: workKinds,
  starts_on: day,
  ends_on: optionalDay,
};

/** Many workers onto the site at once, in one role and period. */
export const rosterAddInput = z
  .object({
    staff_ids: z
      .array(rowId)
      .min(1, VALIDATION_KEYS.required)
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, VALIDATION_KEYS.duplicateValue),
    ...rosterPeriod,
  })
  .refine(periodInOrder, endsAfterStarts);
export type RosterAddInput = z.input<typeof rosterAddInput>;

export const rosterUpdateInput = z.object(rosterPeriod).refine(periodInOrder, endsAfterStarts);
export type RosterUpdateInput = z.input<typeof rosterUpdateInput>;

export const rosterAddResult = z.object({ data: z.array(rosterRowSchema), version: z.number() });
export const rosterRowResult = rosterRowSchema.extend({ version: z.number() });
