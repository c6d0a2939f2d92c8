import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';

/**
 * Issue 37 item 4: a masked value is revealed on purpose, for a reason chosen from this list (labels in
 * the web's staff strings, `reveal.reasons.*`), or typed; `other` needs the typed words.
 */
export const REVEAL_REASONS = ['labor_insurance', 'authority_inspection', 'subject_request', 'other'] as const;
export type RevealReason = (typeof REVEAL_REASONS)[number];

/** The staff fields kept masked that a reveal (or an unmasked export) shows in plain: identifier and health. */
export const REVEALABLE_STAFF_FIELDS = ['national_id', 'blood_type'] as const;
export type RevealableStaffField = (typeof REVEALABLE_STAFF_FIELDS)[number];

/** How long the web shows a revealed value before it masks it again. */
export const REVEAL_SECONDS = 60;

export const REVEAL_REASON_TEXT_MAX = 200;

/** The reason of a reveal or an unmasked export, as sent. */
export const revealReasonFields = {
  reason_code: z.enum(REVEAL_REASONS, VALIDATION_KEYS.invalid),
  reason_text: z.string().trim().max(REVEAL_REASON_TEXT_MAX, VALIDATION_KEYS.invalid).optional(),
};

/** `other` without words is `reason_text: validate.error.required`. */
export function requireReasonText(v: { reason_code?: RevealReason; reason_text?: string }, ctx: z.RefinementCtx) {
  if (v.reason_code === 'other' && !v.reason_text)
    ctx.addIssue({ code: 'custom', path: ['reason_text'], message: VALIDATION_KEYS.required });
}

// Not strict: the web names the organization it acts in (`organization_id`, read by the access hook).
export const revealBody = z
  .object({
    field: z.enum(REVEALABLE_STAFF_FIELDS, VALIDATION_KEYS.invalid),
    ...revealReasonFields,
  })
  .superRefine(requireReasonText);
export type RevealBody = z.input<typeof revealBody>;

export const revealResponse = z.object({
  /** The value in plain; null when the record holds none. */
  value: z.string().nullable(),
  /** Seconds the web shows it before it masks it again. */
  expires_in: z.number(),
});
export type RevealResponse = z.infer<typeof revealResponse>;
