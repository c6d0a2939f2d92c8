import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { RevealResponse } from '@bo/shared/schemas/personal-data-reveal';
import type { EvidenceKind, EvidenceViews } from '@bo/shared/schemas/staff-evidence';
import { api } from '../../lib/api-client.ts';

/** The staff routes' key: evidence queries live under it, so a change refreshes the staff record (its version) too. */
const STAFF = '/api/admin/organization/staff';
const path = (staffId: number, kind: EvidenceKind) => `${STAFF}/${staffId}/${kind}`;

export type EvidenceRow<K extends EvidenceKind = EvidenceKind> = EvidenceViews[K];
/** A write's answer: the row and the staff record's version after it. */
export interface EvidenceWritten {
  data: EvidenceRow;
  version: number;
}
export interface EvidenceList<K extends EvidenceKind> {
  data: EvidenceRow<K>[];
  /** The staff record's version: every write sends it back. */
  version: number;
}

export const evidenceQuery = <K extends EvidenceKind>(staffId: number, kind: K) =>
  queryOptions({
    queryKey: [STAFF, staffId, 'evidence', kind],
    queryFn: ({ signal }) => api.get<EvidenceList<K>>(path(staffId, kind), null, { organization: true, signal }),
  });

/** Writes of one kind of evidence, each sent with the staff record's version; the staff and its evidence are read again after. */
export function useEvidenceWrites(staffId: number, kind: EvidenceKind) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: [STAFF] });
  const after = async <T>(p: Promise<T>) => {
    const v = await p;
    await refresh();
    return v;
  };
  return {
    create: (body: Record<string, unknown>, version: number) =>
      after(api.post<EvidenceWritten>(path(staffId, kind), body, { organization: true, version })),
    update: (id: number, body: Record<string, unknown>, version: number) =>
      after(api.put<EvidenceWritten>(`${path(staffId, kind)}/${id}`, body, { organization: true, version })),
    remove: (id: number, version: number) => after(api.delete(`${path(staffId, kind)}/${id}`, undefined, { organization: true, version })),
    upload: (id: number, file: File, onProgress: (p: number) => void) =>
      after(api.upload(`${path(staffId, kind)}/${id}/file`, file, { organization: true, onProgress })),
    removeFile: (id: number, version: number) =>
      after(api.delete(`${path(staffId, kind)}/${id}/file`, undefined, { organization: true, version })),
  };
}

export const evidenceFile = (staffId: number, kind: EvidenceKind, id: number, onProgress?: (p: number) => void) =>
  api.download(`${path(staffId, kind)}/${id}/file`, undefined, { method: 'GET', organization: true, onProgress });

export const revealEvidence = (staffId: number, kind: EvidenceKind, id: number, body: Record<string, unknown>) =>
  api.post<RevealResponse>(`${path(staffId, kind)}/${id}/reveal`, body, { organization: true });
