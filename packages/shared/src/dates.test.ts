import { describe, expect, it } from 'vitest';
import { formatRocDate, parseRocDate, rocToDay, rocYear } from './dates.ts';
import { formatDate } from './schemas/staff-excel.ts';
import { parseRosterDate } from './schemas/staff-import.ts';

describe('民國 (ROC) dates', () => {
  it('formats a day in both styles', () => {
    expect(formatRocDate('2026-11-23')).toBe('115/11/23');
    expect(formatRocDate('2026-11-23', 'text')).toBe('民國115年11月23日');
    expect(formatRocDate('2026-03-07T16:00:00.000Z')).toBe('115/03/07');
    expect(formatRocDate(null)).toBe('');
    expect(formatRocDate('not a day')).toBe('not a day');
  });

  it('starts at year 1 (1912) and writes earlier years as 民國前', () => {
    expect(rocYear(1912)).toBe('1');
    expect(formatRocDate('1912-01-01')).toBe('1/01/01');
    expect(formatRocDate('1912-01-01', 'text')).toBe('民國1年1月1日');
    expect(rocYear(1911)).toBe('前1');
    expect(formatRocDate('1911-12-31', 'text')).toBe('民國前1年12月31日');
    expect(parseRocDate('1/01/01')).toBe('1912-01-01');
    expect(parseRocDate('民國前1年12月31日')).toBe('1911-12-31');
    expect(parseRocDate('0/01/01')).toBeNull();
    expect(rocToDay(0, 1, 1)).toBeNull();
  });

  it('reads what people type', () => {
    for (const s of [
      '民國115年11月23日',
      '中華民國115年11月23日',
      '民115.11.23',
      '115/11/23',
      '115-11-23',
      '115.11.23',
      '115年11月23日',
      '1151123',
      '１１５／１１／２３',
      ' 115 / 11 / 23 ',
    ]) {
      expect(parseRocDate(s), s).toBe('2026-11-23');
    }
    expect(parseRocDate('85/3/7')).toBe('1996-03-07');
    expect(parseRocDate('850307')).toBe('1996-03-07');
  });

  it('keeps leap days real: 民國113年 (2024) has 2月29日, 民國112年 does not', () => {
    expect(parseRocDate('113/02/29')).toBe('2024-02-29');
    expect(parseRocDate('112/02/29')).toBeNull();
    expect(parseRocDate('89/02/29')).toBe('2000-02-29');
    expect(parseRocDate('189/02/29')).toBeNull(); // 2100 is not a leap year
    expect(formatRocDate('2024-02-29', 'text')).toBe('民國113年2月29日');
  });

  it('refuses what is not a 民國 date', () => {
    for (const s of ['', '2026/11/23', '115/13/01', '115/11/31', 'abc', '115/11', '民國']) expect(parseRocDate(s), s).toBeNull();
  });

  it('round-trips every day of a leap year', () => {
    let day = '2024-01-01';
    for (let i = 0; i < 366; i++) {
      expect(parseRocDate(formatRocDate(day))).toBe(day);
      expect(parseRocDate(formatRocDate(day, 'text'))).toBe(day);
      day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
  });

  it('is what the staff export writes and the staff import reads', () => {
    expect(formatDate('2026-11-23', 'ROC')).toBe('115/11/23');
    expect(formatDate('2026-11-23', 'ROC_TEXT')).toBe('民國115年11月23日');
    expect(parseRosterDate('民國115年11月23日')).toBe('2026-11-23');
    expect(parseRosterDate('民國前1年1月1日')).toBe('1911-01-01');
    expect(parseRosterDate('115/11/23')).toBe('2026-11-23');
    expect(parseRosterDate('民國112年2月29日')).toBeUndefined();
  });
});
