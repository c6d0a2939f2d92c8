import { maskNationalId } from '@bo/shared/schemas/staff';

/**
 * Personal data by category (個人資料保護法 §2, §6; docs/personal-data.md "Categories"): identifiers and
 * health values are encrypted at rest and masked wherever they leave; contact details are declared so
 * the inventory and retention know them, and stay readable.
 */
export type PersonalDataCategory = 'identifier' | 'health' | 'contact';

export interface PersonalFieldDeclaration {
  category: PersonalDataCategory;
  /** Exact search and uniqueness through a keyed blind index (`<field>_bidx`), of `normalize(value)`. */
  blindIndex?: boolean;
  /** A mask stored beside the ciphertext (`<field>_masked`), so lists never decrypt; without one the view shows 「已記錄」. */
  mask?: (plain: string) => string;
}

/** Any other identifier (a 職安卡, permit, residence permit or passport number): its ends shown, at least half hidden. */
export function maskIdentifier(v: string): string {
  const s = v.trim();
  if (s.length <= 4) return '*'.repeat(s.length);
  const shown = Math.min(3, Math.floor(s.length / 4));
  return `${s.slice(0, shown)}${'*'.repeat(s.length - 2 * shown)}${s.slice(-shown)}`;
}

/** Every personal field, once, by table. A new field is protected by saying what it is here. */
export const PERSONAL_DATA = {
  staff: {
    national_id: { category: 'identifier', blindIndex: true, mask: (v) => maskNationalId(v) ?? '' },
    blood_type: { category: 'health' },
    mobile: { category: 'contact' },
    address: { category: 'contact' },
    emergency_contact: { category: 'contact' },
    emergency_phone: { category: 'contact' },
  },
  // Issue 38: evidence a worker holds, sealed from its first row.
  staff_trainings: {
    card_number: { category: 'identifier', mask: (v) => maskIdentifier(v) },
  },
  staff_health_checks: {
    result_grade: { category: 'health' },
    notes: { category: 'health' },
  },
  staff_migrant_documents: {
    number: { category: 'identifier', mask: (v) => maskIdentifier(v) },
  },
  // Issue 38: a subcontractor's contact person (the reminders mail the e-mail).
  contractors: {
    contact_name: { category: 'contact' },
    contact_phone: { category: 'contact' },
    contact_email: { category: 'contact' },
  },
} as const satisfies Record<string, Record<string, PersonalFieldDeclaration>>;

export type PersonalTable = keyof typeof PERSONAL_DATA;

/** The column naming whose data a row holds: the staff row itself, or the staff member an evidence row belongs to. */
export const PERSON_COLUMN: Record<PersonalTable, string | null> = {
  staff: 'id',
  staff_trainings: 'staff_id',
  staff_health_checks: 'staff_id',
  staff_migrant_documents: 'staff_id',
  // Not a staff member's: each row holding a field is a person of its own (the contact).
  contractors: null,
};

export interface PersonalField {
  table: PersonalTable;
  field: string;
  category: PersonalDataCategory;
  /** Identifier and health values: stored only as `columns.sealed`. */
  encrypted: boolean;
  columns: { sealed: string | null; blindIndex: string | null; mask: string | null };
  declaration: PersonalFieldDeclaration;
}

const ENCRYPTED: ReadonlySet<PersonalDataCategory> = new Set(['identifier', 'health']);

/** Every declared personal field (the inventory, retention and reveal read these). */
export function personalFields(table?: PersonalTable): PersonalField[] {
  const tables = table ? [table] : (Object.keys(PERSONAL_DATA) as PersonalTable[]);
  return tables.flatMap((t) =>
    Object.entries(PERSONAL_DATA[t] as Record<string, PersonalFieldDeclaration>).map(([field, declaration]) => {
      const encrypted = ENCRYPTED.has(declaration.category);
      return {
        table: t,
        field,
        category: declaration.category,
        encrypted,
        columns: {
          sealed: encrypted ? `${field}_enc` : null,
          blindIndex: encrypted && declaration.blindIndex ? `${field}_bidx` : null,
          mask: encrypted && declaration.mask ? `${field}_masked` : null,
        },
        declaration,
      };
    }),
  );
}

/** The fields of a table stored encrypted. */
export const encryptedFields = (table: PersonalTable): PersonalField[] => personalFields(table).filter((f) => f.encrypted);

export function personalField(table: PersonalTable, field: string): PersonalField {
  const f = personalFields(table).find((x) => x.field === field);
  if (!f) throw new Error(`${table}.${field} is not declared personal data`);
  return f;
}

/** What a blind index is made of: the value as typed, full-width folded, trimmed and upper-cased. */
export const normalizeForIndex = (v: string): string => v.normalize('NFKC').trim().toUpperCase();
