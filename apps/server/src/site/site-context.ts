import type { AppConfig } from '@bo/shared/app-config';
import type { PublicWebsite } from '@bo/shared/schemas/website-settings';
import { STRINGS, type SiteLocale, type SiteStrings } from './site-i18n.ts';

/** What every page shows from the app config (GET /api/settings) and the website settings (GET /api/public/website). */
export interface SiteSettings {
  /** The company's name, tagline, logo, contact and footer in each locale: never the back office's title. */
  identity: Record<SiteLocale, PublicWebsite>;
  primaryColor: string;
  startYear: number;
  modules: AppConfig['modules'];
  recaptchaSiteKey: string | null;
  oauthProviders: string[];
}

/** One request's view of the site: its language, where its links start, and the app config. */
export interface SiteContext {
  locale: SiteLocale;
  t: SiteStrings;
  /** Where the site's paths start on this request: '' on SITE_HOST, '/site' elsewhere. */
  base: string;
  /** config.site.url: the canonical address of the site's root, no trailing slash. */
  siteUrl: string;
  settings: SiteSettings;
  /** The company's identity in this request's locale. */
  site: PublicWebsite;
}

export const localePrefix = (locale: SiteLocale): string => (locale === 'en-US' ? '/en' : '');

export function siteContext(locale: SiteLocale, base: string, siteUrl: string, settings: SiteSettings): SiteContext {
  return { locale, t: STRINGS[locale], base, siteUrl, settings, site: settings.identity[locale] };
}

/** A link to a page of the site (`path` is the page's path without locale, starting with `/`). */
export const href = (ctx: SiteContext, path: string, locale: SiteLocale = ctx.locale): string =>
  `${ctx.base}${localePrefix(locale)}${path}`;

/** The page's canonical absolute address, whatever host or prefix it was asked on. */
export const canonical = (ctx: SiteContext, path: string, locale: SiteLocale = ctx.locale): string =>
  `${ctx.siteUrl}${localePrefix(locale)}${path}`;

/** An absolute URL for a site-relative one (photos are served by /api/files on the same origin). */
export const absolute = (ctx: SiteContext, url: string): string =>
  /^https?:\/\//i.test(url) ? url : `${new URL(ctx.siteUrl).origin}${url}`;
