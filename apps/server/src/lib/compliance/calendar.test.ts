import { describe, expect, it } from 'vitest';
import { addMonths, ageOn, dayOfAge } from './calendar.ts';

describe('month arithmetic on Taipei days', () => {
  it('moves by months, falling on the last day of a shorter month', () => {
    expect(addMonths('2026-06-10', 6)).toBe('2026-12-10');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2027-04-01', -6)).toBe('2026-10-01');
    expect(addMonths('2026-01-31', -2)).toBe('2025-11-30');
  });

  it('counts whole years of age on a day', () => {
    expect(ageOn('1980-05-10', '2026-05-09')).toBe(45);
    expect(ageOn('1980-05-10', '2026-05-10')).toBe(46);
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(25);
    expect(dayOfAge('1961-03-01', 65)).toBe('2026-03-01');
  });
});
