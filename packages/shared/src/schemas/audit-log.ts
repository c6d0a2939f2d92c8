import { z } from 'zod';
import { listMeta, listQuery, rowIdParam } from '../list.ts';
import { calendarDay, dayOrInstant } from '../date-schemas.ts';

export const AUDIT_LOG_SORTABLE = ['id', 'created_at', 'action', 'target_type'] as const;

const positiveId = rowIdParam.optional();
const shortText = z.string().trim().min(1).max(100).optional();
export const auditLogFilters = {
  actor_id: positiveId,
  action: shortText,
  target_type: shortText,
  target_id: shortText,
  /** Case-insensitive prefix of the target's recorded display name (an index range, docs/audit-log.md). */
  target_label: shortText,
  organization_id: positiveId,
  date_from: dayOrInstant.optional(),
  date_to: dayOrInstant.optional(),
};

export const auditLogQuery = listQuery(AUDIT_LOG_SORTABLE, auditLogFilters);
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogExportQuery = auditLogQuery.omit({ page: true, per_page: true, sort: true }).extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type AuditLogExportQuery = z.infer<typeof auditLogExportQuery>;

/**
 * Who wrote an audit entry (migration 0084): an admin, a member of the website, a visitor (nobody
 * signed in, known by its client address), the system (a scheduled job, named in user_agent) or the
 * operator (the command line).
 */
export const PRINCIPAL_KINDS = ['admin', 'member', 'visitor', 'system', 'operator'] as const;
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

const person = z.object({ id: z.number(), email: z.string(), name: z.string() }).nullable();

export const auditLogItem = z.object({
  id: z.number(),
  actor_kind: z.enum(PRINCIPAL_KINDS),
  actor_id: z.number().nullable(),
  actor: person,
  impersonator_id: z.number().nullable(),
  impersonator: person,
  organization_id: z.number().nullable(),
  organization: z.object({ id: z.number(), name: z.string(), company_id: z.string().nullable() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The target's display name when the entry was written (null for entries before migration 0078). */
  target_label: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogItem = z.infer<typeof auditLogItem>;

/**
 * The list convention's meta plus `total_capped`: filtered totals are counted exactly up to
 * AUDIT_LOG_COUNT_CAP and read "at least the cap" beyond it (docs/audit-log.md).
 */
export const auditLogList = z.object({
  data: z.array(auditLogItem),
  meta: listMeta.extend({ total_capped: z.boolean() }),
});

/**
 * What a verification of the audit chain can find at an entry (docs/audit-log.md "Verifying"):
 * `altered` its content no longer matches its hash (edited); `unchained` it has no hash (written
 * outside the chain); `missing_before` the entry it links to is gone (deleted); `inserted` it was
 * put between two entries that link to each other; `reordered` it links to an entry that is not
 * the one before it (moved or swapped); `head_mismatch` the last entries differ from the chain's head
 * (the newest deleted, or added outside the chain); `anchor_mismatch` it differs from a day's anchor
 * (the chain was rewritten since).
 */
export const AUDIT_CHAIN_PROBLEMS = [
  'altered',
  'unchained',
  'missing_before',
  'inserted',
  'reordered',
  'head_mismatch',
  'anchor_mismatch',
] as const;
export type AuditChainProblem = (typeof AUDIT_CHAIN_PROBLEMS)[number];

export const auditChainCheck = z.object({
  checked_at: z.string(),
  /** `daily`, `admin:<id>` or `cli`. */
  checked_by: z.string(),
  from_day: z.string().nullable(),
  to_day: z.string().nullable(),
  entries: z.number(),
  status: z.enum(['ok', 'broken']),
  broken_id: z.number().nullable(),
  broken_created_at: z.string().nullable(),
  problem: z.enum(AUDIT_CHAIN_PROBLEMS).nullable(),
});
export type AuditChainCheck = z.infer<typeof auditChainCheck>;

export const auditChainAnchor = z.object({
  /** The Taipei day (YYYY-MM-DD) or hour (YYYY-MM-DDTHH, HH:00 to HH+1:00) whose end it anchors. */
  day: z.string(),
  /** The instant its head ends at: entries written before it. */
  until: z.string().nullable(),
  last_id: z.number().nullable(),
  head_hash: z.string(),
  entries: z.number(),
  created_at: z.string(),
  /** When its mail was sent (it left the server); null while the mail waits, or when it was not mailed. */
  left_at: z.string().nullable(),
  mailed: z.boolean(),
});

/** Where anchors leave the server: AUDIT_ANCHOR_MAIL, every super admin (daily), or nowhere (no mail set up). */
export const ANCHOR_DELIVERIES = ['address', 'super_admins', 'none'] as const;

/** The chain's head, its latest check and its latest anchor (GET /api/admin/audit-log/chain). */
export const auditChainStatus = z.object({
  head: z.object({ last_id: z.number().nullable(), last_hash: z.string(), entries: z.number() }),
  last_check: auditChainCheck.nullable(),
  last_anchor: auditChainAnchor.nullable(),
  anchor_every: z.enum(['hour', 'day']),
  anchor_delivery: z.enum(ANCHOR_DELIVERIES),
});
export type AuditChainStatus = z.infer<typeof auditChainStatus>;

/** POST /api/admin/audit-log/chain/verify: the Taipei days to walk (both inclusive; default the whole chain). */
export const auditChainVerifyBody = z
  .object({ from_day: calendarDay.optional(), to_day: calendarDay.optional() })
  .refine((b) => !b.from_day || !b.to_day || b.from_day <= b.to_day, { message: 'validate.error.invalid', path: ['to_day'] });
