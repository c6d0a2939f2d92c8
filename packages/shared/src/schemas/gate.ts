import { z } from 'zod';
import { listQuery, listResponse, queryInt, rowId } from '../list.ts';
import { VALIDATION_KEYS } from '../messages.ts';
import { isRealDate } from '../dates.ts';
import { DUE_STATES, DUE_STATUSES } from '../compliance/vocabulary.ts';

/**
 * Issue 39, the site gate (docs/site-gate.md): passes, verdicts, the entry log and the gate's offline
 * snapshot. One contract for the server (modules/gate), the gate screen and the site's pass and log screens.
 * Days are Taipei days (YYYY-MM-DD); instants are ISO strings.
 */

const day = z.string().trim().refine(isRealDate, VALIDATION_KEYS.invalid);

// ── Passes ────────────────────────────────────────────────────────────────

export const PASS_REVOKE_REASONS = ['lost', 'revoked', 'reissued', 'left_site'] as const;
export type PassRevokeReason = (typeof PASS_REVOKE_REASONS)[number];

/**
 * What a pass's QR says: `BOP1.<code>.<serial>.<signature>` (lib/gate/pass-token.ts). It names the pass,
 * never the person. The gate also takes the bare `code` typed by hand (the printed line under the QR).
 */
export const PASS_QR_PREFIX = 'BOP1';
/** The printed code: 8 letters and digits of Crockford's base32, shown as XXXX-XXXX; typed with or without the dash. */
export const PASS_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-?[0-9A-HJKMNP-TV-Z]{4}$/i;
export const normalizePassCode = (v: string): string => {
  const s = v.trim().toUpperCase().replace(/[\s-]/g, '');
  return s.length === 8 ? `${s.slice(0, 4)}-${s.slice(4)}` : s;
};

export const passSchema = z.object({
  id: z.number(),
  organization_id: z.number(),
  site_id: z.number(),
  site_name: z.string(),
  staff_id: z.number(),
  staff_name: z.string(),
  /** The worker's subcontractor (協力廠商), or null for the organization's own staff. */
  contractor_name: z.string().nullable(),
  /** The company line on the badge: the subcontractor's name, else the organization's. */
  company_name: z.string(),
  job_title: z.string().nullable(),
  has_photo: z.boolean(),
  code: z.string(),
  serial: z.number(),
  /** The signed QR text; null once revoked (a revoked pass is never printed again). */
  qr: z.string().nullable(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.enum(PASS_REVOKE_REASONS).nullable(),
  replaced_by_id: z.number().nullable(),
});
export type Pass = z.infer<typeof passSchema>;

export const passListQuery = listQuery(['staff_name', 'issued_at', 'id'], {
  /** current (default): not revoked; revoked; all. */
  state: z.enum(['current', 'revoked', 'all']).default('current'),
});
export type PassListQuery = z.input<typeof passListQuery>;
export const passListResponse = listResponse(passSchema);

/** Issue passes to roster workers who have none (staff_ids omitted: every current roster worker without a pass). */
export const passIssueInput = z.object({ staff_ids: z.array(rowId).min(1).max(2000).optional() });
export const passIssueResult = z.object({ data: z.array(passSchema), issued: z.number() });

export const passRevokeInput = z.object({ reason: z.enum(['lost', 'revoked', 'left_site']) });
/** Reissue: the old pass is revoked (reason `lost` by default) and a new one with the next serial is returned. */
export const passReissueInput = z.object({ reason: z.enum(['lost', 'revoked']).default('lost') });

/** The badge sheet: the passes to print (ids omitted: every current pass of the site). */
export const badgeSheetQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
});

/** The worker's phone pass (a public page opened from a link the office hands over): no ID, no health data. */
export const phonePassSchema = z.object({
  staff_name: z.string(),
  company_name: z.string(),
  site_name: z.string(),
  job_title: z.string().nullable(),
  code: z.string(),
  qr: z.string(),
  has_photo: z.boolean(),
  issued_at: z.string(),
});
export type PhonePass = z.infer<typeof phonePassSchema>;

// ── Verdicts ──────────────────────────────────────────────────────────────

/**
 * Why a worker may not go in (or what the gate keeper should know). `rule`: a due item of the site's rules
 * that is overdue or missing (blocking), or cannot be told (not blocking); the rest are about the pass or roster.
 */
export const GATE_REASON_CODES = [
  'rule',
  'pass_unknown',
  'pass_revoked',
  'pass_other_organization',
  'pass_other_site',
  'not_on_roster',
  'site_closed',
  'snapshot_stale',
] as const;
export type GateReasonCode = (typeof GATE_REASON_CODES)[number];

const localized = z.object({ 'zh-TW': z.string(), 'en-US': z.string() });

export const gateReasonSchema = z.object({
  code: z.enum(GATE_REASON_CODES),
  /** Whether this reason alone refuses entry. */
  blocking: z.boolean(),
  /** For `rule`: which rule, its title, its status today and its deadline. */
  rule_key: z.string().nullable().default(null),
  rule_title: localized.nullable().default(null),
  status: z.enum(DUE_STATUSES).nullable().default(null),
  due_on: z.string().nullable().default(null),
  /** Days past `due_on` on the scan's day (overdue), else null. */
  overdue_days: z.number().nullable().default(null),
  /** pass_revoked: why; snapshot_stale: the snapshot's age in hours. */
  detail: z.string().nullable().default(null),
});
export type GateReason = z.infer<typeof gateReasonSchema>;

/** The worker as the gate shows them: name, company and photo to compare; nothing more. */
export const gateWorkerSchema = z.object({
  staff_id: z.number(),
  name: z.string(),
  company_name: z.string(),
  job_title: z.string().nullable(),
  site_role: z.string().nullable(),
  has_photo: z.boolean(),
});
export type GateWorker = z.infer<typeof gateWorkerSchema>;

export const gateVerdictSchema = z.object({
  verdict: z.enum(['admit', 'refuse']),
  reasons: z.array(gateReasonSchema),
  /** Null when the code named no pass of this organization (nothing to show). */
  worker: gateWorkerSchema.nullable(),
  pass_id: z.number().nullable(),
});
export type GateVerdict = z.infer<typeof gateVerdictSchema>;

// ── Scans and the entry log ───────────────────────────────────────────────

export const GATE_DIRECTIONS = ['in', 'out'] as const;

/**
 * One scan sent by the gate screen. `client_entry_id` (a UUID the device makes) makes it count once however
 * often it is sent. `code` is the QR text or the typed code, or `staff_id` when found by name.
 * Offline scans carry the verdict the device gave from its snapshot, and the snapshot's time.
 */
export const scanInput = z
  .object({
    client_entry_id: z.string().trim().min(8).max(64),
    code: z.string().trim().min(1).max(300).optional(),
    staff_id: rowId.optional(),
    direction: z.enum(GATE_DIRECTIONS).default('in'),
    scanned_at: z.string().datetime({ offset: true }).optional(),
    offline: z.boolean().default(false),
    snapshot_at: z.string().datetime({ offset: true }).nullable().default(null),
    offline_verdict: z.enum(['admit', 'refuse']).nullable().default(null),
    offline_reasons: z.array(gateReasonSchema).max(50).nullable().default(null),
  })
  .refine((v) => !!v.code !== !!v.staff_id, { message: VALIDATION_KEYS.required, path: ['code'] });
export type ScanInput = z.input<typeof scanInput>;

export const entrySchema = z.object({
  id: z.number(),
  site_id: z.number(),
  staff_id: z.number().nullable(),
  staff_name: z.string().nullable(),
  company_name: z.string().nullable(),
  pass_id: z.number().nullable(),
  direction: z.enum(GATE_DIRECTIONS),
  verdict: z.enum(['admit', 'refuse']),
  admitted: z.boolean(),
  reasons: z.array(gateReasonSchema),
  scanned_at: z.string(),
  day: z.string(),
  received_at: z.string(),
  admin_id: z.number().nullable(),
  admin_name: z.string().nullable(),
  device_id: z.string().nullable(),
  device_label: z.string().nullable(),
  client_entry_id: z.string(),
  offline: z.boolean(),
  snapshot_at: z.string().nullable(),
  override_admin_id: z.number().nullable(),
  override_admin_name: z.string().nullable(),
  override_reason: z.string().nullable(),
  override_at: z.string().nullable(),
});
export type Entry = z.infer<typeof entrySchema>;

/** A scan's answer: the verdict and the entry it made (or had made, when sent again). */
export const scanResult = gateVerdictSchema.extend({ entry: entrySchema, duplicate: z.boolean() });
export type ScanResult = z.infer<typeof scanResult>;

/** Scans queued offline, sent together when the device is back online (in scan order). */
export const scanBatchInput = z.object({ scans: z.array(scanInput).min(1).max(500) });
export const scanBatchResult = z.object({ data: z.array(scanResult) });

/** The site director lets a refused worker in: needs a reason; audited; shown on the dashboard. */
export const overrideInput = z.object({ reason: z.string().trim().min(2, VALIDATION_KEYS.required).max(500) });

export const entryListQuery = listQuery(['scanned_at', 'id'], {
  day: day.optional(),
  verdict: z.enum(['admit', 'refuse']).optional(),
  overridden: z.enum(['true', 'false']).optional(),
  staff_id: z.coerce.number().int().positive().optional(),
});
export type EntryListQuery = z.input<typeof entryListQuery>;
export const entryListResponse = listResponse(entrySchema);

/** Who is on the site now: workers whose last admitted entry today is `in`. */
export const onSiteSchema = z.object({
  day: z.string(),
  data: z.array(gateWorkerSchema.extend({ entered_at: z.string(), entry_id: z.number() })),
  /** Today's counts: scans, let in, refused, let in by the director. */
  counts: z.object({ scans: z.number(), admitted: z.number(), refused: z.number(), overridden: z.number() }),
});

/** The attendance workbook for the labour inspector: one row per day and worker, from..to inclusive (≤ 92 days). */
export const attendanceQuery = z.object({ from: day, to: day });
/** The longest range one attendance workbook covers, in days (both ends counted). */
export const ATTENDANCE_MAX_DAYS = 92;

/** The dashboard's card: the organization's latest overrides, newest first, each with its site's name. */
export const overrideFeedQuery = z.object({ limit: queryInt.pipe(z.number().int().min(1).max(50)).default(10) });
export const overrideFeedEntrySchema = entrySchema.extend({ site_name: z.string() });
export type OverrideFeedEntry = z.infer<typeof overrideFeedEntrySchema>;
export const overrideFeedResponse = z.object({ data: z.array(overrideFeedEntrySchema) });

// ── The gate's offline snapshot ───────────────────────────────────────────

/** A due item as the gate needs it: enough to tell its status on any day (dueStatus). */
export const gateDueItemSchema = z.object({
  rule_key: z.string(),
  rule_title: localized.nullable(),
  state: z.enum(DUE_STATES),
  due_on: z.string().nullable(),
});
export type GateDueItem = z.infer<typeof gateDueItemSchema>;

/**
 * One pass the snapshot knows: its worker, whether they are on the site's roster on each day of the
 * snapshot's validity (`roster_until`: the roster row's last day, null open), and every due item of theirs
 * on this site, so the screen works out the verdict for its own today with the same function as the server
 * (packages/shared/src/gate/verdict.ts).
 */
export const snapshotPassSchema = z.object({
  pass_id: z.number(),
  code: z.string(),
  serial: z.number(),
  worker: gateWorkerSchema,
  on_roster: z.boolean(),
  roster_from: z.string().nullable(),
  roster_until: z.string().nullable(),
  items: z.array(gateDueItemSchema),
});
export type SnapshotPass = z.infer<typeof snapshotPassSchema>;

/**
 * Everything the gate screen needs to answer without a connection, for one site. `signature` is ECDSA P-256
 * (SHA-256, IEEE P1363 r||s, base64url) over the UTF-8 of `body`; the screen checks it with `public_key`
 * (JWK) pinned when it first loaded the site, and refuses a snapshot that does not verify.
 */
export const snapshotBodySchema = z.object({
  organization_id: z.number(),
  site_id: z.number(),
  site_name: z.string(),
  generated_at: z.string(),
  /** The Taipei day the verdicts were computed for; the screen re-checks `due_on` against its own today. */
  day: z.string(),
  passes: z.array(snapshotPassSchema),
  /** Codes of revoked passes of this site (an old QR is refused offline too). */
  revoked_codes: z.array(z.string()),
});
export type SnapshotBody = z.infer<typeof snapshotBodySchema>;

export const snapshotSchema = z.object({
  /** JSON text of SnapshotBody, exactly as signed. */
  body: z.string(),
  signature: z.string(),
  key_id: z.string(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const gateKeySchema = z.object({ key_id: z.string(), public_key: z.record(z.string(), z.unknown()) });

/** A snapshot older than this says so on every verdict it gives (issue 39 point 3). */
export const SNAPSHOT_STALE_HOURS = 24;

/** The sites a gate keeper may open the gate screen for: the organization's active sites. */
export const gateSiteSchema = z.object({ id: z.number(), name: z.string(), address: z.string().nullable(), status: z.string() });
export const gateSitesResponse = z.object({ data: z.array(gateSiteSchema) });
