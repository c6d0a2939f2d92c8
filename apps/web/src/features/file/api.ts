import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileItem, FileListResponse, SignedUrl } from '@bo/shared/schemas/file';
import { api, saveBlob } from '../../lib/api-client.ts';

/** Files of the active organization in one folder, with its sub-folders. */
export const fileListQuery = (organizationId: number | null, query: Record<string, string | number>) => queryOptions({
  queryKey: ['file', 'list', organizationId, query],
  queryFn: () => api.get<FileListResponse>('/api/admin/file/index', query, { organization: true }),
  placeholderData: keepPreviousData,
});

export const uploadFile = (file: File, params: { folder: string; private: boolean }, onProgress: (p: number) => void) =>
  api.upload<FileItem>('/api/admin/file/upload', file, { params: { folder: params.folder, private: String(params.private) }, onProgress, organization: true });

export async function downloadFile(file: FileItem): Promise<void> {
  const { blob, filename } = await api.download('/api/admin/file/download', { id: file.id }, { organization: true });
  saveBlob(blob, filename || file.name);
}

export function useCreateTextFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; content: string; folder: string; private: boolean }) =>
      api.post<FileItem>('/api/admin/file/create-via-data', { ...body, encoding: 'text' }, { organization: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['file', 'list'] }),
  });
}

export function useDeleteFiles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => (ids.length === 1
      ? api.delete<{ message: string }>(`/api/admin/file/${ids[0]}`, undefined, { organization: true })
      : api.delete<{ message: string }>('/api/admin/file/batch', { ids }, { organization: true })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['file', 'list'] }),
  });
}

export function useSignedUrl() {
  return useMutation({
    mutationFn: (body: { path: string; ttl: number; payload?: Record<string, unknown> }) =>
      api.post<SignedUrl>('/api/admin/file/signed-url', body, { organization: true }),
  });
}

/** Server answers are app-relative unless PUBLIC_URL is set; links leave the app, so make them absolute. */
export const absoluteUrl = (url: string) => (/^https?:\/\//.test(url) ? url : `${window.location.origin}${url}`);
