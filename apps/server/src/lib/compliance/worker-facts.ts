import type { HealthCheckKind, InsuranceScheme, MigrantDocument, TrainingKind, WorkKind } from '@bo/shared/compliance/vocabulary';

/**
 * What the rule engine knows of one worker on one roster row (issue 38): loaded from the tables of
 * migration 0104 and the certificates, never from a screen. Dates are Taipei days (YYYY-MM-DD); health
 * values and document numbers are not here (the rules need only kinds and dates).
 */
export interface WorkerFacts {
  staff: {
    id: number;
    organization_id: number;
    contractor_id: number | null;
    birthday: string | null;
    nationality: string;
    job_title: string | null;
    hire_date: string | null;
    left_on: string | null;
    entered_taiwan_on: string | null;
    departure_reported_on: string | null;
  };
  roster: {
    id: number;
    site_id: number;
    site_role: string;
    work_kinds: WorkKind[];
    starts_on: string;
    ends_on: string | null;
  };
  trainings: { course_kind: TrainingKind; subject: string | null; hours: number | null; completed_on: string }[];
  health_checks: { check_kind: HealthCheckKind; checked_on: string }[];
  insurances: { scheme: InsuranceScheme; enrolled_on: string; ended_on: string | null }[];
  migrant_documents: { document: MigrantDocument; starts_on: string | null; ends_on: string | null }[];
  /** Certificates by their type's name (certificate_types.name), e.g. 工地主任執業證. */
  certificates: { type_name: string; issued_at: string | null; expires_at: string | null }[];
}
