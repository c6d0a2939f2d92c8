/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) next to each text file of a web build, so the
 * server sends them without compressing on each request (apps/server/src/plugins/web-assets.ts picks
 * one by Accept-Encoding). Run by the web build (apps/web/vite.config.ts); by hand:
 * `node --import tsx scripts/precompress.ts apps/web/dist`.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { pathToFileURL } from 'node:url';

/** HTML, JS, CSS, JSON, SVG, the manifest and plain text; images and fonts are compressed formats already. */
export const PRECOMPRESSED_EXTENSIONS = /\.(?:html|js|mjs|css|json|svg|webmanifest|txt|xml)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Precompressed {
  file: string;
  raw: number;
  br: number | null;
  gz: number | null;
}

/**
 * Compresses every eligible file under `dir` (dot folders such as .vite excepted) and keeps a sibling
 * only when it is smaller than the file. `skip`: paths relative to `dir` left alone (index.html, whose
 * body changes with each response's nonce, is compressed when it is sent).
 */
export async function precompressDir(dir: string, { skip = ['index.html'] }: { skip?: string[] } = {}): Promise<Precompressed[]> {
  const files = (await readdir(dir, { recursive: true }))
    .map((f) => f.split(sep).join('/'))
    .filter((f) => PRECOMPRESSED_EXTENSIONS.test(f) && !skip.includes(f) && !f.split('/').some((p) => p.startsWith('.')));
  return Promise.all(
    files.map(async (file) => {
      const path = join(dir, file);
      if (!(await stat(path)).isFile()) return { file, raw: 0, br: null, gz: null };
      const raw = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
        gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const keep = async (ext: string, body: Buffer) => {
        if (body.length >= raw.length) return null;
        await writeFile(`${path}.${ext}`, body);
        return body.length;
      };
      return { file: relative(dir, path).split(sep).join('/'), raw: raw.length, br: await keep('br', br), gz: await keep('gz', gz) };
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node --import tsx scripts/precompress.ts <dir>');
    process.exit(2);
  }
  const done = await precompressDir(dir);
  console.log(`precompressed ${done.filter((d) => d.br !== null).length} of ${done.length} files in ${dir}`);
}
