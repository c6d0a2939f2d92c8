import { z } from 'zod';
import { VALIDATION_KEYS } from '../messages.ts';
import { isRealDate, todayInTaipei } from '../dates.ts';
import { HEALTH_CHECK_KINDS, INSURANCE_SCHEMES, MIGRANT_DOCUMENTS, TRAINING_KINDS } from '../compliance/vocabulary.ts';
import { REVEAL_REASONS, requireReasonText, revealReasonFields } from './personal-data-reveal.ts';

/**
 * Evidence a worker holds (issue 38 item 2, docs/compliance.md): training records, health checks,
 * insurance enrollment and a migrant worker's documents, each a row of the staff record with its scan.
 * Sealed fields (card number, result grade, notes, document number) leave masked or as 「已記錄」; sent
 * back as shown they keep the stored value (docs/personal-data.md "Masks").
 */
export const EVIDENCE_KINDS = ['trainings', 'health-checks', 'insurances', 'migrant-documents'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export const EVIDENCE_KEYS = {
  dateInFuture: 'validate.error.date_in_future',
  endsBeforeStarts: 'validate.error.ends_before_starts',
  notPositive: 'validate.error.not_positive',
} as const;

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().trim().max(max, VALIDATION_KEYS.invalid).nullable().optional());
const requiredText = (max: number) =>
  z.string(VALIDATION_KEYS.required).trim().min(1, VALIDATION_KEYS.required).max(max, VALIDATION_KEYS.invalid);
const day = z.string(VALIDATION_KEYS.required).trim().min(1, VALIDATION_KEYS.required).refine(isRealDate, VALIDATION_KEYS.invalid);
/** A day that has happened (a course completed, a check made, an enrollment): not after today in Taipei. */
const pastDay = day.refine((v) => !isRealDate(v) || v <= todayInTaipei(), EVIDENCE_KEYS.dateInFuture);
const optionalDay = z.preprocess(emptyToNull, day.nullable().optional());
const kind = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, VALIDATION_KEYS.invalid);

/** `ends` on or after `starts` when both are given. */
const endsAfter =
  (starts: string, ends: string) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const s = v[starts];
    const e = v[ends];
    if (typeof s === 'string' && typeof e === 'string' && e < s)
      ctx.addIssue({ code: 'custom', path: [ends], message: EVIDENCE_KEYS.endsBeforeStarts });
  };

// Not strict: the web names the organization it acts in (`organization_id`).
export const trainingInput = z.object({
  course_kind: kind(TRAINING_KINDS),
  course_name: requiredText(200),
  subject: optionalText(100),
  hours: z.preprocess(
    (v) => (v === '' ? null : v),
    z.number(VALIDATION_KEYS.invalid).positive(EVIDENCE_KEYS.notPositive).max(10_000, VALIDATION_KEYS.invalid).nullable().optional(),
  ),
  completed_on: pastDay,
  provider: optionalText(200),
  card_number: optionalText(50),
});

export const healthCheckInput = z.object({
  check_kind: kind(HEALTH_CHECK_KINDS),
  checked_on: pastDay,
  provider: optionalText(200),
  result_grade: optionalText(50),
  notes: optionalText(2000),
});

export const insuranceInput = z
  .object({
    scheme: kind(INSURANCE_SCHEMES),
    enrolled_on: pastDay,
    ended_on: optionalDay,
  })
  .superRefine(endsAfter('enrolled_on', 'ended_on'));

export const migrantDocumentInput = z
  .object({
    document: kind(MIGRANT_DOCUMENTS),
    number: optionalText(50),
    starts_on: optionalDay,
    ends_on: optionalDay,
  })
  .superRefine(endsAfter('starts_on', 'ends_on'));

const evidenceFile = {
  id: z.number(),
  staff_id: z.number(),
  has_file: z.boolean(),
  file_name: z.string().nullable(),
  file_type: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const trainingSchema = z.object({
  ...evidenceFile,
  course_kind: z.string(),
  course_name: z.string(),
  subject: z.string().nullable(),
  hours: z.number().nullable(),
  completed_on: z.string(),
  provider: z.string().nullable(),
  /** Masked (12****789). */
  card_number: z.string().nullable(),
});

export const healthCheckSchema = z.object({
  ...evidenceFile,
  check_kind: z.string(),
  checked_on: z.string(),
  provider: z.string().nullable(),
  /** 「已記錄」 when one is stored. */
  result_grade: z.string().nullable(),
  notes: z.string().nullable(),
});

export const insuranceSchema = z.object({
  ...evidenceFile,
  scheme: z.string(),
  enrolled_on: z.string(),
  ended_on: z.string().nullable(),
});

export const migrantDocumentSchema = z.object({
  ...evidenceFile,
  document: z.string(),
  /** Masked (12****789). */
  number: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
});

export type Training = z.infer<typeof trainingSchema>;
export type HealthCheck = z.infer<typeof healthCheckSchema>;
export type Insurance = z.infer<typeof insuranceSchema>;
export type MigrantDocument = z.infer<typeof migrantDocumentSchema>;
export type TrainingInput = z.input<typeof trainingInput>;
export type HealthCheckInput = z.input<typeof healthCheckInput>;
export type InsuranceInput = z.input<typeof insuranceInput>;
export type MigrantDocumentInput = z.input<typeof migrantDocumentInput>;

export interface EvidenceViews {
  trainings: Training;
  'health-checks': HealthCheck;
  insurances: Insurance;
  'migrant-documents': MigrantDocument;
}
export interface EvidenceInputs {
  trainings: TrainingInput;
  'health-checks': HealthCheckInput;
  insurances: InsuranceInput;
  'migrant-documents': MigrantDocumentInput;
}

/** The sealed fields of each kind: shown masked, revealed on purpose. */
export const EVIDENCE_SEALED_FIELDS = {
  trainings: ['card_number'],
  'health-checks': ['result_grade', 'notes'],
  insurances: [],
  'migrant-documents': ['number'],
} as const satisfies Record<EvidenceKind, readonly string[]>;

export const evidenceRevealBody = z
  .object({
    field: z.string(VALIDATION_KEYS.required).min(1, VALIDATION_KEYS.required),
    ...revealReasonFields,
  })
  .superRefine(requireReasonText);
export type EvidenceRevealBody = z.input<typeof evidenceRevealBody>;

export { REVEAL_REASONS };
