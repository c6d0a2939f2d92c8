import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, not '@bo/shared/csp': Vite bundles a config's relative imports but leaves packages to Node, which runs no TypeScript.
import { CSP_NONCE_PLACEHOLDER } from '../../packages/shared/src/csp.ts';
import { precompressDir } from '../../scripts/precompress.ts';
import { antdStaticStyles } from './vite-plugins/antd-static-styles.ts';
import { ANTD_CSS_VAR_KEY } from './src/lib/antd-css-var-key.ts';

/** Brotli and gzip siblings of each text file of the build, which the server sends by Accept-Encoding. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

// Packages every screen needs whole, which change only with an upgrade: a chunk of their own, kept in
// the browser's cache across deployments.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|cookie|set-cookie-parser)[\\/]/;

/**
 * The sign-in route is the first load on a phone. The other modules it runs (the entry's static
 * imports and the sign-in page's) go out as one chunk: brotli compresses them whole ~17 KB smaller
 * than as thirty slivers, and index.html preloads the page's code with the entry instead of after the
 * entry has asked for it. Admin screens need most of it anyway (antd's form, inputs, buttons); what
 * only they use (antd's table, menus, pickers) stays with rolldown's own splitting.
 */
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
function signInChunk(): { name: (id: string, ctx: ChunkingContext) => string | null } {
  const roots = ['src/main.tsx', 'src/features/account/sign-in-page.tsx'].map((f) => resolve(import.meta.dirname, f));
  let members: Set<string> | null = null;
  return {
    name(id, ctx) {
      if (!members) {
        members = new Set();
        const queue = [...roots];
        while (queue.length) {
          const next = queue.pop()!;
          if (members.has(next)) continue;
          members.add(next);
          queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      return members.has(id) ? 'sign-in' : null;
    },
  };
}

export default defineConfig({
  plugins: [antdStaticStyles({ cssVarKey: ANTD_CSS_VAR_KEY }), react(), precompress()],
  // The server gives each index.html response its own nonce (apps/server/src/plugins/web-assets.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
  // The manifest lets bench/web-bundle.mjs follow each route's chunks.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 10 },
            { ...signInChunk(), priority: 5 },
          ],
        },
      },
    },
  },
  // Used by the root vitest 'web' project, which extends this file.
  test: { setupFiles: ['./src/test/setup.ts'] },
} as Parameters<typeof defineConfig>[0]);
