import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { DATE_CALENDARS, formatRocDate, rocYear, type DateCalendar } from '@bo/shared/dates';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { zhTW } from './zh-TW.ts';
import type { Locale as AntdLocale } from 'antd/es/locale';

export const LANGUAGES = ['zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';
/** The shell's namespace; feature modules add their own through addTranslations. */
export const DEFAULT_NS = 'common';

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
  resources: { 'zh-TW': { [DEFAULT_NS]: zhTW } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initImmediate: false,
  react: { useSuspense: false },
  showSupportNotice: false,
} as Parameters<typeof i18n.init>[0]);
if (typeof document !== 'undefined') document.documentElement.lang = initial;

// English loads when chosen, so the sign-in route carries the zh-TW strings only: the shell's English
// strings and Ant Design's English locale come in one chunk.
let english: Promise<void> | null = null;
let antdEnglish: AntdLocale | undefined;

/** Loads what a language needs beyond the strings bundled with the app (nothing for zh-TW). */
export function loadLanguage(lng: Language): Promise<void> {
  if (lng !== 'en-US') return Promise.resolve();
  english ??= Promise.all([import('./en-US.ts'), import('antd/es/locale/en_US')]).then(([strings, antd]) => {
    i18n.addResourceBundle('en-US', DEFAULT_NS, strings.enUS, true, true);
    antdEnglish = antd.default;
  });
  return english;
}

/** Settles once the language remembered from last time can be shown (main.tsx renders after it). */
export const languageReady: Promise<void> = loadLanguage(initial).then(() => {
  // index.html's title is the zh-TW product name: the tab reads the chosen language's from the start
  // (each screen then sets its own, app/screen.tsx).
  if (typeof document !== 'undefined' && document.title === zhTW.site.defaultTitle) document.title = i18n.t('site.defaultTitle');
});

/** Ant Design's locale for `lng` once loaded; undefined for zh-TW (AppProviders' default). */
export const antdLocaleFor = (lng: string): AntdLocale | undefined => (lng === 'en-US' ? antdEnglish : undefined);

/**
 * Feature modules call this at import time with their own namespace, then use
 * `useTranslation('<ns>')`. Both languages are required.
 */
export function addTranslations(ns: string, resources: { 'zh-TW': object; 'en-US': object }): void {
  i18n.addResourceBundle('zh-TW', ns, resources['zh-TW'], true, true);
  i18n.addResourceBundle('en-US', ns, resources['en-US'], true, true);
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the language and remembers it (antd follows in AppProviders, dayjs in i18n/dates.ts). */
export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  storage.set(STORAGE_KEYS.language, lng);
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
  for (const l of calendarListeners) l();
}

/** Calls `listener` after each change of the calendar; answers the unsubscribe. */
export function subscribeDateCalendar(listener: () => void): () => void {
  calendarListeners.add(listener);
  return () => calendarListeners.delete(listener);
}

/** The current calendar; the component re-renders when it changes. */
export function useDateCalendar(): DateCalendar {
  return useSyncExternalStore(subscribeDateCalendar, getDateCalendar, getDateCalendar);
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

/** A calendar day (YYYY-MM-DD, no time zone: birthdays, hire dates, expiries) in the admin's calendar. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return calendar === 'roc' ? formatRocDate(day) : day;
}

export { i18n };
export default i18n;
