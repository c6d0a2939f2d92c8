import { z } from 'zod';
import { calendarDay } from '../date-schemas.ts';
import { MAX_PAGE, listMeta, queryInt, rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
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
  /** A restore of a whole earlier state: the Taipei day it put back (its `restored_fields`, the entries it undid). */
  restored_as_of: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const historyResponse = z.object({
  data: z.array(historyEntry),
  meta: listMeta,
  /** With `as_of`: the record as it was at the end of that Taipei day (null: it did not exist then). */
  as_of: z
    .object({
      day: z.string(),
      instant: z.string(),
      state: z.record(z.string(), z.unknown()).nullable(),
      /**
       * What a restore `{ as_of: day }` would put back: each field whose value differs from the record now
       * (`before` = now, `after` = that day), and the entries written since, which it undoes (newest first).
       */
      changes: z.array(historyChange),
      entry_ids: z.array(z.number()),
    })
    .optional(),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/**
 * Restore, of one entry or of a whole earlier state (exactly one of `entry_id` and `as_of`):
 * - `entry_id`: the fields (all when absent) as they were `before` the entry (undo it, the default) or
 *   `after` it (put that change back);
 * - `as_of` (a Taipei day): every field (or only `fields`) whose value differs from the record's state at
 *   the end of that day, in one write (`side` does not apply).
 */
export const restoreInput = z
  .object({
    entry_id: rowId.optional(),
    as_of: calendarDay.optional(),
    fields: z.array(z.string().min(1).max(100)).min(1).max(100).optional(),
    side: z.enum(['before', 'after']).default('before'),
  })
  .refine((b) => (b.entry_id === undefined) !== (b.as_of === undefined), {
    path: ['entry_id'],
    message: VALIDATION_KEYS.required,
  });
export type RestoreInput = z.input<typeof restoreInput>;
