import { describe, expect, it } from 'vitest';
import { mappedText } from '@bo/shared/schemas/staff-excel';
import { defaultMapping } from './mapping-editor.tsx';

describe('compliance cells of a template', () => {
  it('start on the site and stay empty in a staff export', () => {
    const m = defaultMapping('compliance', 'B3', [], null);
    expect(m).toEqual({ cell: 'B3', type: 'compliance', field: 'site' });
    const staff = { name: '王小明', status: 'active', certificates: [] } as never;
    const ctx = { organization_name: 'A', organization_company_id: null, export_date: '2026-12-02', seq: 1 };
    expect(mappedText(m, staff, ctx)).toBe('');
    expect(mappedText(m, { ...(staff as object), compliance: { site: '北區工地' } } as never, ctx)).toBe('北區工地');
  });
});
