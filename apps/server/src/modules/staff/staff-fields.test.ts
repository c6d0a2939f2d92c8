import { describe, expect, it } from 'vitest';
import { STAFF_IMPORT_FIELDS } from '@bo/shared/schemas/staff-import';
import { STAFF_FIELDS, staffFieldValues } from './staff-fields.ts';

describe('the staff field list', () => {
  it('is the form rules without the photo, and the import reads those fields but the company (chosen for the whole import) and the departure report', () => {
    expect(STAFF_FIELDS).not.toContain('photo_id');
    expect([...STAFF_FIELDS].sort()).toEqual([...STAFF_IMPORT_FIELDS, 'contractor_id', 'departure_reported_on'].sort());
  });

  it('takes only the staff fields of a row or an input, absent ones as null', () => {
    const values = staffFieldValues({ name: 'Wang', status: 'active', ...{ id: 7, photo_key: 'k', certificates: [] } } as never);
    expect(Object.keys(values).sort()).toEqual([...STAFF_FIELDS].sort());
    expect(values).toMatchObject({ name: 'Wang', status: 'active', nickname: null, national_id: null, notes: null });
  });
});
