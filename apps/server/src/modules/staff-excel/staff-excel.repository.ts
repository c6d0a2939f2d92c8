import type { CellMapping, StaffExcel } from '@bo/shared/schemas/staff-excel';
import type { DbOrTrx } from '../../db/database.ts';
import { likePattern, paginate, type ListParams } from '../../lib/list.ts';
import { notFound } from '../../lib/errors.ts';
import { sql, type Selectable } from 'kysely';
import type { StaffExcelsTable } from '../staff/staff.tables.ts';

export type StaffExcelRow = Selectable<StaffExcelsTable>;

export function toStaffExcel(row: StaffExcelRow): StaffExcel {
  const { file_key, ...rest } = row;
  void file_key;
  return { ...rest, layout: row.layout as StaffExcel['layout'], cells: JSON.parse(row.cells) as CellMapping[] };
}

export async function listStaffExcels(db: DbOrTrx, organizationId: number, q: ListParams & { keyword?: string; layout?: string }) {
  let qb = db.selectFrom('staff_excels').selectAll().where('organization_id', '=', organizationId);
  if (q.keyword) qb = qb.where(sql<boolean>`name like ${likePattern(q.keyword)} escape '\\'`);
  if (q.layout) qb = qb.where('layout', '=', q.layout);
  const page = await paginate(qb, q);
  return { data: page.data.map(toStaffExcel), meta: page.meta };
}

export async function findStaffExcel(db: DbOrTrx, organizationId: number, id: number): Promise<StaffExcelRow> {
  const row = await db.selectFrom('staff_excels').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
