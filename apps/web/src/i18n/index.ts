import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/en';
import { useSyncExternalStore } from 'react';
import { DATE_CALENDARS, formatRocDate, parseRocDate, rocYear, type DateCalendar } from '@bo/shared/dates';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { zhTW } from './zh-TW.ts';
import { enUS } from './en-US.ts';

export const LANGUAGES = ['zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';
export const TIME_ZONE = 'Asia/Taipei';
/** The shell's namespace; feature modules add their own through addTranslations. */
export const DEFAULT_NS = 'common';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(TIME_ZONE);

const DAYJS_LOCALE: Record<Language, string> = { 'zh-TW': 'zh-tw', 'en-US': 'en' };

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly string[]).includes(v as string);
const initial: Language = (() => {
  const saved = storage.get(STORAGE_KEYS.language);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
})();

void i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: DEFAULT_NS,
  ns: [DEFAULT_NS],
  resources: { 'zh-TW': { [DEFAULT_NS]: zhTW }, 'en-US': { [DEFAULT_NS]: enUS } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initImmediate: false,
  react: { useSuspense: false },
  showSupportNotice: false,
} as Parameters<typeof i18n.init>[0]);
dayjs.locale(DAYJS_LOCALE[initial]);
if (typeof document !== 'undefined') document.documentElement.lang = initial;

/**
 * Feature modules call this at import time with their own namespace, then use
 * `useTranslation('<ns>')`. Both languages are required.
 */
export function addTranslations(ns: string, resources: { 'zh-TW': object; 'en-US': object }): void {
  i18n.addResourceBundle('zh-TW', ns, resources['zh-TW'], true, true);
  i18n.addResourceBundle('en-US', ns, resources['en-US'], true, true);
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the language, remembers it, and moves dayjs along (antd follows in AppProviders). */
export async function setLanguage(lng: Language): Promise<void> {
  storage.set(STORAGE_KEYS.language, lng);
  dayjs.locale(DAYJS_LOCALE[lng]);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

// ---------------------------------------------------------------------------------------------
// How this admin reads dates (profile `date_calendar`, docs/decisions.md "民國 dates"). A copy is
// kept in storage so the first screen after a reload already follows it; the profile answer decides.
const CALENDAR_KEY = 'app_date_calendar';
const isCalendar = (v: unknown): v is DateCalendar => (DATE_CALENDARS as readonly string[]).includes(v as string);
let calendar: DateCalendar = (() => {
  const saved = storage.get(CALENDAR_KEY);
  return isCalendar(saved) ? saved : 'gregorian';
})();
const calendarListeners = new Set<() => void>();

export const getDateCalendar = (): DateCalendar => calendar;

/** Applies the profile's preference (anything else than 'roc' is Gregorian) and re-renders those who watch it. */
export function setDateCalendar(next: unknown): void {
  const value: DateCalendar = next === 'roc' ? 'roc' : 'gregorian';
  if (value === calendar) return;
  calendar = value;
  storage.set(CALENDAR_KEY, value);
  if (value === 'roc') void pickerAdapterReady();
  for (const l of calendarListeners) l();
}

/** The current calendar; the component re-renders when it changes. */
export function useDateCalendar(): DateCalendar {
  return useSyncExternalStore(
    (l) => {
      calendarListeners.add(l);
      return () => calendarListeners.delete(l);
    },
    getDateCalendar,
    getDateCalendar,
  );
}

/**
 * A dayjs format with its year in 民國 when the preference says so: YYYY-MM-DD (or YYYY/MM/DD) becomes
 * 115/11/23, any other YYYY the 民國 year as a literal. Gregorian formats come back unchanged.
 */
export function calendarFormat(format: string, year: number, cal: DateCalendar = calendar): string {
  if (cal !== 'roc' || !format.includes('YYYY')) return format;
  const y = `[${rocYear(year)}]`;
  return format.replace(/YYYY[-/]MM[-/]DD/g, `${y}/MM/DD`).replace(/YYYY/g, y);
}

/** A date in Asia/Taipei, formatted for display, in the admin's calendar (every date column goes through here). */
export function formatDateTime(iso: string | null | undefined, format = 'YYYY-MM-DD HH:mm'): string {
  if (!iso) return '';
  const d = dayjs(iso).tz(TIME_ZONE);
  return d.format(calendarFormat(format, d.year()));
}

/** A calendar day (YYYY-MM-DD, no time zone: birthdays, hire dates, expiries) in the admin's calendar. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return calendar === 'roc' ? formatRocDate(day) : day;
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
      if (calendar === 'roc') {
        const day = parseRocDate(text);
        if (day) return baseParse(locale, day, ['YYYY-MM-DD']);
      }
      return baseParse(locale, text, formats);
    };
  });
  return pickerAdapter;
}
if (calendar === 'roc') void pickerAdapterReady();

export { i18n };
export default i18n;
