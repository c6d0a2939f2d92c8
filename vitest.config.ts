import { defineConfig } from 'vitest/config';

const pgSkip = !process.env.TEST_DATABASE_URL;

/**
 * Projects: shared rules, server on SQLite, the server's API contract (route tests through Prism),
 * server on PostgreSQL (needs TEST_DATABASE_URL),
 * web units (jsdom). The browser flows (e2e/) run from scripts/test.mjs after a production build.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      {
        test: {
          name: 'server-sqlite',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/**/*.postgres-only.test.ts', 'apps/server/**/*.contract.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The route tests again, each api() call through a validating proxy (Prism) over the served
        // OpenAPI document: a request or answer the document does not describe fails the test.
        test: {
          name: 'server-contract',
          include: ['apps/server/src/modules/**/*.routes.test.ts', 'apps/server/test/contract/*.contract.test.ts'],
          exclude: ['**/node_modules/**'],
          env: { TEST_DB: 'sqlite', API_CONTRACT: '1' },
          globalSetup: ['apps/server/test/contract/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: pgSkip ? [] : ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/**/*.sqlite-only.test.ts', 'apps/server/**/*.contract.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          passWithNoTests: true,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        // First renders of Ant Design in jsdom take seconds on a loaded 2-core machine.
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 20_000 },
      },
    ],
  },
});
