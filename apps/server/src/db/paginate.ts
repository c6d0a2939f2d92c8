import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListParams, ListResult } from '../lib/list.ts';

/**
 * Runs a filtered query as one page of the list convention. `sortColumns` maps the allow-listed
 * sort names to columns; `idColumn` breaks ties so pages never overlap.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  opts: { sortColumns?: Record<string, string>; idColumn?: string } = {},
): Promise<ListResult<O>> {
  const idColumn = opts.idColumn ?? 'id';
  const sortColumn = opts.sortColumns?.[params.sort] ?? params.sort;
  const [countRow, data] = await Promise.all([
    (qb.clearSelect().clearOrderBy() as any).select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    (qb as any)
      .orderBy(sortColumn, params.order)
      .$if(sortColumn !== idColumn, (q: any) => q.orderBy(idColumn, params.order))
      .limit(params.per_page)
      .offset((params.page - 1) * params.per_page)
      .execute(),
  ]);
  const total = Number(countRow?.total ?? 0);
  return {
    data,
    meta: { page: params.page, per_page: params.per_page, total, last_page: Math.max(1, Math.ceil(total / params.per_page)) },
  };
}
