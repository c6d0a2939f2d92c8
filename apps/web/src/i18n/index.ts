import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/en';
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

/** A date in Asia/Taipei, formatted for display. */
export const formatDateTime = (iso: string | null | undefined, format = 'YYYY-MM-DD HH:mm'): string =>
  iso ? dayjs(iso).tz(TIME_ZONE).format(format) : '';

export { i18n };
export default i18n;
