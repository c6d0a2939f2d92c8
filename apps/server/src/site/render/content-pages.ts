import type { PageType } from '@bo/shared/schemas/page';
import { canonical, href, type SiteContext } from '../site-context.ts';
import { siteDay } from '../site-i18n.ts';
import { html } from './html.ts';
import { altOf, picture, variant } from './images.ts';
import type { LayoutInput } from './layout.ts';
import {
  type BannerItem,
  type CategoryNode,
  cards,
  categoryPills,
  type ListMeta,
  type PageFull,
  type PageItem,
  pageCard,
  pageLayout,
  pagePath,
  pagination,
  richText,
  sectionHead,
  time,
  TYPE_PATHS,
  typeLabel,
  typeNav,
  type VideoItem,
  videoCard,
  videoFigure,
} from './parts.ts';
import { breadcrumbLd, describe, imageUrl, textOf } from './seo.ts';

export interface HomeData {
  banners: BannerItem[];
  news: PageItem[];
  projects: PageItem[];
  videos: VideoItem[];
}

/** One position's banners as a strip across the page (nothing when it has none); the first is above the fold. */
function bannerStrip(ctx: SiteContext, banners: BannerItem[]) {
  if (!banners.length) return '';
  const item = (b: BannerItem, i: number) => {
    const img = picture(b.photo, { sizes: '100vw', alt: altOf(b.photo, b.title), eager: i === 0, max: 'xlarge' });
    const caption = html`<p class="caption">${b.title}</p>`;
    const link = b.link ? (b.link.startsWith('/') ? href(ctx, b.link) : b.link) : null;
    return html`<li class="banner">${link ? html`<a href="${link}">${img}${caption}</a>` : html`${img}${caption}`}</li>`;
  };
  return html`<section aria-label="${ctx.t.banners}"><ul class="banners${banners.length > 1 ? ' multi' : ''}">${banners.map(item)}</ul></section>`;
}

/** The home page: banners, the site's name and description, latest news, project cases and videos. */
export function homePage(ctx: SiteContext, d: HomeData): LayoutInput {
  const { t, settings, site } = ctx;
  const cover = d.banners[0]?.photo ?? d.projects[0]?.cover_photo ?? d.news[0]?.cover_photo ?? null;
  return {
    current: 'home',
    seo: {
      title: null,
      description: describe(site.tagline, site.company_name),
      path: '/',
      image: cover ? { photo: cover, alt: altOf(cover, site.company_name) } : null,
    },
    main: html`${bannerStrip(ctx, d.banners)}
<section class="${d.banners.length ? 'section' : 'hero-plain'}" aria-labelledby="home-title"><div class="wrap"><h1 id="home-title">${site.company_name}</h1>${
      site.tagline ? html`<p class="lead">${site.tagline}</p>` : ''
    }</div></section>
${
  settings.modules.page
    ? html`<section class="section alt" aria-labelledby="home-news"><div class="wrap">${sectionHead(ctx, 'home-news', t.news, '/news')}${cards(
        ctx,
        'compact',
        d.news.map((p) => pageCard(ctx, p, 3)),
      )}</div></section>
<section class="section" aria-labelledby="home-projects"><div class="wrap">${sectionHead(ctx, 'home-projects', t.projects, '/projects')}${cards(
        ctx,
        'media',
        d.projects.map((p) => pageCard(ctx, p, 3)),
      )}</div></section>`
    : ''
}
${
  settings.modules.video && d.videos.length
    ? html`<section class="section alt" aria-labelledby="home-videos"><div class="wrap">${sectionHead(ctx, 'home-videos', t.videos, '/videos')}${cards(
        ctx,
        'media',
        d.videos.map((v) => videoCard(ctx, v)),
      )}</div></section>`
    : ''
}`,
  };
}

/** A list of one page type, maybe of one category, one page of it, under its position's banners (news, projects, about). */
export function pageListPage(
  ctx: SiteContext,
  d: { type: PageType; list: PageItem[]; meta: ListMeta; tree: CategoryNode[]; category: CategoryNode | null; banners: BannerItem[] },
): LayoutInput {
  const label = typeLabel(ctx, d.type);
  const basePath = TYPE_PATHS[d.type];
  const path = d.category ? `${basePath}/category/${d.category.id}` : basePath;
  const title = d.category ? `${d.category.name} | ${label}` : label;
  const heading = d.category ? d.category.name : label;
  return {
    current: typeNav(d.type),
    breadcrumbs: [{ name: ctx.t.home, path: '/' }, ...(d.category ? [{ name: label, path: basePath }] : []), { name: heading }],
    seo: {
      title: d.meta.page > 1 ? `${title} (${ctx.t.pageOf(d.meta.page, d.meta.last_page)})` : title,
      description: describe(d.list.map((p) => p.title).join('、'), `${label} | ${ctx.site.company_name}`),
      path: d.meta.page > 1 ? `${path}?page=${d.meta.page}` : path,
    },
    main: html`${bannerStrip(ctx, d.banners)}<div class="wrap"><div class="page-head"><h1>${heading}</h1></div>
${categoryPills(ctx, { tree: d.tree, basePath, current: d.category?.id ?? null })}
${cards(
  ctx,
  pageLayout(d.type),
  d.list.map((p) => pageCard(ctx, p)),
)}
${pagination(ctx, path, d.meta)}</div>`,
  };
}

/** One page: its cover, body, project facts and gallery; Article structured data. */
export function pageDetailPage(ctx: SiteContext, p: PageFull): LayoutInput {
  const { t } = ctx;
  const path = pagePath(p);
  const label = typeLabel(ctx, p.type);
  const description = describe(p.seo_description || p.summary || textOf(p.body), p.title);
  const period = [siteDay(p.period_start) ?? p.period_start, siteDay(p.period_end) ?? p.period_end].filter(Boolean).join(' – ');
  const facts = (
    [
      [t.location, p.location],
      [t.client, p.client],
      [t.period, period || null],
    ] as const
  ).filter(([, v]) => v);
  const article = {
    '@context': 'https://schema.org',
    '@type': p.type === 'article' ? 'NewsArticle' : 'Article',
    headline: p.title,
    description,
    inLanguage: p.locale,
    mainEntityOfPage: canonical(ctx, path),
    ...(p.published_at ? { datePublished: p.published_at } : {}),
    ...(p.cover_photo || p.gallery.length ? { image: [p.cover_photo, ...p.gallery].filter((x) => x).map((ph) => imageUrl(ctx, ph!)) } : {}),
    author: { '@id': `${canonical(ctx, '/', 'zh-TW')}#organization` },
    publisher: { '@id': `${canonical(ctx, '/', 'zh-TW')}#organization` },
  };
  const trail = [
    { name: t.home, path: '/' },
    { name: label, path: TYPE_PATHS[p.type] },
    { name: p.title, path },
  ];
  return {
    current: typeNav(p.type),
    breadcrumbs: [trail[0]!, trail[1]!, { name: p.title }],
    seo: {
      title: p.title,
      description,
      path,
      type: 'article',
      image: p.cover_photo
        ? { photo: p.cover_photo, alt: altOf(p.cover_photo, p.title) }
        : p.gallery[0]
          ? { photo: p.gallery[0], alt: altOf(p.gallery[0], p.title) }
          : null,
      jsonLd: [article, breadcrumbLd(ctx, trail)],
    },
    main: html`<div class="wrap"><article class="article" lang="${p.locale === 'en-US' ? 'en' : 'zh-Hant-TW'}">
<header class="page-head"><h1>${p.title}</h1>${
      // A draft's preview has no publication date yet.
      p.type === 'default' || (!p.published_at && !p.category)
        ? ''
        : html`<p class="meta">${p.published_at ? html`${t.publishedOn} ${time(p.published_at)}` : ''}${p.published_at && p.category ? ' · ' : ''}${p.category ? p.category.name : ''}</p>`
    }</header>
${p.cover_photo ? html`<figure class="cover">${picture(p.cover_photo, { sizes: '(min-width: 48rem) 46rem, 100vw', alt: altOf(p.cover_photo, p.title), eager: true })}</figure>` : ''}
${
  facts.length
    ? html`<section aria-label="${t.projectFacts}"><dl class="facts">${facts.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl></section>`
    : ''
}
<div class="rich">${richText(p.body)}</div>
${
  p.gallery.length
    ? html`<section aria-labelledby="gallery"><h2 id="gallery">${t.gallery}</h2><ul class="gallery">${p.gallery.map(
        (ph, i) =>
          html`<li><a href="${variant(ph, 'xlarge').url}" aria-label="${t.galleryPhoto(i + 1, p.gallery.length, altOf(ph, p.title))}">${picture(
            ph,
            {
              sizes: '(min-width: 48rem) 15rem, 50vw',
              alt: '',
              max: 'large',
            },
          )}</a></li>`,
      )}</ul></section>`
    : ''
}
<p><a href="${href(ctx, TYPE_PATHS[p.type])}">← ${label}</a></p>
</article></div>`,
  };
}

export function videoListPage(ctx: SiteContext, d: { list: VideoItem[]; meta: ListMeta }): LayoutInput {
  const path = d.meta.page > 1 ? `/videos?page=${d.meta.page}` : '/videos';
  return {
    current: 'videos',
    breadcrumbs: [{ name: ctx.t.home, path: '/' }, { name: ctx.t.videos }],
    seo: {
      title: ctx.t.videos,
      description: describe(d.list.map((v) => v.title).join('、'), `${ctx.t.videos} | ${ctx.site.company_name}`),
      path,
      image: d.list[0]?.photo ? { photo: d.list[0].photo, alt: altOf(d.list[0].photo, d.list[0].title) } : null,
    },
    main: html`<div class="wrap"><div class="page-head"><h1>${ctx.t.videos}</h1></div>${
      d.list.length ? html`<ul class="videos">${d.list.map(videoFigure)}</ul>` : html`<p class="empty-state">${ctx.t.noItems}</p>`
    }${pagination(ctx, '/videos', d.meta)}</div>`,
  };
}
