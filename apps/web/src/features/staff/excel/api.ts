import { queryOptions } from '@tanstack/react-query';
import type { SheetGrid, StaffExcel, StaffExcelUpdateInput } from '@bo/shared/schemas/staff-excel';
import type { RevealReason, RevealableStaffField } from '@bo/shared/schemas/personal-data-reveal';
import { api } from '../../../lib/api-client.ts';
import { createResourceApi } from '../../../components/resource/resource-api.ts';

export type { StaffExcel, StaffExcelUpdateInput, SheetGrid };

const BASE = '/api/admin/organization/staff-excel';

/** Templates of the active organization: index, read, update, patch, batch patch, delete, batch delete (spec section 7). */
/** What the template file inputs take. */
export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const staffExcelApi = createResourceApi<StaffExcel, StaffExcelUpdateInput>(BASE, { organization: true });

export const sheetQuery = (id: number | string | undefined, version?: string) =>
  queryOptions({
    queryKey: [BASE, 'sheet', Number(id), version],
    queryFn: () => api.get<SheetGrid>(`${BASE}/${id}/sheet`, null, { organization: true }),
    enabled: id !== undefined && Number(id) > 0,
    staleTime: Infinity,
  });

/** Multipart create: the .xlsx with its name, layout and start row (and optionally a mapping). */
export function createTemplate(v: { name: string; layout: string; start_row?: number; file: File }, onProgress?: (p: number) => void) {
  const form = new FormData();
  form.append('name', v.name);
  form.append('layout', v.layout);
  if (v.start_row) form.append('start_row', String(v.start_row));
  form.append('file', v.file);
  return api.upload<StaffExcel>(BASE, form, { organization: true, onProgress });
}

export const replaceTemplateFile = (id: number, file: File, onProgress?: (p: number) => void) =>
  api.upload<StaffExcel>(`${BASE}/${id}/file`, file, { organization: true, onProgress });

export const downloadTemplateFile = (id: number) => api.download(`${BASE}/${id}/file`, undefined, { method: 'GET', organization: true });

export interface ExportFilter {
  keyword?: string;
  status?: string;
  certificate_status?: 'expired' | 'expiring' | 'attention' | 'valid';
}

/** Fields an export shows in plain, with the reason (needs the reveal right and a fresh proof; docs/personal-data.md "Reveal"). */
export interface UnmaskedExport {
  unmasked?: RevealableStaffField[];
  reason_code?: RevealReason;
  reason_text?: string;
}

export const exportMerge = (
  id: number,
  body: { staff_ids?: number[]; filter?: ExportFilter; options: { export_date?: string } } & UnmaskedExport,
  onProgress?: (p: number) => void,
) => api.download(`${BASE}/export-merge/${id}`, body, { organization: true, onProgress });

export const exportSplit = (
  id: number,
  staffId: number,
  options: { export_date?: string },
  onProgress?: (p: number) => void,
  unmasked: UnmaskedExport = {},
) => api.download(`${BASE}/export-split/${id}/${staffId}`, { options, ...unmasked }, { organization: true, onProgress });
