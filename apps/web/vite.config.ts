import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, not '@bo/shared/csp': Vite bundles a config's relative imports but leaves packages to Node, which runs no TypeScript.
import { CSP_NONCE_PLACEHOLDER } from '../../packages/shared/src/csp.ts';
import { precompressDir } from '../../scripts/precompress.ts';

/** Brotli and gzip siblings of each text file of the build, which the server sends by Accept-Encoding. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bo:precompress',
    apply: 'build',
    configResolved(config) { outDir = resolve(config.root, config.build.outDir); },
    async closeBundle() { await precompressDir(outDir); },
  };
}

// Packages every screen needs whole: one chunk for them compresses better than slivers. Packages
// used only in part (antd, rc-component, dayjs, query) stay with rolldown's own splitting, so the
// sign-in route does not carry what only admin screens use.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [react(), precompress()],
  // The server gives each index.html response its own nonce (apps/server/src/plugins/web-assets.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
  // The manifest lets bench/web-bundle.mjs follow each route's chunks.
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 500, manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 10 },
          ],
        },
      },
    },
  },
  // Used by the root vitest 'web' project, which extends this file.
  test: { setupFiles: ['./src/test/setup.ts'] },
} as Parameters<typeof defineConfig>[0]);
