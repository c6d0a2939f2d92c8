import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { cachedVersions, conflictsOf } from './record-version.ts';

/** The list answer of every `GET …/index` (ARCHITECTURE "Lists"). */
export interface ListResult<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export interface ResourceApiOptions {
  /** Calls carry organization_id of the active organization (organization-scoped resources). */
  organization?: boolean;
  /** The audit target type whose version the records carry (default: the path's last segment, `admin-group` → `admin_group`). */
  target?: string;
}

/** The version a write of one record sends: the one it was loaded at, else the one its row was shown at. */
type Versioned = { version?: number | '*' };

/**
 * Query options and mutation hooks for one resource following spec section 7's shape:
 * `GET index`, `GET/PUT/PATCH/DELETE :id`, `POST`, `PATCH batch`, `DELETE batch`.
 * Every mutation invalidates the resource's queries, so lists and forms refresh themselves (also
 * after a refusal for a stale version, so the next try has the current ones). Every write carries
 * the version its record was read at (issue 36): `If-Match` from the caller's `version` or the row
 * as the cached list shows it; batches send `versions` of their rows.
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
  const target = opts.target ?? base.split('/').pop()!.replaceAll('-', '_');
  const keys = {
    all: [base] as const,
    list: (q: Record<string, unknown>) => [base, 'list', q] as const,
    one: (id: number | string) => [base, 'one', Number(id)] as const,
  };
  const mutation =
    <V, R>(fn: (v: V, qc: QueryClient) => Promise<R>) =>
    () =>
      useInvalidatingMutation(keys.all, fn);
  const one = (qc: QueryClient, id: number, version: Versioned['version']) => ({
    ...o,
    version: version ?? cachedVersions(qc, base, [id])[String(id)],
  });
  const many = (qc: QueryClient, ids: number[], versions: unknown) => versions ?? cachedVersions(qc, base, ids);
  return {
    base,
    keys,
    /** The audit target of a record: what its version counts (`GET /api/admin/record-versions/…`). */
    versionTarget: (id: number | string) => ({ type: target, id }),
    list: (q: Record<string, unknown>) =>
      queryOptions({
        queryKey: keys.list(q),
        queryFn: ({ signal }) => api.get<ListResult<T>>(`${base}/index`, q, { ...o, signal }),
        placeholderData: keepPreviousData,
        refetchOnWindowFocus: true,
      }),
    one: (id: number | string | undefined) =>
      queryOptions({
        queryKey: keys.one(id ?? 0),
        queryFn: ({ signal }) => api.get<One>(`${base}/${id}`, null, { ...o, signal }),
        enabled: id !== undefined && id !== '' && Number(id) > 0,
      }),
    useCreate: mutation((body: Input) => api.post<Created>(base, body, o)),
    useUpdate: mutation(({ id, body, version }: { id: number; body: Input } & Versioned, qc) =>
      api.put<T>(`${base}/${id}`, body, one(qc, id, version)),
    ),
    usePatch: mutation(({ id, field, value, version }: { id: number; field: string; value: unknown } & Versioned, qc) =>
      api.patch<T>(`${base}/${id}`, { field, value }, one(qc, id, version)),
    ),
    useBatchPatch: mutation(
      ({ ids, field, value, versions }: { ids: number[]; field: string; value: unknown; versions?: BatchVersions }, qc) =>
        api.patch<{ data: T[] }>(`${base}/batch`, { ids, field, value, versions: many(qc, ids, versions) }, o),
    ),
    useRemove: mutation(({ id, query, version }: { id: number; query?: string } & Versioned, qc) =>
      api.delete<{ message: string }>(`${base}/${id}${query ?? ''}`, undefined, one(qc, id, version)),
    ),
    useBatchRemove: mutation((body: { ids: number[]; versions?: BatchVersions } & Record<string, unknown>, qc) =>
      api.delete<{ message: string }>(`${base}/batch`, { ...body, versions: many(qc, body.ids, body.versions) }, o),
    ),
    useInvalidate: () => useInvalidate(keys.all),
  };
}

function useInvalidate(queryKey: readonly unknown[]) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey });
}

/** `versions` of a batch body: the version of each id, or `'*'` (overwrite on purpose). */
export type BatchVersions = Record<string, number> | '*';

function useInvalidatingMutation<V, R>(queryKey: readonly unknown[], fn: (v: V, qc: QueryClient) => Promise<R>) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn: (v: V) => fn(v, qc),
    onSuccess: () => invalidate(),
    onError: (e) => {
      if (conflictsOf(e)) void invalidate();
    },
  });
}
