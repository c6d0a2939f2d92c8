import { z } from 'zod';
import { calendarDay } from '../date-schemas.ts';
import { MAX_PAGE, listMeta, queryInt, rowId } from '../list.ts';
import { PRINCIPAL_KINDS } from './audit-log.ts';

/**
 * Issue 36: a record's history (its audit entries, field by field) and restore
 * (`/api/admin/history/:target_type/:target_id`, docs/history.md).
 */
export const historyQuery = z.object({
  page: queryInt.pipe(z.number().int().min(1).max(MAX_PAGE)).default(1),
  per_page: queryInt.pipe(z.number().int().min(1).max(100)).default(20),
  /** A Taipei day: the answer also holds the record's state at the end of that day. */
  as_of: calendarDay.optional(),
});

/** One field of a change: `label_key` names its label in the audit labels (`<target_type>.<field>`). */
export const historyChange = z.object({
  field: z.string(),
  label_key: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryChange = z.infer<typeof historyChange>;

export const historyEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor_kind: z.enum(PRINCIPAL_KINDS),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  /** A scheduled job's name (system entries). */
  job: z.string().nullable(),
  created_at: z.string(),
  changes: z.array(historyChange),
  /** An entry of a part of the record (a product's SKU row, `product_instance`): its type, id and name then; null for the record's own. */
  part: z.object({ target_type: z.string(), target_id: z.string(), label: z.string().nullable() }).nullable(),
  /** Whether a restore can put back what this entry changed (its `before` holds values). */
  restorable: z.boolean(),
  /** A restore entry: the entry it restored. */
  restored_entry_id: z.number().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const historyResponse = z.object({
  data: z.array(historyEntry),
  meta: listMeta,
  /** With `as_of`: the record as it was at the end of that Taipei day (null: it did not exist then). */
  as_of: z.object({ day: z.string(), instant: z.string(), state: z.record(z.string(), z.unknown()).nullable() }).optional(),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/**
 * Restore: the fields (all when absent) as they were `before` the entry (undo it, the default) or
 * `after` it (put that change back).
 */
export const restoreInput = z.object({
  entry_id: rowId,
  fields: z.array(z.string().min(1).max(100)).min(1).max(100).optional(),
  side: z.enum(['before', 'after']).default('before'),
});
export type RestoreInput = z.input<typeof restoreInput>;
