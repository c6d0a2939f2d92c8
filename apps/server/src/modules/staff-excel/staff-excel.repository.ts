import type { Selectable } from 'kysely';
import type { CellMapping, StaffExcel } from '@bo/shared/schemas/staff-excel';
import type { ReadDb } from '../../db/database.ts';
import type { StaffExcelsTable } from '../../db/tables/staff.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import type { ListParams } from '../../lib/list.ts';
import type { Scope } from '../../lib/context/scope.ts';

export type StaffExcelRow = Selectable<StaffExcelsTable>;

export function toStaffExcel(row: StaffExcelRow): StaffExcel {
  const { file_key: _key, ...rest } = row;
  return { ...rest, layout: row.layout as StaffExcel['layout'], cells: JSON.parse(row.cells) as CellMapping[] };
}

const options = {
  table: 'staff_excels',
  alias: 'e',
  select: (db: ReadDb) => db.selectFrom('staff_excels as e').selectAll('e'),
  sortColumns: { id: 'e.id', name: 'e.name', created_at: 'e.created_at', updated_at: 'e.updated_at' },
  keywordColumns: ['e.name'],
} as const;

/** Spreadsheet templates of an organization, as the API shows them; they go with it, their files after the delete. */
export const staffExcels = scopedTable<StaffExcel, StaffExcelRow>({
  ...options,
  toView: (rows) => rows.map(toStaffExcel),
  dependent: { name: 'staff_excels', storedKeyColumns: ['file_key'] },
});

/** One page of the scope's templates, by name keyword and layout. */
export const listStaffExcels = (db: ReadDb, scope: Scope, q: ListParams & { keyword?: string; layout?: string }) =>
  staffExcels.list(db, scope, q, q.layout ? (qb) => qb.where('e.layout', '=', q.layout) : undefined);

/** The same templates as stored (with the template file's storage key). */
export const staffExcelRows = scopedTable<StaffExcelRow, StaffExcelRow>({ ...options, toView: (rows) => rows });

/** What an export's context cells show of the organization. */
export const organizationHeading = (db: ReadDb, organizationId: number) =>
  db.selectFrom('organizations').select(['name', 'company_id']).where('id', '=', organizationId).executeTakeFirstOrThrow();
