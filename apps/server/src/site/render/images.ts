import type { PhotoSummary, PhotoVariant } from '@bo/shared/schemas/photo';
import { html, type Html } from './html.ts';

/** The library's resized variants, smallest first (photoSummarySchema: tiny 160 … xlarge 1920; never upscaled). */
const VARIANTS = ['tiny', 'small', 'middle', 'large', 'xlarge'] as const;
export type VariantName = (typeof VARIANTS)[number];

function variantsUpTo(photo: PhotoSummary, max: VariantName): PhotoVariant[] {
  const out: PhotoVariant[] = [];
  for (const name of VARIANTS.slice(0, VARIANTS.indexOf(max) + 1)) {
    const v = photo.size_list[name];
    // A small photo's larger variants are the same width: one candidate per width.
    if (v?.url && v.width > 0 && !out.some((o) => o.width === v.width)) out.push(v);
  }
  return out;
}

const srcsetOf = (variants: PhotoVariant[], key: 'url' | 'webp_url'): string => variants.map((v) => `${v[key]} ${v.width}w`).join(', ');

/** The variant a page points at directly (og:image, a gallery's full-size link): `name`, else the largest below it. */
export function variant(photo: PhotoSummary, name: VariantName): PhotoVariant {
  const list = variantsUpTo(photo, name);
  return list[list.length - 1] ?? photo.size_list.origin;
}

export interface PictureOptions {
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  alt: string;
  /** Above the fold (the first banner, a page's cover): loaded at once, with high priority. Lazy otherwise. */
  eager?: boolean;
  /** The largest variant offered. */
  max?: VariantName;
  className?: string;
}

/**
 * A responsive picture: WebP and the stored format, each with a srcset of the variants' widths, the
 * browser picking by `sizes`; width and height of the middle variant so the box is reserved before it loads.
 */
export function picture(photo: PhotoSummary, opts: PictureOptions): Html {
  const variants = variantsUpTo(photo, opts.max ?? 'xlarge');
  if (!variants.length) return html``;
  const fallback = variants.find((v) => v.width >= 800) ?? variants[variants.length - 1]!;
  const webp = variants.every((v) => v.webp_url);
  return html`<picture${opts.className ? html` class="${opts.className}"` : ''}>${
    webp ? html`<source type="image/webp" srcset="${srcsetOf(variants, 'webp_url')}" sizes="${opts.sizes}">` : ''
  }<img src="${fallback.url}" srcset="${srcsetOf(variants, 'url')}" sizes="${opts.sizes}" width="${fallback.width}" height="${fallback.height}" alt="${opts.alt}" ${
    opts.eager ? html`fetchpriority="high"` : html`loading="lazy"`
  } decoding="async"></picture>`;
}

/** The alternative text of a content photo: its own alt text, else the title of what it illustrates. */
export const altOf = (photo: PhotoSummary, subject: string): string => photo.alt?.trim() || subject;
