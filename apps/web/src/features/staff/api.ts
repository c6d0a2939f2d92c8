import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertificateType, ExpirationResponse, Staff, StaffInput, StaffListItem } from '@bo/shared/schemas/staff';
import type { StaffImportPreview, StaffImportResult } from '@bo/shared/schemas/staff-import';
import { api } from '../../lib/api-client.ts';
import { createResourceApi } from '../../components/resource/resource-api.ts';
import { cachedVersions, versionOf } from '../../components/resource/record-version.ts';

export type { Staff, StaffInput, StaffListItem, CertificateType, ExpirationResponse };

const BASE = '/api/admin/organization/staff';
const TYPES = '/api/admin/organization/certificate-type';

/** Staff of the active organization: list, read, create, update, patch, delete (spec section 7). `one` answers a Staff with its certificates and the full national id (the list masks it). */
export const staffApi = createResourceApi<StaffListItem, StaffInput, Staff, Staff>(BASE, { organization: true });

/**
 * Staff across organizations, read-only (ROLE_STAFF and super admins, docs/decisions.md "Staff across
 * organizations"): `organization_id` filters (none: every organization); the active organization is not sent.
 */
export const staffAcrossApi = {
  list: (q: Record<string, unknown>) =>
    queryOptions({
      queryKey: ['/api/admin/staff', 'list', q],
      queryFn: ({ signal }) =>
        api.get<{ data: StaffListItem[]; meta: { page: number; per_page: number; total: number; last_page: number } }>(
          '/api/admin/staff/index',
          q,
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  organizations: () =>
    queryOptions({
      queryKey: ['/api/admin/staff', 'organizations'],
      queryFn: () => api.get<{ data: StaffOrganization[] }>('/api/admin/staff/organizations').then((r) => r.data),
      staleTime: 60_000,
    }),
};
export interface StaffOrganization {
  id: number;
  name: string;
  company_id: string | null;
  status: string;
  staff_count: number;
}

export const certificateTypesQuery = () =>
  queryOptions({
    queryKey: [TYPES],
    queryFn: () => api.get<{ data: CertificateType[]; defaults: string[] }>(`${TYPES}/index`, null, { organization: true }),
  });

/** The active organization's photo library as staff writers see it (the photo index, read-only, for the staff-write roles). */
export const photoLibraryQuery = <T>(organizationId: number | null, page: number, perPage: number) =>
  queryOptions({
    queryKey: ['photo', 'list', organizationId, { page, per_page: perPage, picker: 'staff' }],
    queryFn: () =>
      api.get<{ data: T[]; meta: { total: number } }>(`${BASE}/photo-library`, { page, per_page: perPage }, { organization: true }),
    retry: false,
  });

export const expirationQuery = (days: number) =>
  queryOptions({
    queryKey: [BASE, 'expiration', days],
    queryFn: () => api.get<ExpirationResponse>(`${BASE}/check-expiration-of-certificates`, { days }, { organization: true }),
  });

function useInvalidate(...keys: string[]) {
  const qc = useQueryClient();
  return () => Promise.all(keys.map((k) => qc.invalidateQueries({ queryKey: [k] })));
}

export function useCertificateTypeMutations() {
  const invalidate = useInvalidate(TYPES);
  const qc = useQueryClient();
  // A rename or delete sends the version the type is listed at (issue 36).
  const at = (id: number) => ({ organization: true, version: cachedVersions(qc, TYPES, [id])[String(id)] });
  const opts = { onSuccess: () => void invalidate() };
  return {
    create: useMutation({ mutationFn: (name: string) => api.post<CertificateType>(TYPES, { name }, { organization: true }), ...opts }),
    rename: useMutation({
      mutationFn: ({ id, name, sort }: { id: number; name: string; sort: number }) =>
        api.put<CertificateType>(`${TYPES}/${id}`, { name, sort }, at(id)),
      ...opts,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`${TYPES}/${id}`, undefined, at(id)), ...opts }),
    defaults: useMutation({ mutationFn: () => api.post(`${TYPES}/defaults`, {}, { organization: true }), ...opts }),
  };
}

/** Photo and scanned files: multipart uploads with progress, private downloads through the API. */
export function useStaffFiles() {
  const invalidate = useInvalidate(BASE);
  const after = <T>(p: Promise<T>) =>
    p.then(async (v) => {
      await invalidate();
      return v;
    });
  return {
    uploadPhoto: (id: number, file: File, onProgress?: (p: number) => void) =>
      after(api.upload<Staff>(`${BASE}/${id}/photo`, file, { organization: true, onProgress })),
    // Removals and the library pick change what the record shows: they send the version it is shown at (issue 36).
    removePhoto: (staff: Staff) =>
      after(api.delete<Staff>(`${BASE}/${staff.id}/photo`, undefined, { organization: true, version: versionOf(staff) })),
    pickLibraryPhoto: (id: number, staff: Staff, photoId: number) =>
      after(api.put<Staff>(`${BASE}/${id}`, toInput(staff, { photo_id: photoId }), { organization: true, version: versionOf(staff) })),
    uploadCertificateFile: (id: number, certificateId: number, file: File, onProgress?: (p: number) => void) =>
      after(api.upload<Staff>(`${BASE}/${id}/certificates/${certificateId}/file`, file, { organization: true, onProgress })),
    removeCertificateFile: (staff: Staff, certificateId: number) =>
      after(
        api.delete<Staff>(`${BASE}/${staff.id}/certificates/${certificateId}/file`, undefined, {
          organization: true,
          version: versionOf(staff),
        }),
      ),
  };
}

export const photoBlob = (id: number) => api.download(`${BASE}/${id}/photo`, undefined, { method: 'GET', organization: true });
export const certificateFile = (id: number, certificateId: number, onProgress?: (percent: number) => void) =>
  api.download(`${BASE}/${id}/certificates/${certificateId}/file`, undefined, { method: 'GET', organization: true, onProgress });

/** The input a PUT needs, from a staff as read (keeps every certificate by id). */
export function toInput(s: Staff, over: Partial<StaffInput> = {}): StaffInput {
  return {
    name: s.name,
    nickname: s.nickname,
    national_id: s.national_id,
    birthday: s.birthday,
    gender: s.gender,
    mobile: s.mobile,
    email: s.email,
    address: s.address,
    emergency_contact: s.emergency_contact,
    emergency_phone: s.emergency_phone,
    blood_type: s.blood_type as StaffInput['blood_type'],
    job_title: s.job_title,
    hire_date: s.hire_date,
    notes: s.notes,
    status: s.status,
    contractor_id: s.contractor_id,
    nationality: s.nationality,
    entered_taiwan_on: s.entered_taiwan_on,
    departure_reported_on: s.departure_reported_on,
    certificates: s.certificates.map((c) => ({
      id: c.id,
      certificate_type_id: c.certificate_type_id,
      number: c.number,
      issued_at: c.issued_at,
      expires_at: c.expires_at,
    })),
    ...over,
  };
}

/**
 * Staff import from an .xlsx roster: the roster goes with each step (the server keeps nothing of it).
 * `form` holds `file` and optionally `sheet`, `header_row`, `mapping` (JSON) and `lang`.
 */
export function useStaffImport() {
  const invalidate = useInvalidate(BASE);
  return {
    preview: (form: FormData, onProgress?: (p: number) => void) =>
      api.upload<StaffImportPreview>(`${BASE}/import/preview`, form, { organization: true, onProgress }),
    run: async (form: FormData, onProgress?: (p: number) => void) => {
      const result = await api.upload<StaffImportResult>(`${BASE}/import`, form, { organization: true, onProgress });
      await invalidate();
      return result;
    },
  };
}

/** Issue 38: the organization's contractors (協力廠商), for the company select and filter (tens, not thousands). */
export const staffContractorsQuery = (enabled = true) =>
  queryOptions({
    queryKey: ['/api/admin/organization/contractors', 'all'],
    queryFn: () =>
      api
        .get<{ data: { id: number; name: string; worker_count: number }[] }>(
          '/api/admin/organization/contractors/index',
          { per_page: 100, sort: 'name', order: 'asc' },
          { organization: true },
        )
        .then((r) => r.data),
    staleTime: 30_000,
    enabled,
  });
