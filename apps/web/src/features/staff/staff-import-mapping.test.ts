import { describe, expect, it } from 'vitest';
import type { StaffImportPreview } from '@bo/shared/schemas/staff-import';
import {
  assignColumn,
  base64Blob,
  fieldOfColumn,
  firstTab,
  importOutcome,
  localFileProblem,
  mappedFields,
  missingKey,
  missingRequired,
  previewTableRows,
  rowsToWrite,
  sameMapping,
} from './staff-import-mapping.ts';

const preview: StaffImportPreview = {
  file_name: 'r.xlsx',
  sheets: [{ name: 'S', rows: 3 }],
  sheet: 'S',
  header_row: 1,
  columns: [
    { column: 'A', header: '姓名', samples: [] },
    { column: 'B', header: '身分證字號', samples: [] },
  ],
  mapping: { name: 'A', national_id: 'B' },
  mapping_source: 'suggested',
  mode: 'create',
  total: 2,
  valid_count: 1,
  create_count: 1,
  update_count: 0,
  unchanged_count: 0,
  invalid_count: 1,
  invalid_rows: [
    {
      row: 3,
      values: { name: '乙', national_id: 'A123456788' },
      errors: [
        { field: 'national_id', key: 'validate.error.national_id_incorrect' },
        { field: 'national_id', key: 'validate.error.duplicate_in_file', params: { rows: '2' } },
      ],
    },
  ],
  valid_rows: [{ row: 2, values: { name: '甲', national_id: 'A123456789' }, errors: [] }],
};

describe('staff import mapping and preview', () => {
  it('moves a field to the column chosen for it and frees the column it left', () => {
    const m = assignColumn({ name: 'A', mobile: 'B' }, 'C', 'mobile');
    expect(m).toEqual({ name: 'A', mobile: 'C' });
    expect(fieldOfColumn(m, 'B')).toBeNull();
    // A column takes one field: choosing another replaces it.
    expect(assignColumn(m, 'A', 'nickname')).toEqual({ nickname: 'A', mobile: 'C' });
    expect(assignColumn(m, 'C', null)).toEqual({ name: 'A' });
  });

  it('asks for the name column before a preview, and keeps the form order for the table', () => {
    expect(missingRequired({ mobile: 'B' })).toEqual(['name']);
    expect(missingRequired({ name: 'A' })).toEqual([]);
    expect(mappedFields({ mobile: 'B', name: 'C', birthday: 'A' })).toEqual(['name', 'birthday', 'mobile']);
    expect(sameMapping({ name: 'A' }, { name: 'A', mobile: undefined })).toBe(true);
    expect(sameMapping({ name: 'A' }, { name: 'B' })).toBe(false);
  });

  it('lists refused rows first with their reasons in the admin language', () => {
    expect(firstTab(preview)).toBe('invalid');
    expect(previewTableRows(preview, 'invalid', 'zh-TW')[0]!.reasons).toBe('身分證字號：格式或檢查碼不正確；身分證字號：與第 2 列重複');
    expect(previewTableRows(preview, 'invalid', 'en-US')[0]!.reasons).toBe(
      'National ID: wrong format or check digit; National ID: the same as row 2',
    );
    expect(previewTableRows(preview, 'valid', 'en-US')).toEqual([
      { key: 2, row: 2, values: { name: '甲', national_id: 'A123456789' }, reasons: '' },
    ]);
    expect(firstTab({ ...preview, invalid_count: 0 })).toBe('valid');
  });

  it('asks for the national id column to create and update, and counts only the rows that write', () => {
    expect(missingKey('upsert', { name: 'A' })).toBe(true);
    expect(missingKey('upsert', { name: 'A', national_id: 'B' })).toBe(false);
    expect(missingKey('create', { name: 'A' })).toBe(false);
    expect(rowsToWrite({ create_count: 2, update_count: 3 })).toBe(5);
  });

  it('reads the result honestly: all handled is a success, some failed a warning, none handled an error', () => {
    expect(importOutcome({ imported_count: 9, unchanged_count: 0, rejected_count: 0 })).toBe('success');
    expect(importOutcome({ imported_count: 0, unchanged_count: 4, rejected_count: 0 })).toBe('success');
    expect(importOutcome({ imported_count: 2, unchanged_count: 0, rejected_count: 7 })).toBe('warning');
    expect(importOutcome({ imported_count: 0, unchanged_count: 1, rejected_count: 7 })).toBe('warning');
    expect(importOutcome({ imported_count: 0, unchanged_count: 0, rejected_count: 7 })).toBe('error');
  });

  it('refuses a file before sending when it is not .xlsx, empty or too large', () => {
    expect(localFileProblem({ name: 'roster.csv', size: 10 }, 100)).toBe('type');
    expect(localFileProblem({ name: 'roster.XLSX', size: 0 }, 100)).toBe('empty');
    expect(localFileProblem({ name: 'roster.xlsx', size: 101 }, 100)).toBe('size');
    expect(localFileProblem({ name: 'roster.xlsx', size: 100 }, 100)).toBeNull();
  });

  it('turns the error workbook of the answer into a file', async () => {
    const blob = base64Blob(btoa('PK\u0003\u0004'), 'application/octet-stream');
    expect(blob.size).toBe(4);
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(r.result as ArrayBuffer);
      r.readAsArrayBuffer(blob);
    });
    expect([...new Uint8Array(bytes)]).toEqual([0x50, 0x4b, 3, 4]);
  });
});
