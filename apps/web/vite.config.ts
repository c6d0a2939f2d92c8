import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, not '@bo/shared/csp': Vite bundles a config's relative imports but leaves packages to Node, which runs no TypeScript.
import { CSP_NONCE_PLACEHOLDER } from '../../packages/shared/src/csp.ts';
import { FINGERPRINT_HEADER } from '../../packages/shared/src/messages.ts';
import { precompressDir } from '../../scripts/precompress.ts';
import { antdStaticStyles } from './vite-plugins/antd-static-styles.ts';
import { antdDeferredParts } from './vite-plugins/antd-deferred-parts.ts';
import { firstScreenPreload } from './vite-plugins/first-screen-preload.ts';
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

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const src = (files: string[]) => files.map((f) => resolve(import.meta.dirname, 'src', f));

/** The modules `roots` import statically, themselves included: what loads with them. */
function staticClosure(roots: string[], ctx: ChunkingContext): Set<string> {
  const members = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const next = queue.pop()!;
    if (members.has(next)) continue;
    members.add(next);
    queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return members;
}

/**
 * Modules grouped by the screens that load them, each group one chunk: brotli compresses a screen's
 * modules whole a fifth smaller than as dozens of slivers (the first signed-in screen's JS beyond
 * sign-in: 239 KB as 101 chunks, 186 KB in two), and they arrive together instead of one import after
 * another.
 *
 * - `sign-in`: the entry's static imports and the sign-in page's, the first load on a phone (no
 *   Ant Design: its form is plain HTML), beside `framework`.
 * - `antd`: what the other public screens (reset by mail, e-mail code, two-step, errors), the toasts
 *   and the loading overlay's spinner share with the first signed-in screen: Ant Design's theme,
 *   ConfigProvider, button, form and inputs.
 * - `admin-vendor` and `admin`: the rest of the first signed-in screen, its packages (React Query, dayjs,
 *   the layout's antd parts) and its own code (admin layout, menu, header, overview). Two chunks, so that
 *   a slowed phone evaluates them in two tasks (`preloadAdminScreen`) rather than one long one.
 * What only later screens use stays with rolldown's own splitting.
 */
function screenGroups() {
  let groups: Map<string, string> | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!groups) {
      const signIn = staticClosure(src(['main.tsx', 'features/account/sign-in-page.tsx']), ctx);
      const without = (set: Set<string>) => new Set([...set].filter((m) => !signIn.has(m)));
      const publicScreens = without(
        staticClosure(
          src([
            'app/antd-theme.tsx',
            'features/account/forgot-password-page.tsx',
            'features/account/email-code-sign-in-page.tsx',
            'features/account/two-factor-page.tsx',
            'features/account/oauth-return-page.tsx',
            'features/errors/not-found-page.tsx',
            'components/error-screen.tsx',
            'components/toast-host.tsx',
          ]).concat(resolve(import.meta.dirname, '../../node_modules/antd/es/spin/index.js')),
          ctx,
        ),
      );
      const firstSignedIn = without(staticClosure(src(['app/layouts/admin-layout.tsx', 'features/account/overview-page.tsx']), ctx));
      groups = new Map([...signIn].map((m) => [m, 'sign-in']));
      for (const m of firstSignedIn)
        groups.set(m, publicScreens.has(m) ? 'antd' : /[\\/]node_modules[\\/]/.test(m) ? 'admin-vendor' : 'admin');
    }
    return groups.get(id) ?? null;
  };
}
const screenGroup = screenGroups();

/** The footer's version (issue 26): this package's, fixed at build time. */
const VERSION: string = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')).version;

export default defineConfig({
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(VERSION) },
  plugins: [
    antdStaticStyles({ cssVarKey: ANTD_CSS_VAR_KEY }),
    antdDeferredParts(),
    react(),
    // The first signed-in screen's files, asked for from index.html on an admin path with a session.
    firstScreenPreload({
      root: resolve(import.meta.dirname, 'src'),
      admin: ['app/layouts/admin-layout.tsx', 'app/admin-routes.tsx'],
      overview: ['features/account/overview-page.tsx', 'features/account/login-devices.tsx'],
      // What boot, the layout and the device card ask for first; a path not asked for as written here is
      // fetched twice (e2e/first-screen-calls.e2e.test.ts counts them).
      calls: {
        admin: ['/api/settings', '/api/admin/account/organizations', '/api/admin/account/profile'],
        overview: ['/api/admin/account/login-device'],
        fingerprintHeader: FINGERPRINT_HEADER,
      },
    }),
    precompress(),
  ],
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
            ...['sign-in', 'antd', 'admin-vendor', 'admin'].map((group, i) => ({
              name: (id: string, ctx: ChunkingContext) => (screenGroup(id, ctx) === group ? group : null),
              priority: 5 - i,
            })),
          ],
        },
      },
    },
  },
  // Used by the root vitest 'web' project, which extends this file.
  test: { setupFiles: ['./src/test/setup.ts'] },
} as Parameters<typeof defineConfig>[0]);
