import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cachedVersions } from '../../components/resource/record-version.ts';
import type { Photo, PhotoLibrary, PhotoPatch, PhotoUses } from '@bo/shared/schemas/photo';
import { api } from '../../lib/api-client.ts';

export interface PhotoPage {
  data: Photo[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/**
 * Which library a call acts on (issue 42): the company's (`library=company`, the photos website
 * content shows) or the active organization's (its id added by the client).
 */
const inLibrary = (library: PhotoLibrary, url: string) => (library === 'company' ? `${url}?library=company` : url);
const organizationOption = (library: PhotoLibrary) => ({ organization: library === 'organization' });

/** Photos of a library (the server scopes by it; the organization id in the key refetches on a switch). */
export const photoListQuery = (library: PhotoLibrary, organizationId: number | null, query: Record<string, string | number>) =>
  queryOptions({
    queryKey: ['photo', 'list', library === 'company' ? 'company' : organizationId, query],
    queryFn: ({ signal }) =>
      api.get<PhotoPage>(inLibrary(library, '/api/admin/photo/index'), query, { ...organizationOption(library), signal }),
    placeholderData: keepPreviousData,
  });

export interface PhotoUploadParams {
  folder?: string;
  title?: string;
  tags?: string;
}

export const uploadPhoto = (library: PhotoLibrary, file: File, params: PhotoUploadParams, onProgress: (percent: number) => void) =>
  api.upload<Photo>('/api/admin/photo/upload', file, {
    params: { ...params, ...(library === 'company' ? { library } : {}) },
    onProgress,
    ...organizationOption(library),
  });

export function usePatchPhoto(library: PhotoLibrary) {
  const qc = useQueryClient();
  return useMutation({
    // The version the photo is shown at (issue 36); the list is read again before the next patch of a series.
    mutationFn: ({ id, patch }: { id: number; patch: PhotoPatch }) =>
      api.patch<Photo>(inLibrary(library, `/api/admin/photo/${id}`), patch, {
        ...organizationOption(library),
        version: cachedVersions(qc, 'photo', [id])[String(id)],
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['photo', 'list'] }),
  });
}

/** What uses the photos (issue 36): banners, pages, products, the logo, staff…, asked before deleting them. */
export const fetchPhotoUses = (library: PhotoLibrary, ids: number[]) =>
  api.post<PhotoUses>(inLibrary(library, '/api/admin/photo/uses'), { ids }, organizationOption(library));

/**
 * Deletes photos; `confirmUses` once the user has seen their uses (the server refuses photos in use
 * without it, 409 `validate.error.photo_in_use`).
 */
export function useRemovePhotos(library: PhotoLibrary) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, confirmUses }: { ids: number[]; confirmUses: boolean }) =>
      api.delete<{ message: string }>(
        inLibrary(library, '/api/admin/photo/batch'),
        { ids, versions: cachedVersions(qc, 'photo', ids), ...(confirmUses ? { confirm_uses: true } : {}) },
        organizationOption(library),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['photo', 'list'] }),
  });
}
