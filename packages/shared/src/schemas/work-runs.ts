import { z } from 'zod';

/** Issue 33: long work an admin starts, whose end (or interruption by a killed process) is recorded. */
export const WORK_RUN_KINDS = ['staff_import', 'staff_export', 'photo_upload'] as const;
export type WorkRunKind = (typeof WORK_RUN_KINDS)[number];
export const WORK_RUN_STATUSES = ['running', 'done', 'failed', 'interrupted'] as const;
export type WorkRunStatus = (typeof WORK_RUN_STATUSES)[number];

export const interruptedRunsQuery = z.object({ kind: z.enum(WORK_RUN_KINDS) });

/** A run of the signed-in admin that its process did not finish: nothing of it was kept. */
export const interruptedRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WORK_RUN_KINDS),
  organization_id: z.number().int().nullable(),
  started_at: z.string(),
  /** What the work was on, for the notice: the roster's or the photo's file name, the export's template. */
  file_name: z.string().nullable(),
  /** The translation key of the notice (packages/shared/src/messages.ts WORK_RUN_KEYS). */
  key: z.string(),
});
export type InterruptedRun = z.infer<typeof interruptedRunSchema>;
export const interruptedRunsResponse = z.object({ data: z.array(interruptedRunSchema) });
