/**
 * The one HTML-escaping helper of the website: `html` is a tagged template whose interpolations are
 * escaped unless they are already `Html` (the result of another `html`, or `raw` for markup the server
 * sanitised when it was stored). Arrays are joined, null, undefined and false render nothing.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < parts.length; i++) out += render(parts[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Markup taken as it is: rich text sanitised on the server before it was stored, or JSON-LD built here. */
export const raw = (markup: string): Html => new Html(markup);

/** JSON for a `<script type="application/ld+json">` block: `<` escaped so no text can close the element. */
export const jsonForScript = (value: unknown): Html =>
  raw(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
