import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import { calendarFormat, formatDay, getDateCalendar, setDateCalendar } from './index.ts';
import { formatDateTime, pickerAdapterReady } from './dates.ts';

afterEach(() => setDateCalendar('gregorian'));

describe("dates in the admin's calendar (profile date_calendar)", () => {
  it('shows Gregorian dates by default, in Asia/Taipei', () => {
    expect(getDateCalendar()).toBe('gregorian');
    // 16:30 UTC is already the next day in Taipei.
    expect(formatDateTime('2026-11-22T16:30:00.000Z')).toBe('2026-11-23 00:30');
    expect(formatDateTime('2026-11-22T16:30:00.000Z', 'YYYY-MM-DD')).toBe('2026-11-23');
    expect(formatDay('2026-11-23')).toBe('2026-11-23');
  });

  it('shows 民國 years once the preference is roc, and remembers it for the next reload', () => {
    setDateCalendar('roc');
    expect(formatDateTime('2026-11-22T16:30:00.000Z')).toBe('115/11/23 00:30');
    expect(formatDateTime('2026-11-22T16:30:00.000Z', 'YYYY-MM-DD')).toBe('115/11/23');
    expect(formatDateTime('2024-02-28T16:00:00.000Z', 'YYYY/MM/DD HH:mm:ss')).toBe('113/02/29 00:00:00');
    expect(formatDateTime('1912-01-01T00:00:00+08:00', 'YYYY年M月D日')).toBe('1年1月1日');
    expect(formatDay('2026-11-23')).toBe('115/11/23');
    expect(formatDay(null)).toBe('');
    expect(localStorage.getItem('app_date_calendar')).toBe('roc');
    setDateCalendar('anything else');
    expect(formatDay('2026-11-23')).toBe('2026-11-23');
  });

  it('leaves formats without a year alone', () => {
    expect(calendarFormat('HH:mm', 2026, 'roc')).toBe('HH:mm');
    expect(calendarFormat('YYYY-MM-DD', 2026, 'gregorian')).toBe('YYYY-MM-DD');
  });

  it('makes the date pickers show and accept 民國 input, handing back the same day', async () => {
    await pickerAdapterReady();
    const adapter = dayjsGenerateConfig.locale;
    const day = dayjs('2026-11-23');
    expect(adapter.format('zh_TW', day, 'YYYY-MM-DD')).toBe('2026-11-23');
    setDateCalendar('roc');
    expect(adapter.format('zh_TW', day, 'YYYY-MM-DD')).toBe('115/11/23');
    for (const typed of ['115/11/23', '民國115年11月23日', '1151123', '2026-11-23']) {
      expect(adapter.parse('zh_TW', typed, ['YYYY-MM-DD'])?.format('YYYY-MM-DD'), typed).toBe('2026-11-23');
    }
    expect(adapter.parse('zh_TW', '112/02/29', ['YYYY-MM-DD'])).toBeNull();
  });
});
