import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListParams, ListResult } from '../lib/list.ts';

/**
 * Runs a filtered query as one page of the list convention. `sortColumns` maps the allow-listed
 * sort names to columns; `idColumn` breaks ties so pages never overlap.
 *
 * `idsFirst` is for a query whose select list computes per row (correlated subqueries: a staff member's
 * certificate counts, a product's SKU totals). Sorted on a column no index serves, the database computes
 * that list for every matching row before the limit; with `idsFirst` it sorts and cuts the page's ids
 * alone, then computes the select list for those rows only (bench/README.md "A large company").
 */
export async function paginate<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  opts: { sortColumns?: Record<string, string>; idColumn?: string; idsFirst?: boolean } = {},
): Promise<ListResult<O>> {
  const idColumn = opts.idColumn ?? 'id';
  const sortColumn = opts.sortColumns?.[params.sort] ?? params.sort;
  const ordered = (q: any) =>
    q.orderBy(sortColumn, params.order).$if(sortColumn !== idColumn, (o: any) => o.orderBy(idColumn, params.order));
  const page = (q: any) =>
    ordered(q)
      .limit(params.per_page)
      .offset((params.page - 1) * params.per_page);
  const rows = async (): Promise<O[]> => {
    if (!opts.idsFirst) return page(qb).execute();
    const ids = (await page((qb.clearSelect() as any).select(sql.ref(idColumn).as('page_id'))).execute()) as { page_id: number }[];
    if (!ids.length) return [];
    return ordered(
      (qb as any).where(
        idColumn,
        'in',
        ids.map((r) => r.page_id),
      ),
    ).execute();
  };
  const [countRow, data] = await Promise.all([
    (qb.clearSelect().clearOrderBy() as any).select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    rows(),
  ]);
  const total = Number(countRow?.total ?? 0);
  return {
    data,
    meta: { page: params.page, per_page: params.per_page, total, last_page: Math.max(1, Math.ceil(total / params.per_page)) },
  };
}
