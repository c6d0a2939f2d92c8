import type { PhotoSummary } from '@bo/shared/schemas/photo';
import { absolute, canonical, href, type SiteContext } from '../site-context.ts';
import { HTML_LANG, OG_LOCALE, SITE_LOCALES } from '../site-i18n.ts';
import { html, jsonForScript, type Html } from './html.ts';
import { variant } from './images.ts';

/** What a page tells search engines and link previews about itself. */
export interface Seo {
  /** The page's own title; the home page has none (its title is the site's). */
  title: string | null;
  description: string;
  /** The page's path without locale (`/news/a-slug`): canonical and hreflang alternates are built from it. */
  path: string;
  image?: { photo: PhotoSummary; alt: string } | null;
  type?: 'website' | 'article' | 'product';
  /** Structured data besides the Organization every page carries. */
  jsonLd?: object[];
  /** Member pages and form results: not indexed, no alternates. */
  noindex?: boolean;
}

/** '{page} | {site title}'; the site title alone on the home page. */
export const pageTitle = (ctx: SiteContext, title: string | null): string =>
  title ? `${title} | ${ctx.site.company_name}` : ctx.site.company_name;

/** A description of at most ~160 characters, from text that may be long or empty. */
export function describe(text: string | null | undefined, fallback: string): string {
  const s = (text ?? '').replace(/\s+/g, ' ').trim() || fallback;
  return s.length > 160 ? `${s.slice(0, 157).trimEnd()}…` : s;
}

/** Text of sanitised rich text, for a description. */
export const textOf = (markup: string): string =>
  markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

export function organizationLd(ctx: SiteContext): object {
  const s = ctx.site;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${canonical(ctx, '/', 'zh-TW')}#organization`,
    name: s.company_name,
    url: canonical(ctx, '/', 'zh-TW'),
    ...(s.tagline ? { description: s.tagline } : {}),
    ...(s.logo ? { logo: imageUrl(ctx, s.logo) } : {}),
    ...(s.address ? { address: s.address } : {}),
    ...(s.social_links.length ? { sameAs: s.social_links.map((l) => l.url) } : {}),
    ...(ctx.settings.modules.contact || s.email || s.phone
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            ...(s.email ? { email: s.email } : {}),
            ...(s.phone ? { telephone: s.phone } : {}),
            ...(ctx.settings.modules.contact ? { url: canonical(ctx, '/contact') } : {}),
          },
        }
      : {}),
  };
}

export function breadcrumbLd(ctx: SiteContext, trail: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: canonical(ctx, c.path) })),
  };
}

export const imageUrl = (ctx: SiteContext, photo: PhotoSummary): string => absolute(ctx, variant(photo, 'large').url);

/** The `<head>` contents after the charset and viewport: title, description, canonical, alternates, Open Graph, JSON-LD. */
export function seoHead(ctx: SiteContext, seo: Seo): Html {
  const title = pageTitle(ctx, seo.title);
  const url = canonical(ctx, seo.path);
  const og = seo.image ? variant(seo.image.photo, 'large') : null;
  const ld = [organizationLd(ctx), ...(seo.jsonLd ?? [])];
  return html`<title>${title}</title>
<meta name="description" content="${seo.description}">
${seo.noindex ? html`<meta name="robots" content="noindex">` : html`<link rel="canonical" href="${url}">`}
${
  seo.noindex
    ? ''
    : [
        ...SITE_LOCALES.map((l) => html`<link rel="alternate" hreflang="${HTML_LANG[l]}" href="${canonical(ctx, seo.path, l)}">\n`),
        html`<link rel="alternate" hreflang="x-default" href="${canonical(ctx, seo.path, 'zh-TW')}">`,
      ]
}
<meta property="og:type" content="${seo.type === 'article' ? 'article' : seo.type === 'product' ? 'product' : 'website'}">
<meta property="og:site_name" content="${ctx.site.company_name}">
<meta property="og:title" content="${seo.title ?? ctx.site.company_name}">
<meta property="og:description" content="${seo.description}">
<meta property="og:url" content="${url}">
<meta property="og:locale" content="${OG_LOCALE[ctx.locale]}">
${
  og && seo.image
    ? html`<meta property="og:image" content="${absolute(ctx, og.url)}">
<meta property="og:image:width" content="${og.width}">
<meta property="og:image:height" content="${og.height}">
<meta property="og:image:alt" content="${seo.image.alt}">
<meta name="twitter:card" content="summary_large_image">`
    : html`<meta name="twitter:card" content="summary">`
}
<script type="application/ld+json">${jsonForScript(ld.length === 1 ? ld[0] : ld)}</script>`;
}

/** The link of the same page in the other language. */
export const otherLocaleHref = (ctx: SiteContext, path: string): string => href(ctx, path, ctx.locale === 'zh-TW' ? 'en-US' : 'zh-TW');
