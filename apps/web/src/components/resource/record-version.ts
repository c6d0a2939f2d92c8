import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';

/** Issue 36 (docs/api.md "Versions"): every record is read with the version every write of it sends back. */
export const EDITED_ELSEWHERE = 'validate.error.edited_elsewhere';
export const VERSION_REQUIRED = 'validate.error.version_required';

export interface ChangedBy {
  id: number;
  name: string;
}

/** One stale record of a refused write (409): its current version and view, who changed it, when, which fields. */
export interface VersionConflict<R = unknown> {
  id: number | string;
  version: number;
  changed_by: ChangedBy | null;
  changed_at: string | null;
  fields: string[];
  current: R;
}

/** `GET /api/admin/record-versions/:target_type/:target_key`. */
export interface RecordVersionAnswer {
  version: number;
  changed_by: ChangedBy | null;
  changed_at: string | null;
}

/** The audit target of a record (packages/shared/src/audit-actions.ts): what its version counts. */
export interface VersionTarget {
  type: string;
  id: number | string;
}

export const versionOf = (x: unknown): number | undefined => {
  const v = (x as { version?: unknown } | null | undefined)?.version;
  return typeof v === 'number' ? v : undefined;
};

/** The conflicts of a 409 "edited elsewhere" (one record's, or a batch's), or null for any other failure. */
export function conflictsOf<R = unknown>(e: unknown): VersionConflict<R>[] | null {
  if (!(e instanceof ApiError) || e.status !== 409 || e.message !== EDITED_ELSEWHERE) return null;
  const b = e.body as { conflict?: VersionConflict<R>; conflicts?: VersionConflict<R>[] } | undefined;
  return b?.conflict ? [b.conflict] : (b?.conflicts ?? []);
}

export const isVersionRequired = (e: unknown): boolean => e instanceof ApiError && e.status === 428;

/**
 * The version each of `ids` was shown at in the resource's cached lists (the newest answer holding
 * the row), else its cached single read: what a row action or a batch sends as `versions`.
 */
export function cachedVersions(qc: QueryClient, base: string, ids: readonly number[]): Record<string, number> {
  const found = new Map<number, { version: number; at: number }>();
  for (const q of qc.getQueryCache().findAll({ queryKey: [base] })) {
    const data = q.state.data as { data?: unknown } | undefined;
    const rows = Array.isArray(data?.data) ? (data.data as unknown[]) : data ? [data] : [];
    for (const row of rows) {
      const id = (row as { id?: unknown } | null)?.id;
      const version = versionOf(row);
      if (typeof id !== 'number' || version === undefined || !ids.includes(id)) continue;
      const seen = found.get(id);
      if (!seen || q.state.dataUpdatedAt > seen.at) found.set(id, { version, at: q.state.dataUpdatedAt });
    }
  }
  return Object.fromEntries([...found].map(([id, v]) => [String(id), v.version]));
}
