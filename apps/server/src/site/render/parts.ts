import type { z } from 'zod';
import type { listMeta } from '@bo/shared/list';
import type { PageType, publicPage, publicPageItem } from '@bo/shared/schemas/page';
import type { publicBannerSchema } from '@bo/shared/schemas/banner';
import type { publicVideoSchema } from '@bo/shared/schemas/video';
import type { publicProduct, publicProductItem } from '@bo/shared/schemas/product';
import type { PhotoSummary } from '@bo/shared/schemas/photo';
import { pagePath, productPath, TYPE_PATHS } from '@bo/shared/site-paths';
import { href, type SiteContext } from '../site-context.ts';
import { ntd, siteDay } from '../site-i18n.ts';
import { markupProblem } from '../../lib/html/markup-shape.ts';
import { html, raw, type Html } from './html.ts';
import { altOf, picture } from './images.ts';

export { pagePath, productPath, TYPE_PATHS };

export type PageItem = z.infer<typeof publicPageItem>;
export type PageFull = z.infer<typeof publicPage>;
export type BannerItem = z.infer<typeof publicBannerSchema>;
export type VideoItem = z.infer<typeof publicVideoSchema>;
export type ProductItem = z.infer<typeof publicProductItem>;
export type ProductFull = z.infer<typeof publicProduct>;
export type ListMeta = z.infer<typeof listMeta>;
export interface CategoryNode {
  id: number;
  name: string;
  children?: CategoryNode[];
}

/**
 * Rich text of a page or product, as stored: every save sanitises it (in the sanitiser's worker) and
 * migration 0092 sanitised what was stored before, so rendering never parses markup on the request
 * thread (issue 34: each render of a big body took the others' time). A stored body past the shape
 * limits (written before them) is left out; the shape scan is one linear pass.
 */
export const richText = (markup: string): Html => raw(markupProblem(markup) ? '' : markup);

/** Where each page type lives on the site. */
export const typeLabel = (ctx: SiteContext, type: PageType): string =>
  type === 'article' ? ctx.t.news : type === 'project' ? ctx.t.projects : ctx.t.about;
export const typeNav = (type: PageType): 'news' | 'projects' | 'about' =>
  type === 'article' ? 'news' : type === 'project' ? 'projects' : 'about';

/**
 * How cards are laid out: `compact` (news, pages) three across a wide screen and a list with a small
 * square picture on a phone; `media` (projects, products, videos) four across and two on a phone.
 */
export type CardLayout = 'compact' | 'media';
const CARD_SIZES: Record<CardLayout, string> = {
  compact: '(min-width: 72rem) 23rem, (min-width: 40rem) 33vw, 7rem',
  media: '(min-width: 72rem) 17rem, (min-width: 40rem) 33vw, 50vw',
};

export const time = (iso: string | null): Html => {
  const day = siteDay(iso);
  return day ? html`<time datetime="${iso}">${day}</time>` : html``;
};

export function priceRange(min: number | null, max: number | null): string | null {
  if (min === null) return null;
  return max !== null && max !== min ? `${ntd(min)} – ${ntd(max)}` : ntd(min);
}

function thumb(photo: PhotoSummary | null, subject: string, layout: CardLayout, play: boolean): Html {
  const cls = play ? 'thumb play' : 'thumb';
  return photo
    ? html`<div class="${cls}">${picture(photo, { sizes: CARD_SIZES[layout], alt: altOf(photo, subject), max: 'large' })}</div>`
    : html`<div class="${cls} empty"></div>`;
}

/** The heading level of a card's title: 2 in a list under the page's h1, 3 in a section of the home page. */
export type CardLevel = 2 | 3;

/** A card: picture, a title whose link covers the card, and lines below. */
export function card(opts: {
  link: string;
  title: string;
  photo: PhotoSummary | null;
  layout: CardLayout;
  lines?: Html[];
  play?: boolean;
  level?: CardLevel;
}): Html {
  const h = raw(`h${opts.level ?? 2}`);
  return html`<li class="card">${thumb(opts.photo, opts.title, opts.layout, opts.play ?? false)}<div class="body"><${h} class="card-title"><a href="${opts.link}">${opts.title}</a></${h}>${opts.lines ?? []}</div></li>`;
}

/** The layout of a page type's cards: project cases are pictures first. */
export const pageLayout = (type: PageType): CardLayout => (type === 'project' ? 'media' : 'compact');

export const pageCard = (ctx: SiteContext, p: PageItem, level?: CardLevel): Html =>
  card({
    link: href(ctx, pagePath(p)),
    title: p.title,
    photo: p.cover_photo,
    layout: pageLayout(p.type),
    level,
    lines: [
      p.type === 'default' ? html`` : html`<p class="meta">${time(p.published_at)}${p.category ? html` · ${p.category.name}` : ''}</p>`,
      p.summary ? html`<p class="summary">${p.summary}</p>` : html``,
    ],
  });

/** A video on the home page: it plays on the videos page (videoFigure), from its start time. */
export const videoCard = (ctx: SiteContext, v: VideoItem): Html =>
  card({
    link: href(ctx, `/videos#video-${v.id}`),
    title: v.title,
    photo: v.photo,
    layout: 'media',
    play: true,
    level: 3,
    lines: [html`<p class="meta">YouTube</p>`],
  });

/** A video playing embedded (youtube-nocookie, the only frame the site's CSP admits), from its link's `t=`. */
export const videoFigure = (v: VideoItem): Html =>
  html`<li class="video" id="video-${v.id}"><figure><div class="video-frame"><iframe src="${v.embed_url}" title="${v.title}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen></iframe></div><figcaption>${v.title}</figcaption></figure></li>`;

export const productCard = (ctx: SiteContext, p: ProductItem): Html => {
  const price = priceRange(p.price_min, p.price_max);
  return card({
    link: href(ctx, productPath(p)),
    title: p.name,
    photo: p.cover_photo,
    layout: 'media',
    lines: [
      p.category ? html`<p class="meta">${p.category.name}</p>` : html``,
      price ? html`<p class="price">${price}</p>` : html``,
      p.summary ? html`<p class="summary">${p.summary}</p>` : html``,
    ],
  });
};

export const cards = (ctx: SiteContext, layout: CardLayout, items: Html[]): Html =>
  items.length ? html`<ul class="cards ${layout}">${items}</ul>` : html`<p class="empty-state">${ctx.t.noItems}</p>`;

/** Category links: "All" and every category of the tree, in order. */
export function categoryPills(ctx: SiteContext, opts: { tree: CategoryNode[]; basePath: string; current: number | null }): Html {
  const flat: CategoryNode[] = [];
  const walk = (nodes: CategoryNode[]) => {
    for (const n of nodes) {
      flat.push(n);
      walk(n.children ?? []);
    }
  };
  walk(opts.tree);
  if (!flat.length) return html``;
  const pill = (label: string, path: string, on: boolean) =>
    html`<li><a href="${href(ctx, path)}"${on ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav aria-label="${ctx.t.categories}"><ul class="pills">${pill(ctx.t.allCategories, opts.basePath, opts.current === null)}${flat.map(
    (n) => pill(n.name, `${opts.basePath}/category/${n.id}`, n.id === opts.current),
  )}</ul></nav>`;
}

/** Previous / next links of a paged list (`?page=`). */
export function pagination(ctx: SiteContext, path: string, meta: ListMeta): Html {
  if (meta.last_page <= 1) return html``;
  const at = (n: number) => href(ctx, n > 1 ? `${path}?page=${n}` : path);
  return html`<nav class="pagination" aria-label="${ctx.t.pagination}">${
    meta.page > 1 ? html`<a href="${at(meta.page - 1)}" rel="prev">${ctx.t.previous}</a>` : ''
  }<span>${ctx.t.pageOf(meta.page, meta.last_page)}</span>${
    meta.page < meta.last_page ? html`<a href="${at(meta.page + 1)}" rel="next">${ctx.t.next}</a>` : ''
  }</nav>`;
}

export const sectionHead = (ctx: SiteContext, id: string, title: string, morePath?: string): Html =>
  html`<div class="section-head"><h2 id="${id}">${title}</h2>${
    morePath ? html`<a href="${href(ctx, morePath)}" aria-label="${ctx.t.moreOf(title)}">${ctx.t.more}</a>` : ''
  }</div>`;
