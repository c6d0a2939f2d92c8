import { z } from 'zod';
import { VALIDATION_KEYS } from './messages.ts';

/**
 * Issue 36: the version a record was read at, sent back with every write of it (docs/api.md
 * "Versions"). One record's is the `If-Match` header (`"7"`, `7`, or `*`: overwrite on purpose); a
 * batch's (batch patch, batch delete, reorder) is `versions` in the body: a version per id, or "*".
 */
export const recordVersionsBody = z.union([z.literal('*'), z.record(z.string().regex(/^\d{1,10}$/), z.number().int().min(0))]);
export type RecordVersionsBody = z.infer<typeof recordVersionsBody>;

/** Who changed a record last, and when: what an open form shows when it is behind. */
export const versionChangedBy = z.object({ id: z.number(), name: z.string() }).nullable();

/** `GET /api/admin/record-versions/:target_type/:target_key`. */
export const recordVersionSchema = z.object({
  version: z.number().int(),
  changed_by: versionChangedBy,
  changed_at: z.string().nullable(),
});
export type RecordVersion = z.infer<typeof recordVersionSchema>;

/** One stale record of a refused write: its current version, who changed it since, which fields, and its current view. */
export const versionConflictSchema = z.object({
  id: z.union([z.number(), z.string()]),
  version: z.number().int(),
  changed_by: versionChangedBy,
  changed_at: z.string().nullable(),
  fields: z.array(z.string()),
  current: z.unknown(),
});
export type VersionConflict = z.infer<typeof versionConflictSchema>;

/** 409 of a stale write: `conflict` for one record, `conflicts` for a batch. Nothing was written. */
export const versionConflictBody = z.object({
  statusCode: z.literal(409),
  error: z.literal('Conflict'),
  message: z.literal(VALIDATION_KEYS.editedElsewhere),
  key: z.literal(VALIDATION_KEYS.editedElsewhere),
  conflict: versionConflictSchema.optional(),
  conflicts: z.array(versionConflictSchema).optional(),
});

/** 428 of a write that carries no version. */
export const versionRequiredBody = z.object({
  statusCode: z.literal(428),
  error: z.literal('Precondition Required'),
  message: z.literal(VALIDATION_KEYS.versionRequired),
  key: z.literal(VALIDATION_KEYS.versionRequired),
});

/** A view with the version it was read at (`version` of a read, a list row, a write's answer). */
export function withVersion<T extends z.ZodTypeAny>(schema: T): z.ZodTypeAny {
  const field = { version: z.number().int().min(0) };
  return schema instanceof z.ZodObject ? schema.extend(field) : z.intersection(schema, z.object(field));
}
