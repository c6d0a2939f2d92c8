import { describe, expect, it } from 'vitest';
import { pageSlug } from '@bo/shared/schemas/page';
import {
  addValues,
  combinations,
  duplicates,
  formatNtd,
  instanceName,
  instancesLeaving,
  previewGeneration,
  priceRange,
  suggestSlug,
} from './product-logic.ts';

describe('prices in New Taiwan dollars', () => {
  it('groups thousands after NT$', () => {
    expect(formatNtd(0)).toBe('NT$0');
    expect(formatNtd(1200)).toBe('NT$1,200');
    expect(formatNtd(12_345_678)).toBe('NT$12,345,678');
  });
  it('shows one price, a range, or a dash without instances', () => {
    expect(priceRange(1200, 1200)).toBe('NT$1,200');
    expect(priceRange(1200, 1800)).toBe('NT$1,200–NT$1,800');
    expect(priceRange(null, null)).toBe('—');
    expect(priceRange(undefined, 500)).toBe('NT$500');
  });
});

describe('the instance set of the attribute lists', () => {
  const spec = { name: '規格', values: ['20kg', '40kg'] };
  const color = { name: '顏色', values: ['灰', '白'] };

  it('combines two lists, the first varying slowest', () => {
    expect(combinations([spec, color])).toEqual([
      ['20kg', '灰'],
      ['20kg', '白'],
      ['40kg', '灰'],
      ['40kg', '白'],
    ]);
  });
  it('one list gives one instance per value; no list (or only empty ones) gives the product itself', () => {
    expect(combinations([spec])).toEqual([['20kg'], ['40kg']]);
    expect(combinations([])).toEqual([[]]);
    expect(combinations([{ name: '顏色', values: [] }, undefined])).toEqual([[]]);
    expect(combinations([{ name: '顏色', values: [' ', '白'] }, spec])).toEqual([
      ['白', '20kg'],
      ['白', '40kg'],
    ]);
  });
  it('names an instance with the separator, or after the product without values', () => {
    expect(instanceName(['20kg', '灰'], '-', '水泥')).toBe('20kg-灰');
    expect(instanceName(['20kg', '灰'], '/', '水泥')).toBe('20kg/灰');
    expect(instanceName([], '-', '水泥')).toBe('水泥');
  });
  it('previews what a generation creates, keeps and removes', () => {
    const existing = [
      { name: '20kg-灰', values: ['20kg', '灰'] },
      { name: '20kg-黑', values: ['20kg', '黑'] },
    ];
    expect(previewGeneration([spec, color], existing, '-', '水泥')).toEqual({
      create: ['20kg-白', '40kg-灰', '40kg-白'],
      keep: ['20kg-灰'],
      remove: ['20kg-黑'],
    });
    expect(previewGeneration([], [], '-', '水泥')).toEqual({ create: ['水泥'], keep: [], remove: [] });
    expect(previewGeneration([spec, color], [], '-', '水泥').create).toHaveLength(4);
  });
  it('finds the instances a generation would remove, whatever their names say', () => {
    const existing = [
      { id: 1, name: '20kg/灰', values: ['20kg', '灰'] },
      { id: 2, name: '20kg/白', values: ['20kg', '白'] },
      { id: 3, name: '水泥', values: [] },
    ];
    expect(instancesLeaving([spec, { name: '顏色', values: ['灰'] }], existing).map((i) => i.id)).toEqual([2, 3]);
    expect(instancesLeaving([], existing).map((i) => i.id)).toEqual([1, 2]);
  });
});

describe('tag values', () => {
  it('adds trimmed values, several at once with commas', () => {
    expect(addValues([], ' 20kg ')).toEqual({ values: ['20kg'] });
    expect(addValues(['20kg'], '40kg，50kg, 60kg')).toEqual({ values: ['20kg', '40kg', '50kg', '60kg'] });
  });
  it('refuses empty, duplicate, too long and too many values, adding nothing', () => {
    expect(addValues(['20kg'], '  ')).toEqual({ refused: 'empty' });
    expect(addValues(['20kg'], '20kg')).toEqual({ refused: 'duplicate', value: '20kg' });
    expect(addValues([], '灰,灰')).toEqual({ refused: 'duplicate', value: '灰' });
    expect(addValues([], 'x'.repeat(31))).toMatchObject({ refused: 'tooLong' });
    expect(addValues(['a', 'b'], 'c', { maxCount: 2 })).toEqual({ refused: 'tooMany' });
  });
  it('finds repeated values', () => {
    expect(duplicates(['a', 'b', 'a', 'a'])).toEqual(['a']);
    expect(duplicates(['a', 'b'])).toEqual([]);
  });
});

describe('a suggested URL name', () => {
  it('keeps letters of any script and digits, joined by single hyphens, and passes the shared rule', () => {
    for (const [name, slug] of [
      ['Dry Mortar 20kg', 'dry-mortar-20kg'],
      ['水泥砂漿（20kg）', '水泥砂漿-20kg'],
      ['  --Tile & Grout!! ', 'tile-grout'],
    ] as const) {
      expect(suggestSlug(name)).toBe(slug);
      expect(pageSlug.safeParse(slug).success).toBe(true);
    }
    expect(suggestSlug('!!!')).toBe('');
  });
});
