import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { allChosen, fieldDifferences, initialChoices, mergeValues, sameValue } from './conflict-merge.ts';

const base = { name: '王大明', mobile: '0911000111', job_title: '工人', notes: null as string | null };

describe('conflict merge: field by field', () => {
  it('lists only the fields where the user and the current record differ', () => {
    const mine = { ...base, job_title: '領班' };
    const theirs = { ...base, mobile: '0922000222' };
    const diffs = fieldDifferences(base, mine, theirs);
    expect(diffs.map((d) => [d.name, d.edited, d.changed])).toEqual([
      ['mobile', false, true],
      ['job_title', true, false],
    ]);
  });

  it('starts each field on the side that changed it, and leaves a field both changed to the user', () => {
    const mine = { ...base, job_title: '領班', name: '王大明（組長）' };
    const theirs = { ...base, mobile: '0922000222', name: '王大名' };
    const diffs = fieldDifferences(base, mine, theirs);
    const choices = initialChoices(diffs);
    expect(choices).toEqual({ name: undefined, mobile: 'theirs', job_title: 'mine' });
    expect(allChosen(diffs, choices)).toBe(false);
    expect(allChosen(diffs, { ...choices, name: 'mine' })).toBe(true);
  });

  it('keeps every value of the user except the ones taken from the other person', () => {
    const mine = { ...base, job_title: '領班', name: '王大明（組長）' };
    const theirs = { ...base, mobile: '0922000222', name: '王大名' };
    const diffs = fieldDifferences(base, mine, theirs);
    expect(mergeValues(mine, diffs, { name: 'mine', mobile: 'theirs', job_title: 'mine' })).toEqual({
      ...base,
      name: '王大明（組長）',
      mobile: '0922000222',
      job_title: '領班',
    });
    expect(mergeValues(mine, diffs, { name: 'theirs', mobile: 'mine', job_title: 'theirs' })).toEqual({
      ...base,
      name: '王大名',
      job_title: '工人',
    });
  });

  it('without the loaded values, counts every differing field as changed by both', () => {
    const diffs = fieldDifferences(null, { a: 1, b: 2 }, { a: 1, b: 3 });
    expect(diffs).toEqual([{ name: 'b', mine: 2, theirs: 3, edited: true, changed: true }]);
    expect(initialChoices(diffs)).toEqual({ b: undefined });
  });

  it('compares dates by their value and takes undefined as empty', () => {
    expect(sameValue(dayjs('2029-12-01'), dayjs('2029-12-01'))).toBe(true);
    expect(sameValue(dayjs('2029-12-01'), dayjs('2029-12-02'))).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue([{ id: 1, type: 'a' }], [{ id: 1, type: 'a' }])).toBe(true);
    expect(sameValue('', null)).toBe(false);
  });
});
