/** One row of the field-by-field diff of an audit entry. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Before/after as rows: nested objects flattened to dotted paths (memberships.0.name), arrays of
 * scalars kept whole, changed fields first in their original order.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const flat = (v: unknown, prefix = '', out: Record<string, unknown> = {}) => {
    if (isObject(v)) {
      const entries = Object.entries(v);
      if (!entries.length && prefix) out[prefix] = {};
      for (const [k, x] of entries) flat(x, prefix ? `${prefix}.${k}` : k, out);
    } else if (Array.isArray(v) && v.some((x) => isObject(x) || Array.isArray(x))) {
      for (const [i, x] of v.entries()) flat(x, `${prefix}.${i}`, out);
      if (!v.length) out[prefix] = [];
    } else if (prefix) out[prefix] = v;
    else if (v !== null && v !== undefined) out.value = v;
    return out;
  };
  const b = flat(before);
  const a = flat(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = fields.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: JSON.stringify(b[field]) !== JSON.stringify(a[field]),
  }));
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}

export const show = (v: unknown): string => (v === undefined ? '' : v === null ? 'null' : typeof v === 'string' ? v : JSON.stringify(v));
