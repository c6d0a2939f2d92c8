import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0020 (dates YYYY-MM-DD text, times ISO-8601 text, cells JSON text). */
export interface CertificateTypesTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface StaffTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  nickname: string | null;
  /** Plain, before migration 0100: only the start-up backfill reads it and clears it (lib/personal-data/backfill.ts). */
  national_id: ColumnType<string | null, never, null>;
  /** Personal data (lib/personal-data/): AES-256-GCM sealed, the blind index and the mask lists show. */
  national_id_enc: string | null;
  national_id_bidx: string | null;
  national_id_masked: string | null;
  birthday: string | null;
  gender: string | null;
  mobile: string | null;
  email: string | null;
  address: string | null;
  emergency_contact: string | null;
  emergency_phone: string | null;
  /** Plain, before migration 0100: as `national_id`. */
  blood_type: ColumnType<string | null, never, null>;
  blood_type_enc: string | null;
  job_title: string | null;
  hire_date: string | null;
  notes: string | null;
  status: string;
  photo_key: string | null;
  photo_id: number | null;
  /** Migration 0103: the Taipei day the status became `left`; null while not left. */
  left_on: Generated<string | null>;
  /** Migration 0103: when retention anonymised the record. */
  anonymised_at: Generated<string | null>;
  /** Migration 0104: the subcontractor (協力廠商) whose worker this is; null for the organization's own staff. */
  contractor_id: Generated<number | null>;
  /** Migration 0104: ISO 3166-1 alpha-2; anything but TW is a migrant worker for the rule pack. */
  nationality: Generated<string>;
  /** Migration 0104: a migrant worker's date of entry (入境日). */
  entered_taiwan_on: Generated<string | null>;
  /** Migration 0104: the day a 專任工程人員's departure was reported to the authority. */
  departure_reported_on: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface StaffCertificatesTable {
  id: Generated<number>;
  organization_id: number;
  staff_id: number;
  certificate_type_id: number;
  number: string | null;
  issued_at: string | null;
  expires_at: string | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  created_at: string;
  updated_at: string;
}

export interface StaffExcelsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  layout: string;
  start_row: number;
  cells: string;
  file_key: string;
  file_name: string;
  file_size: number;
  sheet_name: string;
  created_at: string;
  updated_at: string;
}

/** Migration 0100: data keys wrapped by the key-encryption key (lib/personal-data/keys.repository.ts). */
export interface PersonalDataKeysTable {
  id: Generated<number>;
  purpose: 'data' | 'index';
  wrapped: string;
  created_at: string;
  retired_at: string | null;
}

export interface StaffTables {
  personal_data_keys: PersonalDataKeysTable;
  certificate_types: CertificateTypesTable;
  staff: StaffTable;
  staff_certificates: StaffCertificatesTable;
  staff_excels: StaffExcelsTable;
}
