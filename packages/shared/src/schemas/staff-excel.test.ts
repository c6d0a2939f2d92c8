import { describe, expect, it } from 'vitest';
import { cellMappings, columnLetters, columnNumber, formatDate, mappedText, type ExportStaff } from './staff-excel.ts';

const staff: ExportStaff = {
  name: '王大明',
  nickname: '阿明',
  national_id: 'A123456789',
  birthday: '1990-05-06',
  gender: 'male',
  mobile: '0912345678',
  email: null,
  address: null,
  emergency_contact: null,
  emergency_phone: null,
  blood_type: 'O',
  job_title: '領班',
  hire_date: '2020-01-02',
  notes: null,
  status: 'active',
  // The current certificate of each type (the server leaves superseded ones out: toExportStaff).
  certificates: [{ certificate_type_id: 1, number: 'NEW', issued_at: '2024-01-01', expires_at: '2027-01-01' }],
};
const ctx = { organization_name: '大安營造', organization_company_id: '24681357', export_date: '2026-11-22', seq: 3 };

describe('staff-excel mapping', () => {
  it('formats dates, including the ROC calendar', () => {
    expect(formatDate('2024-01-31', 'ROC')).toBe('113/01/31');
    expect(formatDate('2024-01-31', 'ROC_TEXT')).toBe('民國113年1月31日');
    expect(formatDate('2024-01-31', 'YYYY年MM月DD日')).toBe('2024年01月31日');
    expect(formatDate(null)).toBe('');
  });

  it('fills each kind of mapped cell from the staff and the export context', () => {
    expect(mappedText({ cell: 'A1', type: 'field', field: 'display_name' }, staff, ctx)).toBe('王大明 (阿明)');
    expect(mappedText({ cell: 'A1', type: 'field', field: 'national_id' }, staff, ctx)).toBe('A12****789');
    expect(mappedText({ cell: 'A1', type: 'field', field: 'national_id_full' }, staff, ctx)).toBe('A123456789');
    expect(mappedText({ cell: 'A1', type: 'field', field: 'age' }, staff, ctx)).toBe('36');
    expect(mappedText({ cell: 'A1', type: 'field', field: 'seq' }, staff, ctx)).toBe('3');
    expect(mappedText({ cell: 'A1', type: 'field', field: 'gender' }, staff, ctx)).toBe('男');
    expect(mappedText({ cell: 'A1', type: 'date', field: 'hire_date', format: 'YYYY/MM/DD' }, staff, ctx)).toBe('2020/01/02');
    expect(mappedText({ cell: 'A1', type: 'certificate', certificate_type_id: 1, part: 'number', format: 'YYYY-MM-DD' }, staff, ctx)).toBe(
      'NEW',
    );
    expect(mappedText({ cell: 'A1', type: 'certificate', certificate_type_id: 2, part: 'number', format: 'YYYY-MM-DD' }, staff, ctx)).toBe(
      '',
    );
    expect(mappedText({ cell: 'A1', type: 'fixed', value: 'organization_name', format: 'YYYY-MM-DD' }, staff, ctx)).toBe('大安營造');
    expect(mappedText({ cell: 'A1', type: 'fixed', value: 'export_date', format: 'ROC' }, staff, ctx)).toBe('115/11/22');
  });

  it('refuses bad cell addresses and ranges', () => {
    expect(cellMappings.safeParse([{ cell: 'b2', type: 'field', field: 'name' }]).data?.[0]?.cell).toBe('B2');
    expect(cellMappings.safeParse([{ cell: 'B0', type: 'field', field: 'name' }]).success).toBe(false);
    expect(cellMappings.safeParse([{ cell: 'C2', type: 'photo', range: 'C2-D7' }]).success).toBe(false);
    expect(cellMappings.safeParse([{ cell: 'C2', type: 'field', field: 'password' }]).success).toBe(false);
  });

  it('converts column letters both ways', () => {
    for (const [n, l] of [
      [1, 'A'],
      [26, 'Z'],
      [27, 'AA'],
      [52, 'AZ'],
      [703, 'AAA'],
    ] as const) {
      expect(columnLetters(n)).toBe(l);
      expect(columnNumber(l)).toBe(n);
    }
  });
});
