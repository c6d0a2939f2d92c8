import sanitizeHtml, { type IOptions, type Transformer } from 'sanitize-html';
import { browserUrl, DROPPED_WITH_CONTENT, LINK_SCHEMES, TEXT_TAGS } from './allowed-markup.ts';

/** A whole-attribute placeholder (`{{link}}`): the mailer fills it with a link it built itself. */
const PLACEHOLDER = /^\{\{\s*[A-Za-z][A-Za-z0-9_]*\s*\}\}$/;
const LINK_URL = /^(?:https?:\/\/|mailto:|tel:)/i;
const IMAGE_URL = /^https?:\/\//i;
/** A CSS value without url(), expression(), escapes or a second declaration: colours, lengths, font names. */
const STYLE_VALUE = [/^[\w\s#.,%'"!-]+$/, /^rgba?\([\d\s,.%]+\)$/];
const STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'letter-spacing',
  'line-height',
  'text-align',
  'text-decoration',
  'vertical-align',
  'display',
  'width',
  'max-width',
  'height',
  'border',
  'border-top',
  'border-bottom',
  'border-left',
  'border-right',
  'border-radius',
  'border-collapse',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
];

const url =
  (attribute: string, allowed: RegExp): Transformer =>
  (tagName, attribs) => {
    const value = browserUrl(attribs[attribute]);
    const ok = PLACEHOLDER.test(value) || allowed.test(value);
    // Rebuilt in the input's order, the URL left out when refused.
    const out: Record<string, string> = {};
    for (const [name, v] of Object.entries(attribs))
      if (name !== attribute) out[name] = v;
      else if (ok) out[name] = value;
    return { tagName, attribs: out };
  };

const OPTIONS: IOptions = {
  allowedTags: [...TEXT_TAGS, 'h1', 'small', 'sub', 'sup', 'span'],
  allowedAttributes: {
    '*': ['style', 'align'],
    a: ['href', 'title', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'role'],
    td: ['colspan', 'rowspan', 'width', 'valign'],
    th: ['colspan', 'rowspan', 'width', 'valign'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, STYLE_VALUE])) },
  // The transformers below decide the URLs (a placeholder is not a scheme sanitize-html knows).
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  nonTextTags: [...DROPPED_WITH_CONTENT, 'head'],
  selfClosing: ['img', 'br', 'hr'],
  disallowedTagsMode: 'discard',
  transformTags: { a: url('href', LINK_URL), img: url('src', IMAGE_URL) },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * The stored form of a mail template's HTML (docs/identity.md): the allow-list of the rich text with
 * inline styles kept (mail clients ignore style sheets), no script, event handler or `javascript:`
 * link; an href or src that is exactly a placeholder (`{{link}}`) stays, the mailer fills it.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
