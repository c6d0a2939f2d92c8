/** What the rich text and the mail templates both allow: each sanitiser adds its own tags to these. */
export const TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'hr',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'div',
] as const;

/** Dropped with everything inside them, not unwrapped. */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'template',
  'title',
  'svg',
  'math',
] as const;

/** The URL schemes a link may have; images and embeds narrow them further. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/**
 * The form in which a browser reads a URL attribute: tabs and newlines anywhere and leading or trailing
 * control characters and spaces are ignored (`java\tscript:` is `javascript:`). Entities are already
 * decoded by the parser, so `JaVaScRiPt&#58;` arrives here as `JaVaScRiPt:`.
 */
export function browserUrl(value: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return (value ?? '').replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}
