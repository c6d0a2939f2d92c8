import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The list answer of every `GET …/index` (ARCHITECTURE "Lists"). */
export interface ListResult<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export interface ResourceApiOptions {
  /** Calls carry organization_id of the active organization (organization-scoped resources). */
  organization?: boolean;
}

/**
 * Query options and mutation hooks for one resource following spec section 7's shape:
 * `GET index`, `GET/PUT/PATCH/DELETE :id`, `POST`, `PATCH batch`, `DELETE batch`.
 * Every mutation invalidates the resource's queries, so lists and forms refresh themselves.
 * `One` is what `GET :id` answers when it carries more than a list row (e.g. staff with certificates).
 *
 *   export const adminApi = createResourceApi<Admin, AdminInput>('/api/admin/admin');
 *   const list = useQuery(adminApi.list(listParams.query));
 *   const remove = adminApi.useRemove();
 */
export function createResourceApi<T extends { id: number }, Input = Partial<T>, Created = T, One = T>(
  base: string,
  opts: ResourceApiOptions = {},
) {
  const o = { organization: opts.organization };
  const keys = {
    all: [base] as const,
    list: (q: Record<string, unknown>) => [base, 'list', q] as const,
    one: (id: number | string) => [base, 'one', Number(id)] as const,
  };
  const mutation =
    <V, R>(fn: (v: V) => Promise<R>) =>
    () =>
      useInvalidatingMutation(keys.all, fn);
  return {
    base,
    keys,
    list: (q: Record<string, unknown>) =>
      queryOptions({
        queryKey: keys.list(q),
        queryFn: ({ signal }) => api.get<ListResult<T>>(`${base}/index`, q, { ...o, signal }),
        placeholderData: keepPreviousData,
      }),
    one: (id: number | string | undefined) =>
      queryOptions({
        queryKey: keys.one(id ?? 0),
        queryFn: ({ signal }) => api.get<One>(`${base}/${id}`, null, { ...o, signal }),
        enabled: id !== undefined && id !== '' && Number(id) > 0,
      }),
    useCreate: mutation((body: Input) => api.post<Created>(base, body, o)),
    useUpdate: mutation(({ id, body }: { id: number; body: Input }) => api.put<T>(`${base}/${id}`, body, o)),
    usePatch: mutation(({ id, field, value }: { id: number; field: string; value: unknown }) =>
      api.patch<T>(`${base}/${id}`, { field, value }, o),
    ),
    useBatchPatch: mutation(({ ids, field, value }: { ids: number[]; field: string; value: unknown }) =>
      api.patch<{ data: T[] }>(`${base}/batch`, { ids, field, value }, o),
    ),
    useRemove: mutation(({ id, query }: { id: number; query?: string }) =>
      api.delete<{ message: string }>(`${base}/${id}${query ?? ''}`, undefined, o),
    ),
    useBatchRemove: mutation((body: { ids: number[] } & Record<string, unknown>) =>
      api.delete<{ message: string }>(`${base}/batch`, body, o),
    ),
    useInvalidate: () => useInvalidate(keys.all),
  };
}

function useInvalidate(queryKey: readonly unknown[]) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey });
}

function useInvalidatingMutation<V, R>(queryKey: readonly unknown[], fn: (v: V) => Promise<R>) {
  const invalidate = useInvalidate(queryKey);
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate() });
}
