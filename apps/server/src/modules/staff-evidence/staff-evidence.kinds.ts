import type { z } from 'zod';
import {
  EVIDENCE_SEALED_FIELDS,
  healthCheckInput,
  healthCheckSchema,
  insuranceInput,
  insuranceSchema,
  migrantDocumentInput,
  migrantDocumentSchema,
  trainingInput,
  trainingSchema,
  type EvidenceKind,
} from '@bo/shared/schemas/staff-evidence';
import type { AuditTarget } from '../../lib/context/audit-targets.ts';
import type { PersonalTable } from '../../lib/personal-data/categories.ts';

export type EvidenceTable = 'staff_trainings' | 'staff_health_checks' | 'staff_insurances' | 'staff_migrant_documents';

/** One kind of evidence: its table, audit target, wire schemas and which of its fields are plain or sealed. */
export interface EvidenceKindDeclaration {
  kind: EvidenceKind;
  table: EvidenceTable;
  target: Extract<AuditTarget, 'staff_training' | 'staff_health_check' | 'staff_insurance' | 'staff_migrant_document'>;
  /** Its declared personal fields (lib/personal-data/categories.ts), when it has any. */
  personal: Extract<PersonalTable, EvidenceTable> | null;
  input: z.ZodType<Record<string, unknown>>;
  view: z.ZodTypeAny;
  /** Columns stored as sent. */
  plain: readonly string[];
  /** Fields stored sealed (`<field>_enc`, and `<field>_masked` when declared with a mask). */
  sealed: readonly string[];
  /** The day the list is ordered by, newest first. */
  day: string;
  /** The words of the OpenAPI description. */
  noun: string;
}

export const EVIDENCE: Record<EvidenceKind, EvidenceKindDeclaration> = {
  trainings: {
    kind: 'trainings',
    table: 'staff_trainings',
    target: 'staff_training',
    personal: 'staff_trainings',
    input: trainingInput,
    view: trainingSchema,
    plain: ['course_kind', 'course_name', 'subject', 'hours', 'completed_on', 'provider'],
    sealed: EVIDENCE_SEALED_FIELDS.trainings,
    day: 'completed_on',
    noun: 'training record (course, hours, day, provider, 台灣職安卡 number: masked)',
  },
  'health-checks': {
    kind: 'health-checks',
    table: 'staff_health_checks',
    target: 'staff_health_check',
    personal: 'staff_health_checks',
    input: healthCheckInput,
    view: healthCheckSchema,
    plain: ['check_kind', 'checked_on', 'provider'],
    sealed: EVIDENCE_SEALED_FIELDS['health-checks'],
    day: 'checked_on',
    noun: 'health check (kind, day, provider; result grade and notes are health data: 「已記錄」)',
  },
  insurances: {
    kind: 'insurances',
    table: 'staff_insurances',
    target: 'staff_insurance',
    personal: null,
    input: insuranceInput,
    view: insuranceSchema,
    plain: ['scheme', 'enrolled_on', 'ended_on'],
    sealed: EVIDENCE_SEALED_FIELDS.insurances,
    day: 'enrolled_on',
    noun: 'insurance enrollment (勞保, 就保, 職災保險)',
  },
  'migrant-documents': {
    kind: 'migrant-documents',
    table: 'staff_migrant_documents',
    target: 'staff_migrant_document',
    personal: 'staff_migrant_documents',
    input: migrantDocumentInput,
    view: migrantDocumentSchema,
    plain: ['document', 'starts_on', 'ends_on'],
    sealed: EVIDENCE_SEALED_FIELDS['migrant-documents'],
    day: 'ends_on',
    noun: "migrant worker's document (permit window, residence permit, passport; number masked)",
  },
};

export const EVIDENCE_DECLARATIONS: readonly EvidenceKindDeclaration[] = Object.values(EVIDENCE);
