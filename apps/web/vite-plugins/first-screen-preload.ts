import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The element of index.html that lists the first signed-in screen's files for public/first-screen.js. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-files';

/** The first signed-in screen's GET calls (paths as the app's client asks them), made with the session's headers. */
export interface FirstScreenCalls {
  admin: string[];
  overview: string[];
  /** The header the client sends the browser's id in (spec section 7). */
  fingerprintHeader: string;
}

/** The first signed-in screen's files: what any admin path needs, and what the overview (`/admin`) adds; and its calls. */
export interface FirstScreenFiles {
  admin: string[];
  overview: string[];
  calls: FirstScreenCalls;
}

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}
type BundleLike = Record<string, OutputChunkLike | { type: 'asset'; fileName: string }>;

/**
 * The files of the chunks holding `modules` and of their static imports (scripts and their CSS),
 * less those the page already loads (`loaded`), in a stable order.
 */
export function chunkFiles(bundle: BundleLike, modules: readonly string[], loaded: ReadonlySet<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunkLike => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (chunk: OutputChunkLike) => {
    if (files.has(chunk.fileName) || loaded.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!loaded.has(css)) files.add(css);
    for (const dep of chunk.imports) {
      const next = byFile.get(dep);
      if (next) visit(next);
    }
  };
  for (const id of modules) {
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`first-screen-preload: no chunk holds ${id}`);
    visit(chunk);
  }
  return [...files];
}

/**
 * Lists in index.html the files of the first signed-in screen that the entry does not load
 * (`<script type="application/json">`, data, not code: the policy allows no inline script), for
 * public/first-screen.js to ask for them while the entry's own files download, when a session is
 * stored and the path is an admin one; and the screen's first GET calls, whose answers the app's client
 * takes (src/lib/first-screen-calls.ts). Without it, they were asked for only once the framework and the
 * entry had arrived and run: one download and a slowed phone's evaluation later, and each call one more.
 */
export function firstScreenPreload(options: { root: string; admin: string[]; overview: string[]; calls: FirstScreenCalls }): Plugin {
  const ids = (files: string[]) => files.map((f) => resolve(options.root, f));
  return {
    name: 'bo:first-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as unknown as BundleLike | undefined;
        if (!bundle) return html;
        // What index.html already names (the entry, its modulepreloads and stylesheet).
        const loaded = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]!));
        const admin = chunkFiles(bundle, ids(options.admin), loaded);
        const overview = chunkFiles(bundle, ids(options.overview), new Set([...loaded, ...admin]));
        const files: FirstScreenFiles = {
          admin: admin.map((f) => `/${f}`),
          overview: overview.map((f) => `/${f}`),
          calls: options.calls,
        };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: FIRST_SCREEN_ELEMENT_ID },
            children: JSON.stringify(files),
            injectTo: 'head',
          },
          // Not async: it runs before the entry's modules (they wait for the parser), whose evaluation would
          // otherwise hold it back; it is fetched beside them and is small, so the first render does not wait for it.
          { tag: 'script', attrs: { src: '/first-screen.js' }, injectTo: 'head' },
        ];
      },
    },
  };
}
