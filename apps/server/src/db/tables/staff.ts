import type { Generated } from 'kysely';

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
  national_id: string | null;
  birthday: string | null;
  gender: string | null;
  mobile: string | null;
  email: string | null;
  address: string | null;
  emergency_contact: string | null;
  emergency_phone: string | null;
  blood_type: string | null;
  job_title: string | null;
  hire_date: string | null;
  notes: string | null;
  status: string;
  photo_key: string | null;
  photo_id: number | null;
  /** Migration 0099: the Taipei day the status became `left`; null while not left. */
  left_on: Generated<string | null>;
  /** Migration 0099: when retention anonymised the record. */
  anonymised_at: Generated<string | null>;
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

export interface StaffTables {
  certificate_types: CertificateTypesTable;
  staff: StaffTable;
  staff_certificates: StaffCertificatesTable;
  staff_excels: StaffExcelsTable;
}
