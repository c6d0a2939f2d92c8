import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';

/** LINE Messaging API ids: a user (U…), group (C…) or room (R…) and 32 hex digits. */
export const LINE_TARGET_PATTERN = /^[UCR][0-9a-f]{32}$/;
export const LINE_TEXT_MAX = 5000;

/** POST /api/admin/send-line-message (spec section 7). */
export const lineMessageBody = z.strictObject({
  target: z.string().trim().regex(LINE_TARGET_PATTERN, VALIDATION_KEYS.invalid),
  message: z.string().trim().min(1, VALIDATION_KEYS.required).max(LINE_TEXT_MAX, VALIDATION_KEYS.invalid),
});
export const lineMessageResponse = z.object({ sent: z.literal(true), request_id: z.string().nullable() });

/** Drive file ids: letters, digits, '-' and '_'. */
export const DRIVE_FOLDER_PATTERN = /^[A-Za-z0-9_-]{10,100}$/;

/** POST /api/admin/test-google-drive-permission (spec section 7). */
export const driveCheckBody = z.strictObject({
  folder_id: z.string().trim().regex(DRIVE_FOLDER_PATTERN, VALIDATION_KEYS.invalid),
});
export const driveCheckResponse = z.object({
  service_account: z.string(),
  folder: z.object({ id: z.string(), name: z.string() }).nullable(),
  can_read: z.boolean(),
  can_write: z.boolean(),
  /** not_found: missing or not shared with the service account; not_a_folder: a file. */
  reason: z.enum(['not_found', 'not_a_folder']).nullable(),
});
export type DriveCheck = z.infer<typeof driveCheckResponse>;

/** The log viewer (issue 13, part 3): a log file's name, as the server writes them. */
export const logFileName = z.string().regex(/^server-\d{4}-\d{2}-\d{2}(\.\d{1,4})?\.log$/, VALIDATION_KEYS.invalid);
export const logFilesResponse = z.object({
  data: z.array(z.object({ name: z.string(), size: z.number(), modified_at: z.string() })),
});
export const LOG_LEVEL_NAMES = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
const offset = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const logEntriesQuery = z.object({
  file: logFileName,
  q: z.string().trim().max(200).optional(),
  level: z.enum(LOG_LEVEL_NAMES).optional(),
  /** Older entries: before this byte offset (a page's next_before). */
  before: offset.optional(),
  /** Follow live: entries after this byte offset (a follow's next_after, or the first page's size). */
  after: offset.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const logEntrySchema = z.object({
  offset: z.number(),
  level: z.number(),
  time: z.string().nullable(),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export const logEntriesResponse = z.object({
  data: z.array(logEntrySchema),
  /** Older entries continue before this offset; null at the start of the file. */
  next_before: z.number().nullable(),
  /** Newer entries (follow) continue after this offset. */
  next_after: z.number(),
});
export const logDownloadQuery = z.object({ file: logFileName });
