/**
 * The shape limits of rich text, checked before any parser sees it (docs/content.md): the web editor
 * nests a few levels (a list in a table cell in a blockquote), never dozens, and a long page has a few
 * thousand tags. Markup past these is refused with a field error; the sanitiser's cost grows faster
 * than linearly with nesting, so a body of 49,000 nested divs held the event loop for half a minute.
 */
export const MARKUP_MAX_DEPTH = 64;
export const MARKUP_MAX_TAGS = 20_000;

export type MarkupProblem = 'too_deep' | 'too_many_tags';

/** Elements that never hold content, so they add no nesting level. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const NAME_START = /[A-Za-z]/;
const NAME_CHAR = /[A-Za-z0-9-]/;

/**
 * One pass over the markup, each character read at most twice: counts start tags and the open-element
 * depth (every non-void start tag opens, every end tag closes). Comments, doctypes and processing
 * instructions are skipped; a `<` with no `>` after it is text, and so is everything after it.
 */
export function markupProblem(html: string, maxDepth = MARKUP_MAX_DEPTH, maxTags = MARKUP_MAX_TAGS): MarkupProblem | null {
  let depth = 0;
  let tags = 0;
  let i = html.indexOf('<');
  while (i !== -1 && i < html.length - 1) {
    const next = html[i + 1]!;
    if (next === '!' && html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      if (end === -1) return null;
      i = html.indexOf('<', end + 3);
      continue;
    }
    const closing = next === '/';
    const nameAt = closing ? i + 2 : i + 1;
    if (!NAME_START.test(html[nameAt] ?? '')) {
      // `<!doctype>`, `<?…>`, `</ >` skip to their `>`; a lone `<` is text.
      if (next === '!' || next === '?' || closing) {
        const end = html.indexOf('>', i);
        if (end === -1) return null;
        i = html.indexOf('<', end + 1);
      } else i = html.indexOf('<', i + 1);
      continue;
    }
    let nameEnd = nameAt + 1;
    while (nameEnd < html.length && NAME_CHAR.test(html[nameEnd]!)) nameEnd++;
    const end = html.indexOf('>', nameEnd);
    if (end === -1) return null;
    const name = html.slice(nameAt, nameEnd).toLowerCase();
    if (closing) depth = Math.max(0, depth - 1);
    else {
      if (++tags > maxTags) return 'too_many_tags';
      if (!VOID.has(name) && html[end - 1] !== '/' && ++depth > maxDepth) return 'too_deep';
    }
    i = html.indexOf('<', end + 1);
  }
  return null;
}
