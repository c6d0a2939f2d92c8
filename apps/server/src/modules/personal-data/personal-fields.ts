import type { PersonalDataCategory } from '@bo/shared/schemas/personal-data';
import type { StaffTable } from '../../db/tables/staff.ts';

export interface PersonalField {
  table: 'staff';
  column: keyof StaffTable & string;
  category: PersonalDataCategory;
  /** Stored encrypted at rest (issue 37 item 2, the pdcore branch). */
  encrypted: boolean;
  /** Required by the worker roster (勞動基準法 §7, 勞工名卡) while employed and for its period after: not erasable on request before. */
  roster: boolean;
}

/**
 * The personal fields retention, the person's copy and the inventory work on. One list, to be read
 * from the kit's category declaration once it exists (issue 37 item 1).
 */
export function personalFields(): readonly PersonalField[] {
  return PERSONAL_FIELDS;
}

const PERSONAL_FIELDS: readonly PersonalField[] = [
  { table: 'staff', column: 'national_id', category: 'identifier', encrypted: false, roster: true },
  { table: 'staff', column: 'blood_type', category: 'health', encrypted: false, roster: false },
  { table: 'staff', column: 'address', category: 'contact', encrypted: false, roster: true },
  { table: 'staff', column: 'mobile', category: 'contact', encrypted: false, roster: false },
  { table: 'staff', column: 'email', category: 'contact', encrypted: false, roster: false },
  { table: 'staff', column: 'emergency_contact', category: 'contact', encrypted: false, roster: false },
  { table: 'staff', column: 'emergency_phone', category: 'contact', encrypted: false, roster: false },
];

/**
 * What else of a staff identifies the person: cleared when the record is anonymised, and (apart
 * from the roster's fields) when the person asks for erasure.
 */
export const IDENTIFYING_FIELDS: readonly { column: keyof StaffTable & string; roster: boolean }[] = [
  { column: 'nickname', roster: false },
  { column: 'birthday', roster: true },
  { column: 'gender', roster: true },
  { column: 'notes', roster: false },
];

/** Who may reveal each category (the reveal of issue 37 item 4): the organization's admin and super admins. */
export const REVEAL_ROLES: Record<PersonalDataCategory, readonly string[]> = {
  identifier: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'],
  health: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'],
  contact: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN', 'ROLE_STAFF', 'SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_STAFF_WRITE'],
};
