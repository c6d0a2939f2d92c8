import { ERASURE_ROSTER_FIELDS, type PersonalDataCategory } from '@bo/shared/schemas/personal-data';
import { ROLES } from '@bo/shared/permissions';
import type { StaffTable } from '../../db/tables/staff.ts';
import { personalFields as declaredFields } from '../../lib/personal-data/categories.ts';

type StaffColumn = keyof StaffTable & string;

export interface StaffPersonalField {
  field: string;
  category: PersonalDataCategory;
  encrypted: boolean;
  /** Where its value is stored: the sealed, blind-index and mask columns of an encrypted field, else the field's own. */
  columns: StaffColumn[];
  /** The column that says whether a value is stored. */
  holds: StaffColumn;
  /** Required by the worker roster (勞動基準法 §7, 勞工名卡) while employed and for its period after: not erasable on request before. */
  roster: boolean;
}

/** The roster's personal items (勞動基準法施行細則 §21: name, sex, birthday, national id, address, …). */
const ROSTER = new Set<string>(ERASURE_ROSTER_FIELDS);

/** The staff's declared personal fields (lib/personal-data/categories.ts) as retention, the copy and the inventory use them. */
export function staffPersonalFields(): StaffPersonalField[] {
  return declaredFields('staff').map((f) => {
    const columns = (
      f.encrypted ? [f.columns.sealed, f.columns.blindIndex, f.columns.mask].filter((c): c is string => !!c) : [f.field]
    ) as StaffColumn[];
    return { field: f.field, category: f.category, encrypted: f.encrypted, columns, holds: columns[0]!, roster: ROSTER.has(f.field) };
  });
}

/**
 * What else of a staff identifies the person, undeclared as a category: emptied when the record is
 * anonymised and (apart from the roster's) when the person asks for erasure.
 */
export const IDENTIFYING_FIELDS: readonly { field: StaffColumn; roster: boolean }[] = [
  { field: 'nickname', roster: false },
  { field: 'email', roster: false },
  { field: 'birthday', roster: true },
  { field: 'gender', roster: true },
  { field: 'notes', roster: false },
];

/**
 * Who sees each category in full. Identifiers and health values: the reveal's roles (issue 37 item 4);
 * contact details are not masked, so whoever reads staff sees them.
 */
export const REVEAL_ROLES: Record<PersonalDataCategory, readonly string[]> = {
  identifier: ROLES.personalDataReveal,
  health: ROLES.personalDataReveal,
  contact: ROLES.staffRead,
};
