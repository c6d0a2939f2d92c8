import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { FileItem, FileListResponse, SignedLinkOpensResponse, SignedUrl } from '@bo/shared/schemas/file';
import { api } from '../../lib/api-client.ts';
import { createResourceApi } from '../../components/resource/resource-api.ts';

/** `DELETE :id` / `DELETE batch` (for useDeleteRows) and `useInvalidate`; every mutation refreshes the file lists. */
export const fileApi = createResourceApi<FileItem>('/api/admin/file', { organization: true });

/** Files of the active organization in one folder, with its sub-folders. */
export const fileListQuery = (organizationId: number | null, query: Record<string, string | number>) =>
  queryOptions({
    queryKey: [...fileApi.keys.all, 'list', organizationId, query],
    queryFn: () => api.get<FileListResponse>('/api/admin/file/index', query, { organization: true }),
    placeholderData: keepPreviousData,
  });

/** Who opened the file's signed links, one page, newest first. */
export const signedLinkOpensQuery = (fileId: number | null, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...fileApi.keys.all, 'signed-link-opens', fileId, page, perPage],
    queryFn: () =>
      api.get<SignedLinkOpensResponse>(`/api/admin/file/${fileId}/signed-link-opens`, { page, per_page: perPage }, { organization: true }),
    enabled: fileId !== null,
  });

export const uploadFile = (file: File, params: { folder: string; private: boolean }, onProgress: (p: number) => void) =>
  api.upload<FileItem>('/api/admin/file/upload', file, {
    params: { folder: params.folder, private: String(params.private) },
    onProgress,
    organization: true,
  });

/** For useDownloads: the file with its stored name when the server sends none. */
export async function downloadFile(file: FileItem, onProgress: (p: number) => void): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await api.download('/api/admin/file/download', { id: file.id }, { organization: true, onProgress });
  return { blob, filename: filename || file.name };
}

export function useCreateTextFile() {
  const invalidate = fileApi.useInvalidate();
  return useMutation({
    mutationFn: (body: { name: string; content: string; folder: string; private: boolean }) =>
      api.post<FileItem>('/api/admin/file/create-via-data', { ...body, encoding: 'text' }, { organization: true }),
    onSuccess: () => invalidate(),
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
