import { defineConfig } from 'vitest/config';

const pgSkip = !process.env.TEST_DATABASE_URL;

/**
 * Server test files share one module graph per worker (`isolate: false`): each builds its own app,
 * and loading the server's modules once per worker instead of once per file more than halves the
 * server projects' time. The files that mock a module (`vi.mock('fastify')` to collect every route)
 * need a fresh graph, so they run in isolated projects of their own.
 */
const MOCKING = [
  'apps/server/test/{encoded-paths,image-refusals,module-flags,route-doors,route-roles,strict-ids,token-wall}.test.ts',
  'apps/server/src/modules/member/sign-up-hashing.test.ts',
];
/** One migrated database per project and run, copied for each test app (apps/server/test/database-template.ts). */
const DATABASE_TEMPLATE = 'apps/server/test/database-template.ts';
const serverProject = (name: string, db: 'sqlite' | 'postgres', include: string[], exclude: string[], isolate: boolean) => ({
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', 'apps/server/**/*.contract.test.ts', ...exclude],
    env: { TEST_DB: db },
    globalSetup: [DATABASE_TEMPLATE],
    isolate,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    passWithNoTests: db === 'postgres',
  },
});

/**
 * Projects: shared rules, server on SQLite, the server's API contract (route tests through Prism),
 * server on PostgreSQL (needs TEST_DATABASE_URL),
 * web units (jsdom). The browser flows (e2e/) run from scripts/test.mjs after a production build.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, which then sits
    // half idle while server tests wait on SQLite, PostgreSQL and the password hashing threads.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'] } },
      serverProject('server-sqlite', 'sqlite', ['apps/server/**/*.test.ts'], ['apps/server/**/*.postgres-only.test.ts', ...MOCKING], false),
      serverProject('server-sqlite-mocking', 'sqlite', MOCKING, [], true),
      {
        // The route tests again, each api() call through a validating proxy (Prism) over the served
        // OpenAPI document: a request or answer the document does not describe fails the test.
        test: {
          name: 'server-contract',
          include: ['apps/server/src/modules/**/*.routes.test.ts', 'apps/server/test/contract/*.contract.test.ts'],
          exclude: ['**/node_modules/**'],
          env: { TEST_DB: 'sqlite', API_CONTRACT: '1' },
          globalSetup: [DATABASE_TEMPLATE, 'apps/server/test/contract/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      serverProject(
        'server-postgres',
        'postgres',
        pgSkip ? [] : ['apps/server/**/*.test.ts'],
        ['apps/server/**/*.sqlite-only.test.ts', ...MOCKING],
        false,
      ),
      serverProject('server-postgres-mocking', 'postgres', pgSkip ? [] : MOCKING, [], true),
      {
        extends: './apps/web/vite.config.ts',
        // First renders of Ant Design in jsdom take seconds on a loaded 2-core machine, and so does
        // transforming a feature's screens in a beforeAll (8–13 s measured at load average 12–15).
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
          environment: 'jsdom',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
