import sanitizeHtml, { type Attributes, type IOptions, type Tag, type Transformer } from 'sanitize-html';
import { isSitePath } from '@bo/shared/validators';
import { browserUrl, DROPPED_WITH_CONTENT, LINK_SCHEMES, TEXT_TAGS } from './allowed-markup.ts';

/** A YouTube embed the editor writes (youtube-nocookie only, an 11-character id, plain query parameters). */
const YOUTUBE_EMBED = /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}(\?[A-Za-z0-9_=&-]*)?$/;
const YOUTUBE_COM_EMBED = /^https:\/\/(?:www\.)?youtube\.com\/embed\//;
/** Besides these, a path of the site (isSitePath, the banner links' rule too). */
const LINK_URL = /^(?:https?:|mailto:|tel:|#)/i;
const IMAGE_URL = /^https?:\/\//i;
const DIGITS = /^\d{1,6}$/;
const REL_TOKENS = new Set(['noopener', 'noreferrer', 'nofollow', 'ugc', 'sponsored']);
/**
 * The attributes in `checked` that have a value, in the order the input gave them (so the editor's own
 * output comes back unchanged), those the input did not have at the end.
 */
function inOrder(attribs: Attributes, checked: Record<string, string | undefined>): Attributes {
  const out: Attributes = {};
  for (const name of [...Object.keys(attribs), ...Object.keys(checked)]) {
    const value = checked[name];
    if (value !== undefined && !(name in out)) out[name] = value;
  }
  return out;
}

const digits = (value: string | undefined) => (value !== undefined && DIGITS.test(value.trim()) ? value.trim() : undefined);

const numbers =
  (...names: string[]): Transformer =>
  (tagName, attribs) => ({ tagName, attribs: inOrder(attribs, Object.fromEntries(names.map((n) => [n, digits(attribs[n])]))) });

const link: Transformer = (tagName, attribs) => {
  const href = browserUrl(attribs.href);
  const target = attribs.target?.trim();
  const rel = (attribs.rel ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((token) => REL_TOKENS.has(token));
  // A new tab must not get a handle on this page (reverse tabnabbing).
  if (target === '_blank') for (const token of ['noopener', 'noreferrer']) if (!rel.includes(token)) rel.push(token);
  return {
    tagName,
    attribs: inOrder(attribs, {
      href: href && (LINK_URL.test(href) || isSitePath(href)) ? href : undefined,
      title: attribs.title,
      target: target === '_blank' || target === '_self' ? target : undefined,
      rel: rel.length ? [...new Set(rel)].join(' ') : undefined,
    }),
  };
};

/** An image without an acceptable src is dropped by the exclusive filter. */
const image: Transformer = (tagName, attribs) => {
  const src = browserUrl(attribs.src);
  return {
    tagName,
    attribs: inOrder(attribs, {
      src: src && (IMAGE_URL.test(src) || isSitePath(src)) ? src : undefined,
      alt: attribs.alt,
      title: attribs.title,
      width: digits(attribs.width),
      height: digits(attribs.height),
      'data-photo-id': digits(attribs['data-photo-id']),
    }),
  };
};

/** Only a YouTube embed keeps its src; an iframe without one is dropped with its content by the exclusive filter. */
const iframe: Transformer = (tagName, attribs) => {
  const src = browserUrl(attribs.src).replace(YOUTUBE_COM_EMBED, 'https://www.youtube-nocookie.com/embed/');
  if (!YOUTUBE_EMBED.test(src)) return { tagName, attribs: {} };
  return {
    tagName,
    attribs: inOrder(attribs, {
      src,
      width: digits(attribs.width),
      height: digits(attribs.height),
      allowfullscreen: attribs.allowfullscreen === undefined ? undefined : '',
      title: attribs.title,
      loading: 'lazy',
      referrerpolicy: 'strict-origin-when-cross-origin',
    }),
  };
};

const OPTIONS: IOptions = {
  allowedTags: [...TEXT_TAGS, 'colgroup', 'col', 'iframe'],
  allowedAttributes: {
    ol: ['start'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-photo-id'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    div: ['data-youtube-video'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'title', 'loading', 'referrerpolicy'],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube-nocookie.com'],
  allowIframeRelativeUrls: false,
  nonTextTags: [...DROPPED_WITH_CONTENT],
  selfClosing: ['img', 'br', 'hr', 'col'],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  transformTags: {
    a: link,
    img: image,
    iframe,
    ol: numbers('start'),
    th: numbers('colspan', 'rowspan'),
    td: numbers('colspan', 'rowspan'),
    div: (tagName, attribs): Tag => ({ tagName, attribs: attribs['data-youtube-video'] === undefined ? {} : { 'data-youtube-video': '' } }),
  },
  // Filtering in place, not renaming: sanitize-html misnames a later closing tag after a tag renamed to a refused one.
  exclusiveFilter: (frame) => {
    if ((frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src) return true;
    if (frame.tag !== 'div') return false;
    // A div is only the YouTube node's wrapper: any other div gives up its tag and keeps its content,
    // a wrapper whose video was refused goes.
    if (frame.attribs['data-youtube-video'] === undefined) return 'excludeTag';
    return !frame.mediaChildren.length && !frame.text.trim();
  },
};

function clean(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

function blank(cleaned: string): boolean {
  if (/<(?:img|iframe)\b/i.test(cleaned)) return false;
  const text = cleaned.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  return text.trim() === '';
}

/**
 * The stored form of a rich-text body (a page's content): only what the web editor produces, every
 * URL checked, so the HTML can be shown as is without a stored XSS. An empty body (whitespace, empty
 * paragraphs) answers '' so a "required" check sees it as missing.
 */
export function sanitizeRichText(html: string): string {
  const cleaned = clean(html);
  return blank(cleaned) ? '' : cleaned;
}

/** True when the HTML shows nothing once sanitised: no text, image or video. */
export function isBlankRichText(html: string): boolean {
  return blank(clean(html));
}
