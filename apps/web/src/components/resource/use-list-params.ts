import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List state kept in the URL (page, per_page, sort, order, keyword and the resource's filters),
 * so a copied link reproduces the view and Back/Forward step through it. Values in the URL that
 * equal the defaults are left out. Other query parameters (org, app_debug) are kept untouched.
 */
export interface ListParams<F extends string = string> {
  page: number;
  per_page: number;
  sort: string;
  order: 'asc' | 'desc';
  keyword: string;
  filters: Partial<Record<F, string>>;
}

export interface ListDefaults {
  per_page?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface UseListParams<F extends string> {
  params: ListParams<F>;
  /** The query to send to `GET …/index` (empty values left out). */
  query: Record<string, string | number>;
  /** Changes some values; any change but page itself goes back to page 1. */
  set(patch: Partial<Omit<ListParams<F>, 'filters'>> & { filters?: Partial<Record<F, string | null | undefined>> }): void;
  reset(): void;
  /** True when a keyword or filter narrows the list (for "no match" vs "nothing yet"). */
  filtered: boolean;
}

const PAGE_SIZES = [10, 20, 50, 100];
export const pageSizeOptions = PAGE_SIZES.map(String);

export function useListParams<F extends string = never>(filterNames: readonly F[] = [], defaults: ListDefaults = {}): UseListParams<F> {
  const [search, setSearch] = useSearchParams();
  const d = { per_page: defaults.per_page ?? 20, sort: defaults.sort ?? 'id', order: defaults.order ?? ('desc' as const) };
  const key = search.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` and `filterNames` are new objects on every render; keyed by their contents (the query string, the joined names) so the params keep their identity until the URL really changes
  const params = useMemo<ListParams<F>>(() => {
    const num = (name: string, fallback: number) => {
      const n = Number(search.get(name));
      return Number.isInteger(n) && n > 0 ? n : fallback;
    };
    const filters: Partial<Record<F, string>> = {};
    for (const f of filterNames) {
      const v = search.get(f);
      if (v) filters[f] = v;
    }
    const order = search.get('order');
    return {
      page: num('page', 1),
      per_page: PAGE_SIZES.includes(num('per_page', d.per_page)) ? num('per_page', d.per_page) : d.per_page,
      sort: search.get('sort') || d.sort,
      order: order === 'asc' || order === 'desc' ? order : d.order,
      keyword: search.get('keyword') ?? '',
      filters,
    };
  }, [key, filterNames.join(','), d.per_page, d.sort, d.order]);

  const set = useCallback<UseListParams<F>['set']>(
    (patch) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        const put = (name: string, value: string | number | null | undefined, fallback?: string | number) => {
          if (value === undefined) return;
          if (value === null || value === '' || String(value) === String(fallback)) next.delete(name);
          else next.set(name, String(value));
        };
        put('per_page', patch.per_page, d.per_page);
        put('sort', patch.sort, d.sort);
        put('order', patch.order, d.order);
        put('keyword', patch.keyword, '');
        for (const [k, v] of Object.entries(patch.filters ?? {})) put(k, (v as string | null | undefined) ?? null, '');
        const onlyPage = Object.keys(patch).every((k) => k === 'page');
        if (patch.page !== undefined) put('page', patch.page, 1);
        else if (!onlyPage) next.delete('page');
        return next;
      });
    },
    [setSearch, d.per_page, d.sort, d.order],
  );

  const reset = useCallback(() => {
    setSearch((prev) => {
      const next = new URLSearchParams();
      for (const k of ['org', 'app_debug']) {
        const v = prev.get(k);
        if (v !== null) next.set(k, v);
      }
      return next;
    });
  }, [setSearch]);

  const query = useMemo(() => {
    const q: Record<string, string | number> = { page: params.page, per_page: params.per_page, sort: params.sort, order: params.order };
    if (params.keyword) q.keyword = params.keyword;
    for (const [k, v] of Object.entries(params.filters)) if (v) q[k] = v as string;
    return q;
  }, [params]);

  const filtered = !!params.keyword || Object.values(params.filters).some(Boolean);
  return { params, query, set, reset, filtered };
}
