import type { Generated } from 'kysely';

/** Tables of migration 0104 (issue 38, docs/compliance.md): dates are Taipei days, YYYY-MM-DD text. */
export interface ContractorsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  tax_id: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  /** Migration 0106: where the daily digest of its workers' due items goes (docs/compliance.md). */
  contact_email: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export type SiteStatus = 'planned' | 'active' | 'suspended' | 'completed';

export interface SitesTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  contract_number: string | null;
  address: string | null;
  starts_on: string | null;
  ends_on: string | null;
  status: Generated<SiteStatus>;
  director_staff_id: number | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface SiteContractorsTable {
  id: Generated<number>;
  organization_id: number;
  site_id: number;
  contractor_id: number;
  created_at: string;
  updated_at: string;
}

export interface SiteRosterTable {
  id: Generated<number>;
  organization_id: number;
  site_id: number;
  staff_id: number;
  site_role: string;
  /** JSON array of kinds of work (packages/shared/src/compliance/vocabulary.ts). */
  work_kinds: Generated<string>;
  starts_on: string;
  ends_on: string | null;
  created_at: string;
  updated_at: string;
}

interface EvidenceFile {
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
}

export interface StaffTrainingsTable extends EvidenceFile {
  id: Generated<number>;
  organization_id: number;
  staff_id: number;
  course_kind: string;
  course_name: string;
  subject: string | null;
  hours: number | null;
  completed_on: string;
  provider: string | null;
  card_number_enc: string | null;
  card_number_masked: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffHealthChecksTable extends EvidenceFile {
  id: Generated<number>;
  organization_id: number;
  staff_id: number;
  check_kind: string;
  checked_on: string;
  provider: string | null;
  result_grade_enc: string | null;
  notes_enc: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffInsurancesTable extends EvidenceFile {
  id: Generated<number>;
  organization_id: number;
  staff_id: number;
  scheme: string;
  enrolled_on: string;
  ended_on: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffMigrantDocumentsTable extends EvidenceFile {
  id: Generated<number>;
  organization_id: number;
  staff_id: number;
  document: string;
  number_enc: string | null;
  number_masked: string | null;
  starts_on: string | null;
  ends_on: string | null;
  created_at: string;
  updated_at: string;
}

export interface ComplianceRulesTable {
  id: Generated<number>;
  organization_id: number;
  rule_key: string;
  source: 'pack' | 'custom';
  enabled: number;
  /** JSON: a pack rule's overrides, or a custom rule's whole definition. */
  definition: Generated<string>;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface ComplianceDueItemsTable {
  id: Generated<number>;
  organization_id: number;
  site_id: number;
  roster_id: number;
  staff_id: number;
  contractor_id: number | null;
  rule_key: string;
  rule_version: number;
  state: 'dated' | 'satisfied' | 'failed' | 'missing' | 'cannot_tell';
  due_on: string | null;
  window_opens_on: string | null;
  reason_key: string;
  /** JSON object of the reason's parameters. */
  reason_params: Generated<string>;
  computed_at: string;
}

/** Migration 0107: raised with every change the organization's compliance dashboards show. */
export interface ComplianceGenerationsTable {
  organization_id: number;
  generation: number;
}

/** Migration 0108 (issue 39): a worker's pass for a site; a reissue revokes the old row. */
export interface SitePassesTable {
  id: Generated<number>;
  organization_id: number;
  site_id: number;
  staff_id: number;
  code: string;
  serial: Generated<number>;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: 'lost' | 'revoked' | 'reissued' | 'left_site' | null;
  replaced_by_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Migration 0108: one scan at a site's gate (the 進場管制 record); also an audit entry. */
export interface SiteEntriesTable {
  id: Generated<number>;
  organization_id: number;
  site_id: number;
  staff_id: number | null;
  pass_id: number | null;
  direction: Generated<'in' | 'out'>;
  verdict: 'admit' | 'refuse';
  admitted: number;
  /** JSON array of GateReason. */
  reasons: Generated<string>;
  scanned_at: string;
  day: string;
  received_at: string;
  admin_id: number | null;
  device_id: string | null;
  client_entry_id: string;
  offline: Generated<number>;
  snapshot_at: string | null;
  override_admin_id: number | null;
  override_reason: string | null;
  override_at: string | null;
}

export interface SiteTables {
  contractors: ContractorsTable;
  sites: SitesTable;
  site_contractors: SiteContractorsTable;
  site_roster: SiteRosterTable;
  staff_trainings: StaffTrainingsTable;
  staff_health_checks: StaffHealthChecksTable;
  staff_insurances: StaffInsurancesTable;
  staff_migrant_documents: StaffMigrantDocumentsTable;
  compliance_rules: ComplianceRulesTable;
  compliance_due_items: ComplianceDueItemsTable;
  compliance_generations: ComplianceGenerationsTable;
  site_passes: SitePassesTable;
  site_entries: SiteEntriesTable;
}
