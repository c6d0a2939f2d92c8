import { href, type SiteContext } from '../site-context.ts';
import { HTML_LANG, siteDay, type SiteStrings } from '../site-i18n.ts';
import { RECAPTCHA_JS, SITE_CSS } from '../site-assets.ts';
import { html, raw, type Html } from './html.ts';
import { brand, footerIdentity } from './identity.ts';
import { otherLocaleHref, seoHead, type Seo } from './seo.ts';
import { themeColours, themeStyle } from './theme.ts';

export type NavKey = 'home' | 'about' | 'news' | 'projects' | 'products' | 'videos' | 'contact' | 'member';

/** The menu: the sections whose module is on (app config `modules`). */
export function navItems(ctx: SiteContext): { key: NavKey; path: string; label: string }[] {
  const { modules } = ctx.settings;
  const t = ctx.t;
  const items: { key: NavKey; path: string; label: string; on: boolean }[] = [
    { key: 'home', path: '/', label: t.home, on: true },
    { key: 'about', path: '/pages', label: t.about, on: modules.page },
    { key: 'news', path: '/news', label: t.news, on: modules.page },
    { key: 'projects', path: '/projects', label: t.projects, on: modules.page },
    { key: 'products', path: '/products', label: t.products, on: modules.product },
    { key: 'videos', path: '/videos', label: t.videos, on: modules.video },
    { key: 'contact', path: '/contact', label: t.contact, on: modules.contact },
  ];
  return items.filter((i) => i.on);
}

export interface Crumb {
  name: string;
  /** Absent on the last one (the page itself). */
  path?: string;
}

export interface LayoutInput {
  seo: Seo;
  current?: NavKey;
  breadcrumbs?: Crumb[];
  main: Html;
  /**
   * The page has a form whose API call checks reCAPTCHA: with a site key configured, Google's script and
   * the site's one that fills the token on submit are its only scripts (the CSP admits them on such pages only).
   */
  recaptcha?: boolean;
}

const favicon = (colour: string): string =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="${colour}"/></svg>`)}`;

function breadcrumbs(ctx: SiteContext, t: SiteStrings, crumbs: Crumb[]): Html {
  return html`<nav class="breadcrumb wrap" aria-label="${t.breadcrumb}"><ol>${crumbs.map((c) =>
    c.path ? html`<li><a href="${href(ctx, c.path)}">${c.name}</a></li>` : html`<li aria-current="page">${c.name}</li>`,
  )}</ol></nav>`;
}

/** A whole page of the site: head (SEO, theme, stylesheet), skip link, header with menu, main, footer. */
export function layout(ctx: SiteContext, input: LayoutInput): string {
  const { t, settings } = ctx;
  const theme = themeStyle(settings.primaryColor);
  const year = Number(siteDay(new Date().toISOString())!.slice(0, 4));
  const years = settings.startYear && settings.startYear < year ? `${settings.startYear}–${year}` : String(year);
  const nav = navItems(ctx);
  const other = ctx.locale === 'zh-TW' ? 'en-US' : 'zh-TW';
  return html`<!doctype html>
<html lang="${HTML_LANG[ctx.locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${seoHead(ctx, input.seo)}
<meta name="theme-color" content="${themeColours(settings.primaryColor).ink}">
<link rel="icon" href="${favicon(settings.primaryColor)}">
<link rel="stylesheet" href="${ctx.base}/assets/${SITE_CSS.name}">
<style>${raw(theme.css)}</style>
</head>
<body>
<a class="skip" href="#main">${t.skip}</a>
<header class="site-header">
<div class="wrap head">
${brand(ctx)}
<nav class="menu" aria-label="${t.mainMenu}"><ul>${nav.map(
    (n) => html`<li><a href="${href(ctx, n.path)}"${n.key === input.current ? html` aria-current="page"` : ''}>${n.label}</a></li>`,
  )}</ul></nav>
<div class="tools">
<a href="${otherLocaleHref(ctx, input.seo.path)}" hreflang="${HTML_LANG[other]}" lang="${HTML_LANG[other]}" aria-label="${t.otherLanguageLabel}">${t.otherLanguage}</a>
${settings.modules.member ? html`<a href="${href(ctx, '/member/profile')}"${input.current === 'member' ? html` aria-current="page"` : ''}>${t.member}</a>` : ''}
</div>
</div>
</header>
${input.breadcrumbs?.length ? breadcrumbs(ctx, t, input.breadcrumbs) : ''}
<main id="main" tabindex="-1">
${input.main}
</main>
<footer class="site-footer">
<div class="wrap">
${footerIdentity(ctx)}
<nav aria-label="${t.footerMenu}"><ul>${nav.map((n) => html`<li><a href="${href(ctx, n.path)}">${n.label}</a></li>`)}</ul></nav>
<p>${t.copyright(years, ctx.site.company_name)}</p>
</div>
</footer>
${
  input.recaptcha && settings.recaptchaSiteKey
    ? html`<script src="https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(settings.recaptchaSiteKey)}" async></script>
<script src="${ctx.base}/assets/${RECAPTCHA_JS.name}" defer></script>`
    : ''
}
</body>
</html>
`.value;
}
