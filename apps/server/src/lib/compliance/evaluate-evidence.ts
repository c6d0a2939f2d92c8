import type { Rule, RuleRequirement } from '@bo/shared/compliance/rules';
import type { WorkerFacts } from './worker-facts.ts';

/** One piece of evidence that meets a requirement, by its date (null: recorded without one). */
export interface Evidence {
  on: string | null;
}

const fold = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

/** The evidence of a worker that meets the requirement, dated by when it was done (issued, completed, checked). */
export function evidenceDone(requirement: RuleRequirement, facts: WorkerFacts): Evidence[] {
  switch (requirement.kind) {
    case 'training': {
      const subject = requirement.subject_by_site_role?.[facts.roster.site_role] ?? requirement.subject;
      return facts.trainings
        .filter(
          (t) =>
            requirement.course_kinds.includes(t.course_kind) &&
            (requirement.min_hours === null || (t.hours !== null && t.hours >= requirement.min_hours)) &&
            (subject === null || (t.subject !== null && fold(t.subject).includes(fold(subject)))),
        )
        .map((t) => ({ on: t.completed_on }));
    }
    case 'health_check':
      return facts.health_checks.filter((h) => requirement.check_kinds.includes(h.check_kind)).map((h) => ({ on: h.checked_on }));
    case 'certificate':
      return certificates(requirement.type_names, facts).map((c) => ({ on: c.issued_at }));
    default:
      return [];
  }
}

const certificates = (names: readonly string[], facts: WorkerFacts) =>
  facts.certificates.filter((c) => names.some((n) => n.trim() === c.type_name.trim()));

/** The end dates of the documents a valid_until rule watches (null: recorded without an end). */
export function evidenceEnds(requirement: Rule['requirement'], facts: WorkerFacts): (string | null)[] {
  if (requirement.kind === 'migrant_document')
    return facts.migrant_documents.filter((d) => d.document === requirement.document).map((d) => d.ends_on);
  if (requirement.kind === 'certificate') return certificates(requirement.type_names, facts).map((c) => c.expires_at);
  return [];
}

/** The latest of some days (null when there is none). */
export const latest = (days: readonly (string | null)[]): string | null =>
  days.reduce<string | null>((max, d) => (d !== null && (max === null || d > max) ? d : max), null);

/** The earliest of some days (null when there is none). */
export const earliest = (days: readonly (string | null)[]): string | null =>
  days.reduce<string | null>((min, d) => (d !== null && (min === null || d < min) ? d : min), null);
