import type { Selectable } from 'kysely';
import type { CertificateType } from '@bo/shared/schemas/staff';
import type { ReadDb } from '../../db/database.ts';
import type { CertificateTypesTable } from '../../db/tables/staff.ts';
import { conflict } from '../../lib/errors.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { whereInScope, type Scope } from '../../lib/context/scope.ts';
import { rowExists } from '../../db/row-exists.ts';

type Row = Selectable<CertificateTypesTable>;

/** An organization's certificate types; they go with the organization, after the staff certificates naming them. */
export const certificateTypes = scopedTable<CertificateType, Row>({
  table: 'certificate_types',
  alias: 't',
  toView: (rows) => rows,
  sortColumns: { id: 't.id', sort: 't.sort', name: 't.name' },
  // The list of types is a setting of the organization, not data the delete confirmation names.
  dependent: { name: 'certificate_types', counted: false },
});

/** Every type of the scope, in the order the organization set. */
export const listCertificateTypes = (db: ReadDb, scope: Scope): Promise<CertificateType[]> =>
  certificateTypes.query(db, scope).orderBy('t.sort').orderBy('t.id').execute() as Promise<Row[]>;

export async function assertCertificateTypeNameFree(db: ReadDb, scope: Scope, name: string, exceptId?: number) {
  let q = whereInScope(db.selectFrom('certificate_types').select('id').where('name', '=', name), 'organization_id', scope);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict({ name: ['validate.error.already_exists'] });
}

/** The ids among `ids` that are types of the scope. */
export async function knownCertificateTypeIds(db: ReadDb, scope: Scope, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await certificateTypes.find(db, scope, ids);
  return new Set(rows.map((r) => r.id));
}

/** A type some staff certificate has, or a spreadsheet template of the scope maps, cannot go. */
export async function certificateTypeInUse(db: ReadDb, scope: Scope, id: number): Promise<boolean> {
  if (await rowExists(db, 'staff_certificates', { certificate_type_id: id })) return true;
  const templates = await whereInScope(db.selectFrom('staff_excels').select('cells'), 'organization_id', scope).execute();
  return templates.some((t) =>
    (JSON.parse(t.cells) as { type: string; certificate_type_id?: number }[]).some(
      (c) => c.type === 'certificate' && c.certificate_type_id === id,
    ),
  );
}
