import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A file of the website named by its content hash: served for a year, never revalidated. */
export interface SiteAsset {
  /** `site.3f9a1c2b.css`: the path under `<site>/assets/`. */
  name: string;
  type: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function asset(file: string, type: string, minify: (text: string) => string): SiteAsset {
  const text = minify(readFileSync(join(import.meta.dirname, 'assets', file), 'utf8'));
  const body = Buffer.from(text);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  const [stem, ext] = [file.slice(0, file.lastIndexOf('.')), file.slice(file.lastIndexOf('.'))];
  return {
    name: `${stem}.${hash}${ext}`,
    type,
    body,
    // Compressed once, at the highest levels, when the server starts.
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** Comments and layout whitespace out; values are left as written. */
const minifyCss = (css: string): string =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();

const minifyJs = (js: string): string =>
  js
    .split('\n')
    .filter((l) => !l.trim().startsWith('//'))
    .join('\n')
    .trim();

export const SITE_CSS = asset('site.css', 'text/css; charset=utf-8', minifyCss);
export const RECAPTCHA_JS = asset('contact-recaptcha.js', 'text/javascript; charset=utf-8', minifyJs);

/** Every file served under `<site>/assets/` (the favicon is a data: URL in the page, in the configured colour). */
export const SITE_ASSETS: readonly SiteAsset[] = [SITE_CSS, RECAPTCHA_JS];
