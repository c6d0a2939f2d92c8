import { z } from 'zod';
import { AUDIT_TARGETS, type AuditTarget } from '../audit-actions.ts';

/**
 * Issue 36 section 2 (who is editing): an open form holds an edit lease on its record, named by the
 * audit target type and id (packages/shared/src/audit-actions.ts). A lease ends on save, on leaving
 * the form, on a take-over, or EDIT_LEASE_TTL_MS after its last heartbeat.
 */
export const EDIT_LEASE_TTL_MS = 5 * 60_000;
/** How often an open form renews its lease (well inside the TTL). */
export const EDIT_LEASE_HEARTBEAT_MS = 60_000;

const targetType = z.enum(AUDIT_TARGETS as [AuditTarget, ...AuditTarget[]]);
const targetId = z.union([z.string().regex(/^[\w:.-]{1,100}$/), z.number().int().positive()]).transform(String);

export const editLeaseBody = z.object({ target_type: targetType, target_id: targetId });
export type EditLeaseBody = z.input<typeof editLeaseBody>;

export const editLeaseListQuery = z.object({
  target_type: targetType,
  /** Comma-separated row ids of one list page, or a document's key (`app`, `name:locale`: a settings form that only watches). */
  ids: z
    .string()
    .regex(/^[\w:.-]{1,100}(,[\w:.-]{1,100}){0,199}$/)
    .transform((s) => [...new Set(s.split(','))]),
});

const leaseAdmin = z.object({ id: z.number().int(), name: z.string() });

/** Someone else's lease on the record: who, and since when (ISO). */
export const otherLeaseSchema = z.object({ admin: leaseAdmin, since: z.string() });
export type OtherLease = z.infer<typeof otherLeaseSchema>;

export const editLeaseResponse = z.object({
  /** The caller's own lease; null when another admin took the editing over (then `taken_over` says who). */
  mine: z.object({ since: z.string(), expires_at: z.string() }).nullable(),
  others: z.array(otherLeaseSchema),
  taken_over: z.object({ by: leaseAdmin, at: z.string() }).nullable(),
});
export type EditLeaseState = z.infer<typeof editLeaseResponse>;

/** The active leases on the rows of one list page, for the list's marker. */
export const editLeaseListResponse = z.object({
  data: z.array(z.object({ target_id: z.string(), admin: leaseAdmin, since: z.string() })),
});
export type EditLeaseListItem = z.infer<typeof editLeaseListResponse>['data'][number];
