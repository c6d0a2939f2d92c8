import { defineConfig } from 'vitest/config';

const pgSkip = !process.env.TEST_DATABASE_URL;

/**
 * Projects: shared rules, server on SQLite, server on PostgreSQL (needs TEST_DATABASE_URL),
 * web units (jsdom). The browser flows (e2e/) run from scripts/test.mjs after a production build.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      {
        test: {
          name: 'server-sqlite', include: ['apps/server/**/*.test.ts'], exclude: ['**/node_modules/**', 'apps/server/**/*.postgres-only.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000, hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres', include: pgSkip ? [] : ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/**/*.sqlite-only.test.ts'],
          env: { TEST_DB: 'postgres' }, testTimeout: 30_000, hookTimeout: 60_000, passWithNoTests: true,
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
