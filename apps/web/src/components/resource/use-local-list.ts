import { useCallback, useMemo, useState } from 'react';
import type { ListParams, UseListParams } from './use-list-params.ts';

/**
 * List state held by the component, not the URL: the site form's tabs (roster, passes, entry log) each
 * have a list, and one URL cannot hold three lists' sort and filters (the roster would be sent the passes'
 * sort). Same shape as useListParams, so ResourceTable and ListFilters take it.
 */
export function useLocalList<F extends string = never>(defaults: {
  sort: string;
  order?: 'asc' | 'desc';
  per_page?: number;
  filters?: Partial<Record<F, string>>;
}): UseListParams<F> {
  const initial = (): ListParams<F> => ({
    page: 1,
    per_page: defaults.per_page ?? 20,
    sort: defaults.sort,
    order: defaults.order ?? 'desc',
    keyword: '',
    filters: { ...(defaults.filters ?? {}) },
  });
  const [params, setParams] = useState<ListParams<F>>(initial);
  const set = useCallback<UseListParams<F>['set']>((patch) => {
    setParams((prev) => {
      const filters = { ...prev.filters };
      for (const [k, v] of Object.entries(patch.filters ?? {}) as [F, string | null | undefined][]) {
        if (v === null || v === '' || v === undefined) delete filters[k];
        else filters[k] = v;
      }
      const onlyPage = Object.keys(patch).every((k) => k === 'page');
      return {
        page: patch.page ?? (onlyPage ? prev.page : 1),
        per_page: patch.per_page ?? prev.per_page,
        sort: patch.sort ?? prev.sort,
        order: patch.order ?? prev.order,
        keyword: patch.keyword ?? prev.keyword,
        filters,
      };
    });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults are read once, as useState's initial value is
  const reset = useCallback(() => setParams(initial()), []);
  const query = useMemo(() => {
    const q: Record<string, string | number> = { page: params.page, per_page: params.per_page, sort: params.sort, order: params.order };
    if (params.keyword) q.keyword = params.keyword;
    for (const [k, v] of Object.entries(params.filters)) if (v) q[k] = v as string;
    return q;
  }, [params]);
  const base = defaults.filters ?? {};
  const filtered =
    !!params.keyword || Object.entries(params.filters).some(([k, v]) => !!v && v !== (base as Record<string, string | undefined>)[k]);
  return { params, query, set, reset, filtered };
}
