import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/en';
import { parseRocDate } from '@bo/shared/dates';
import { calendarFormat, currentLanguage, getDateCalendar, i18n, subscribeDateCalendar, type Language } from './index.ts';

/**
 * dayjs for the screens that show or pick dates (the admin screens: the admin layout imports this
 * module, so every one of them has it). Kept off the sign-in route, which formats no date.
 */
export const TIME_ZONE = 'Asia/Taipei';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(TIME_ZONE);

const DAYJS_LOCALE: Record<Language, string> = { 'zh-TW': 'zh-tw', 'en-US': 'en' };
dayjs.locale(DAYJS_LOCALE[currentLanguage()]);
i18n.on('languageChanged', () => dayjs.locale(DAYJS_LOCALE[currentLanguage()]));

// dayjs's tz() asks Date#toLocaleString with a time zone, which builds an Intl.DateTimeFormat on every call
// (the slowest part of a date column's render); one formatter, made once, gives the zone's offset instead.
// Made on first need only: constructing it loads ICU's zone data, some 20 ms of the first screen's main
// thread on a desktop, and every instant since 1980 has the fixed offset below anyway.
let zoneParts: Intl.DateTimeFormat | null = null;
const zoneFormatter = () =>
  (zoneParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }));

/** Asia/Taipei has kept +08:00, without summer time, since 1979-10-01 (the tz database's last Taiwan rule). */
const FIXED_OFFSET_SINCE = Date.UTC(1980, 0, 1);
const FIXED_OFFSET_MINUTES = 480;

/** Minutes Asia/Taipei is ahead of UTC at `ms` (+480 today; +540 in its wartime and summer-time years). */
export function zoneOffsetMinutes(ms: number): number {
  if (ms >= FIXED_OFFSET_SINCE) return FIXED_OFFSET_MINUTES;
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of zoneFormatter().formatToParts(ms)) p[type] = Number(value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** A date in Asia/Taipei, formatted for display, in the admin's calendar (every date column goes through here). */
export function formatDateTime(iso: string | null | undefined, format = 'YYYY-MM-DD HH:mm'): string {
  if (!iso) return '';
  const parsed = dayjs(iso);
  if (!parsed.isValid()) return parsed.format(format);
  const d = parsed.utcOffset(zoneOffsetMinutes(parsed.valueOf()));
  return d.format(calendarFormat(format, d.year()));
}

// Ant Design's pickers format and parse through one dayjs adapter (@rc-component/picker/generate/dayjs,
// what antd/es/date-picker is built on): wrapped once so that with 民國 on they show 115/11/23 and take
// what people type (民國115年11月23日, 115/11/23, 1151123...) before the Gregorian formats. The values they
// hand to forms stay dayjs dates: what goes to the API is unchanged. Loaded only once 民國 is chosen (at
// start-up when stored), so the sign-in page does not carry the adapter's dayjs plugins (~4 KB brotli).
let pickerAdapter: Promise<void> | null = null;
export function pickerAdapterReady(): Promise<void> {
  pickerAdapter ??= import('@rc-component/picker/generate/dayjs').then(({ default: config }) => {
    const adapter = config.locale;
    const baseFormat = adapter.format.bind(adapter);
    const baseParse = adapter.parse.bind(adapter);
    adapter.format = (locale, date, format) =>
      baseFormat(locale, date, typeof format === 'string' ? calendarFormat(format, dayjs(date).year()) : format);
    adapter.parse = (locale, text, formats) => {
      if (getDateCalendar() === 'roc') {
        const day = parseRocDate(text);
        if (day) return baseParse(locale, day, ['YYYY-MM-DD']);
      }
      return baseParse(locale, text, formats);
    };
  });
  return pickerAdapter;
}
if (getDateCalendar() === 'roc') void pickerAdapterReady();
subscribeDateCalendar(() => {
  if (getDateCalendar() === 'roc') void pickerAdapterReady();
});
