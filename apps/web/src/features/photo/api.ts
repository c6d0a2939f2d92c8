import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Photo, PhotoPatch } from '@bo/shared/schemas/photo';
import { api } from '../../lib/api-client.ts';

export interface PhotoPage {
  data: Photo[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** Photos of the active organization (the server scopes by it; the id in the key refetches on a switch). */
export const photoListQuery = (organizationId: number | null, query: Record<string, string | number>) =>
  queryOptions({
    queryKey: ['photo', 'list', organizationId, query],
    queryFn: () => api.get<PhotoPage>('/api/admin/photo/index', query, { organization: true }),
    placeholderData: keepPreviousData,
  });

export interface PhotoUploadParams {
  folder?: string;
  title?: string;
  tags?: string;
}

export const uploadPhoto = (file: File, params: PhotoUploadParams, onProgress: (percent: number) => void) =>
  api.upload<Photo>('/api/admin/photo/upload', file, { params: { ...params }, onProgress, organization: true });

export function usePatchPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PhotoPatch }) =>
      api.patch<Photo>(`/api/admin/photo/${id}`, patch, { organization: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['photo', 'list'] }),
  });
}

const deletePhotos = (ids: number[]) => api.delete<{ message: string }>('/api/admin/photo/batch', { ids }, { organization: true });
function useDeleteMutation<V>(ids: (v: V) => number[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => deletePhotos(ids(v)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['photo', 'list'] }),
  });
}

/** The resource shape useDeleteRows takes; the server deletes photos only in batches, one is a batch of one. */
export const photoApi = {
  useRemove: () => useDeleteMutation(({ id }: { id: number }) => [id]),
  useBatchRemove: () => useDeleteMutation(({ ids }: { ids: number[] }) => ids),
};
