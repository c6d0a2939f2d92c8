import { z } from 'zod';
import { DUE_STATUSES } from '../compliance/vocabulary.ts';
import { listQuery, listResponse, rowIdParam } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';

/** Issue 38 part 5: the compliance dashboards over the computed due items (docs/compliance.md). */

export const dueStatusSchema = z.enum(DUE_STATUSES, { message: VALIDATION_KEYS.invalid });

/** A rule's key as the pack and custom rules spell it. */
export const ruleKeyParam = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, VALIDATION_KEYS.invalid)
  .optional();

const filters = {
  site_id: rowIdParam.optional(),
  contractor_id: rowIdParam.optional(),
  rule_key: ruleKeyParam,
};

export const complianceSummaryQuery = z.object(filters);
export const complianceSummaryAcrossQuery = z.object({ ...filters, organization_id: rowIdParam.optional() });

export const COMPLIANCE_ITEM_SORTS = ['worst', 'name', 'site', 'due_on'] as const;
const itemFilters = { ...filters, status: dueStatusSchema.optional() };
export const complianceItemsQuery = listQuery(COMPLIANCE_ITEM_SORTS, itemFilters);
export const complianceItemsAcrossQuery = listQuery(COMPLIANCE_ITEM_SORTS, { ...itemFilters, organization_id: rowIdParam.optional() });
/**
 * The export takes the list's filters and sort, not its page; with `template_id`, one of the organization's
 * staff spreadsheet templates is filled (its `compliance` cells), one item a roster row or card.
 */
export const complianceExportQuery = complianceItemsQuery
  .omit({ page: true, per_page: true })
  .extend({ template_id: rowIdParam.optional() });

export const statusCounts = z.object(
  Object.fromEntries(DUE_STATUSES.map((s) => [s, z.number()])) as Record<(typeof DUE_STATUSES)[number], z.ZodNumber>,
);
export type StatusCounts = z.infer<typeof statusCounts>;

const organizationRef = z.object({ id: z.number(), name: z.string() });
/** A rule's words in both languages (the pack's title and citation); null for a rule the server does not know. */
const localized = z.object({ 'zh-TW': z.string(), 'en-US': z.string() });
export type Localized = z.infer<typeof localized>;

export const complianceSummarySchema = z.object({
  /** The Taipei day the statuses are read against. */
  today: z.string(),
  /** Roster rows (workers on sites) the organization has: 0 is the dashboard's empty state. */
  roster_count: z.number(),
  counts: statusCounts,
  sites: z.array(z.object({ id: z.number(), name: z.string(), organization: organizationRef.optional(), counts: statusCounts })),
  rules: z.array(z.object({ rule_key: z.string(), title: localized.nullable(), counts: statusCounts })),
  /** The subcontractors the filter offers. */
  contractors: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;

export const complianceItemSchema = z.object({
  rule_key: z.string(),
  title: localized.nullable(),
  status: dueStatusSchema,
  due_on: z.string().nullable(),
  window_opens_on: z.string().nullable(),
  reason_key: z.string(),
  reason_params: z.record(z.string(), z.unknown()),
  citation: localized.nullable(),
});
export type ComplianceItem = z.infer<typeof complianceItemSchema>;

export const complianceWorkerSchema = z.object({
  roster_id: z.number(),
  organization: organizationRef.optional(),
  staff: z.object({ id: z.number(), name: z.string(), company: z.string().nullable() }),
  site: z.object({ id: z.number(), name: z.string() }),
  site_role: z.string(),
  worst_status: dueStatusSchema,
  items: z.array(complianceItemSchema),
});
export type ComplianceWorker = z.infer<typeof complianceWorkerSchema>;

export const complianceItemsResponse = listResponse(complianceWorkerSchema);
export type ComplianceItemsPage = z.infer<typeof complianceItemsResponse>;
