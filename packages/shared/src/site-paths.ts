import type { PageType } from './schemas/page.ts';

/** Where each page type lives on the company website (paths without the site's prefix or locale). */
export const TYPE_PATHS: Record<PageType, string> = { default: '/pages', article: '/news', project: '/projects' };

export const pagePath = (p: { type: PageType; slug: string }): string => `${TYPE_PATHS[p.type]}/${encodeURIComponent(p.slug)}`;
export const productPath = (p: { slug: string }): string => `/products/${encodeURIComponent(p.slug)}`;

/** What an editor can preview on the website before it is published (issue 26). */
export const PREVIEW_KINDS = ['page', 'product', 'banner'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** The website's preview of a draft: the path the link is signed for (`/preview/page/12`). */
export const previewPath = (kind: PreviewKind, id: number): string => `/preview/${kind}/${id}`;
