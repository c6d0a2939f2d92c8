import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { staffFieldRules, type staffInput } from '@bo/shared/schemas/staff';
import type { StaffTable } from '../../db/tables/staff.ts';

/** A staff's own fields as the form's rules name them; the photo has calls of its own. */
export type StaffField = Exclude<keyof typeof staffFieldRules, 'photo_id'>;

/** The staff field list, once: the shared form rules' keys (a column missing from the table is a type error below). */
export const STAFF_FIELDS = (Object.keys(staffFieldRules) as (keyof typeof staffFieldRules)[]).filter(
  (k): k is StaffField => k !== 'photo_id',
);

/** Those fields as the table stores them. */
export type StaffFieldValues = Pick<Selectable<StaffTable>, StaffField>;

export type StaffData = z.output<typeof staffInput>;

/** The staff fields of a form input or a row, absent ones as null. */
export function staffFieldValues(source: { [K in StaffField]?: StaffFieldValues[K] | undefined }): StaffFieldValues {
  const values = Object.fromEntries(STAFF_FIELDS.map((f) => [f, source[f] ?? null])) as StaffFieldValues;
  // The one field with a value when none is given (migration 0104's column default, the schema's default).
  return { ...values, nationality: source.nationality ?? 'TW' };
}

/** Staff fields stored encrypted (lib/personal-data/categories.ts): written through `staffColumns`, never as they are. */
export type SealedStaffField = 'national_id' | 'blood_type';
export type PlainStaffValues = Omit<StaffFieldValues, SealedStaffField>;

/** The fields stored as they are, without the encrypted ones. */
export function plainStaffValues<V extends Partial<StaffFieldValues>>(values: V): Omit<V, SealedStaffField> {
  const { national_id: _id, blood_type: _blood, ...plain } = values;
  return plain;
}
