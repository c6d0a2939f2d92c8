import { PERSONAL_DATA_RECORDED } from '@bo/shared/personal-data';
import { encryptedFields, type PersonalField, type PersonalTable } from './categories.ts';
import type { KeyRing } from './vault.ts';

type Values = Record<string, unknown>;
type Columns = Record<string, string | null>;

const given = (table: PersonalTable, values: Values): PersonalField[] => encryptedFields(table).filter((f) => f.field in values);
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * The blind-index and mask columns of the encrypted fields among `values`: written with the row
 * itself (before it has an id), so the unique index refuses a taken national id at once.
 */
export function indexColumns(ring: KeyRing, table: PersonalTable, values: Values): Columns {
  const out: Columns = {};
  for (const f of given(table, values)) {
    const v = text(values[f.field]);
    if (f.columns.blindIndex) {
      const bidx = v === null ? null : ring.blindIndex(table, f.field, v);
      if (v !== null && bidx === null) throw new Error('no index key: index through writableKeyRing');
      out[f.columns.blindIndex] = bidx;
    }
    if (f.columns.mask) out[f.columns.mask] = v === null ? null : f.declaration.mask!(v);
  }
  return out;
}

/** Every column the encrypted fields among `values` are stored in, for row `rowId`: sealed, blind index, mask. */
export function sealedColumns(ring: KeyRing, table: PersonalTable, rowId: number, values: Values): Columns {
  const out = indexColumns(ring, table, values);
  for (const f of given(table, values)) {
    const v = text(values[f.field]);
    out[f.columns.sealed!] = v === null ? null : ring.seal(table, f.field, rowId, v);
  }
  return out;
}

/** A stored row's encrypted fields as they leave: the stored mask, or 「已記錄」 for a value without one. */
export function maskedValues(table: PersonalTable, row: Values): Columns {
  const out: Columns = {};
  for (const f of encryptedFields(table)) {
    const sealed = row[f.columns.sealed!];
    out[f.field] = !sealed ? null : f.columns.mask ? text(row[f.columns.mask]) : PERSONAL_DATA_RECORDED;
  }
  return out;
}

/** A stored row's encrypted fields opened: for comparisons inside a write and for a reveal, never for a view. */
export function openedValues(ring: KeyRing, table: PersonalTable, row: Values & { id: number }): Columns {
  const out: Columns = {};
  for (const f of encryptedFields(table)) {
    const sealed = text(row[f.columns.sealed!]);
    out[f.field] = sealed === null ? null : ring.open(table, f.field, row.id, sealed);
  }
  return out;
}

/** The stored columns of a table's encrypted fields, and the legacy plain ones: what a view or an export must not carry. */
export function storageColumnsOf(table: PersonalTable): string[] {
  return encryptedFields(table).flatMap((f) => [f.columns.sealed, f.columns.blindIndex, f.columns.mask].filter((c): c is string => !!c));
}

/** A row without its stored personal columns, with the masked values in their place. */
export function withoutStoredPersonal<R extends Values>(table: PersonalTable, row: R): R {
  const out: Values = { ...row };
  for (const c of storageColumnsOf(table)) delete out[c];
  return { ...out, ...maskedValues(table, row) } as R;
}

/**
 * Values written to the audit trail (its chain hashes what it stores): encrypted fields masked,
 * with the blind index beside an indexed one, so an entry can be found by the exact value.
 */
export function auditValues(ring: KeyRing, table: PersonalTable, values: Values): Values {
  const out: Values = { ...values };
  for (const f of given(table, values)) {
    const v = text(values[f.field]);
    out[f.field] = v === null ? null : f.declaration.mask ? f.declaration.mask(v) : PERSONAL_DATA_RECORDED;
    if (f.columns.blindIndex) out[f.columns.blindIndex] = v === null ? null : ring.blindIndex(table, f.field, v);
  }
  return out;
}
