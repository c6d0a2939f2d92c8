/**
 * The shape limits of rich text, checked before any parser sees it (docs/content.md): the web editor
 * nests a few levels (a list in a table cell in a blockquote), never dozens, and a long page has a few
 * thousand tags. Markup past these is refused with a field error; the sanitiser's cost grows faster
 * than linearly with nesting, so a body of 49,000 nested divs held the event loop for half a minute.
 */
export const MARKUP_MAX_DEPTH = 64;
export const MARKUP_MAX_TAGS = 20_000;

export type MarkupProblem = 'too_deep' | 'too_many_tags';

/** Elements that never hold content, so they add no nesting level (`<div/>` is not one: it opens a div). */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** A start tag of one of these closes an open one of the same name right above it (`<li>a<li>b` are siblings). */
const SIBLINGS = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option']);
const NAME_START = /[A-Za-z]/;
const NAME_CHAR = /[A-Za-z0-9-]/;

/**
 * One pass over the markup, each character read at most twice: counts start tags and the elements
 * the parser will hold open (issue 34). Every non-void start tag opens one, self-closed or not (HTML
 * ignores the slash); an end tag closes up to the open element of its name and is ignored when none
 * is open, as the parser does, so stray end tags cannot hide nesting. Implied end tags other than
 * same-name siblings are not followed: the count may be higher than the parser's, never lower.
 * Comments, doctypes and processing instructions are skipped; a `<` with no `>` after it is text,
 * and so is everything after it.
 */
export function markupProblem(html: string, maxDepth = MARKUP_MAX_DEPTH, maxTags = MARKUP_MAX_TAGS): MarkupProblem | null {
  const open: string[] = [];
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
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at !== -1) open.length = at;
    } else {
      if (++tags > maxTags) return 'too_many_tags';
      if (!VOID.has(name)) {
        if (SIBLINGS.has(name) && open[open.length - 1] === name) open.pop();
        open.push(name);
        if (open.length > maxDepth) return 'too_deep';
      }
    }
    i = html.indexOf('<', end + 1);
  }
  return null;
}
