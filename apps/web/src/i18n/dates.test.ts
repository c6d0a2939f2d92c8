import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime, TIME_ZONE, zoneOffsetMinutes } from './dates.ts';

describe('formatDateTime', () => {
  it('formats in Asia/Taipei as dayjs tz() does, its summer-time and wartime years included', () => {
    const instants = [
      '2026-12-03T13:10:00Z',
      '2026-12-03T16:00:00.999Z',
      '2024-02-29T23:59:59Z',
      '1999-12-31T16:00:00Z',
      '1975-06-01T12:00:00Z',
      '1979-09-30T14:30:00Z',
      '1944-05-01T00:00:00Z',
      '1960-01-01T00:00:00.500Z',
      '2026-07-01T00:00:00+08:00',
    ];
    for (const iso of instants)
      for (const format of ['YYYY-MM-DD HH:mm', 'HH:mm:ss', 'YYYY-MM-DD'])
        expect(formatDateTime(iso, format), `${iso} ${format}`).toBe(dayjs(iso).tz(TIME_ZONE).format(format));
  });

  it('the fixed offset since 1980 is the tz database’s, month by month to 2040 and at the boundary', () => {
    for (let year = 1980; year <= 2040; year++)
      for (let month = 0; month < 12; month++) {
        const ms = Date.UTC(year, month, 15, 6);
        expect(zoneOffsetMinutes(ms), new Date(ms).toISOString()).toBe(dayjs(ms).tz(TIME_ZONE).utcOffset());
      }
    expect(zoneOffsetMinutes(Date.UTC(1979, 11, 31, 23, 59))).toBe(
      dayjs(Date.UTC(1979, 11, 31, 23, 59))
        .tz(TIME_ZONE)
        .utcOffset(),
    );
  });

  it('gives the zone offset and leaves empty and invalid input as before', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-12-03T13:10:00Z'))).toBe(480);
    expect(zoneOffsetMinutes(Date.parse('1975-06-01T12:00:00Z'))).toBe(540);
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe(dayjs('not a date').tz(TIME_ZONE).format('YYYY-MM-DD HH:mm'));
  });
});
