import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { STAFF_TEXT_FIELDS, STAFF_DATE_FIELDS, FIXED_VALUES, type SheetGrid } from '@bo/shared/schemas/staff-excel';
import i18n from '../../../i18n/index.ts';
import { SheetGridView, masterAddress } from './sheet-grid.tsx';
import { defaultMapping } from './mapping-editor.tsx';
import './i18n.ts';
import '../i18n.ts';

const grid: SheetGrid = {
  sheet_name: 'Card',
  row_count: 4,
  column_count: 3,
  columns: [10, 20, 10],
  rows: [30, null, null, null],
  cells: [
    { address: 'A1', value: 'Title', bold: true },
    { address: 'A2', value: 'Name' },
  ],
  merges: ['A1:C1', 'B3:C4'],
  images: [],
  truncated: false,
};

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o)
    .flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    .sort();

describe('sheet grid', () => {
  it('draws merges once, shows mappings by label and selects the clicked cell', () => {
    const onSelect = vi.fn();
    const { container } = render(
      <SheetGridView
        grid={grid}
        mappings={[{ cell: 'B2', type: 'field', field: 'name' }]}
        selected="B2"
        onSelect={onSelect}
        labelOf={() => '{Name}'}
        preview={false}
      />,
    );
    const cells = [...container.querySelectorAll('[data-cell]')].map((c) => c.getAttribute('data-cell'));
    expect(cells).toEqual(['A1', 'A2', 'B2', 'C2', 'A3', 'B3', 'A4']);
    expect(container.querySelector('[data-cell="B2"]')!.textContent).toBe('{Name}');
    expect(container.querySelector('[data-cell="B2"]')!.className).toContain('sg-selected');
    fireEvent.click(container.querySelector('[data-cell="B3"]')!);
    expect(onSelect).toHaveBeenCalledWith('B3');
  });

  it('maps a click inside a merge to its top-left cell, and a photo to the merge', () => {
    expect(masterAddress(grid, 'C4')).toEqual({ address: 'B3', range: 'B3:C4' });
    expect(masterAddress(grid, 'A2')).toEqual({ address: 'A2', range: null });
    expect(defaultMapping('photo', 'B3', [], 'B3:C4')).toEqual({ cell: 'B3', type: 'photo', range: 'B3:C4' });
    expect(defaultMapping('photo', 'B3', [], null)).toEqual({ cell: 'B3', type: 'photo', range: 'B3:C8' });
  });

  it.each(['staff', 'staff-excel'])('namespace %s has the same keys in zh-TW and en-US, none empty', (ns) => {
    const zh = i18n.getResourceBundle('zh-TW', ns);
    const en = i18n.getResourceBundle('en-US', ns);
    expect(keys(en)).toEqual(keys(zh));
    for (const bundle of [zh, en]) for (const k of keys(bundle)) expect(k.split('.').reduce((o: any, p) => o[p], bundle)).not.toBe('');
  });

  it('names every mappable field in both languages', () => {
    for (const lng of ['zh-TW', 'en-US']) {
      const t = i18n.getFixedT(lng, 'staff-excel');
      for (const f of [...STAFF_TEXT_FIELDS, ...STAFF_DATE_FIELDS]) expect(t(`fields.${f}`)).not.toBe(`fields.${f}`);
      for (const f of FIXED_VALUES) expect(t(`fixedValues.${f}`)).not.toBe(`fixedValues.${f}`);
    }
  });
});
