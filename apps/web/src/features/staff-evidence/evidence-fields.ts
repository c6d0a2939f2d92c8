import { HEALTH_CHECK_KINDS, INSURANCE_SCHEMES, MIGRANT_DOCUMENTS, TRAINING_KINDS, isMigrant } from '@bo/shared/compliance/vocabulary';
import { EVIDENCE_KINDS, type EvidenceKind } from '@bo/shared/schemas/staff-evidence';

/** `pastDay`: a day that has happened (the server refuses a later one too). */
export type EvidenceFieldType = 'select' | 'text' | 'textarea' | 'number' | 'day' | 'pastDay';

export interface EvidenceField {
  name: string;
  type: EvidenceFieldType;
  options?: readonly string[];
  required?: boolean;
  /** Stored sealed: shown masked (or 「已記錄」), revealed on purpose. */
  sealed?: boolean;
}

/** Each kind's form fields, in order, and the columns its table shows. */
export const EVIDENCE_FIELDS: Record<EvidenceKind, { fields: EvidenceField[]; columns: string[] }> = {
  trainings: {
    fields: [
      { name: 'course_kind', type: 'select', options: TRAINING_KINDS, required: true },
      { name: 'course_name', type: 'text', required: true },
      { name: 'hours', type: 'number' },
      { name: 'completed_on', type: 'pastDay', required: true },
      { name: 'provider', type: 'text' },
      { name: 'subject', type: 'text' },
      { name: 'card_number', type: 'text', sealed: true },
    ],
    columns: ['course_kind', 'course_name', 'hours', 'completed_on', 'card_number'],
  },
  'health-checks': {
    fields: [
      { name: 'check_kind', type: 'select', options: HEALTH_CHECK_KINDS, required: true },
      { name: 'checked_on', type: 'pastDay', required: true },
      { name: 'provider', type: 'text' },
      { name: 'result_grade', type: 'text', sealed: true },
      { name: 'notes', type: 'textarea', sealed: true },
    ],
    columns: ['check_kind', 'checked_on', 'provider', 'result_grade'],
  },
  insurances: {
    fields: [
      { name: 'scheme', type: 'select', options: INSURANCE_SCHEMES, required: true },
      { name: 'enrolled_on', type: 'pastDay', required: true },
      { name: 'ended_on', type: 'day' },
    ],
    columns: ['scheme', 'enrolled_on', 'ended_on'],
  },
  'migrant-documents': {
    fields: [
      { name: 'document', type: 'select', options: MIGRANT_DOCUMENTS, required: true },
      { name: 'number', type: 'text', sealed: true },
      { name: 'starts_on', type: 'day' },
      { name: 'ends_on', type: 'day' },
    ],
    columns: ['document', 'number', 'starts_on', 'ends_on'],
  },
};

/**
 * The kinds shown for a staff record: a migrant worker's documents only for a nationality other than
 * TW (the field arrives with sites; a record without it shows none).
 */
export const visibleKinds = (record: Record<string, unknown>): EvidenceKind[] =>
  EVIDENCE_KINDS.filter((k) => k !== 'migrant-documents' || isMigrant(typeof record.nationality === 'string' ? record.nationality : null));

/** What a save sends: the kind's fields, blanks as null; a sealed value left as shown goes back as shown (the server keeps it). */
export function evidenceBody(kind: EvidenceKind, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of EVIDENCE_FIELDS[kind].fields) {
    const v = values[f.name];
    out[f.name] = v === undefined || v === '' ? null : typeof v === 'string' ? v.trim() || null : v;
  }
  return out;
}
