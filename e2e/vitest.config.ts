import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser flows against the production build: one file at a time, long timeouts. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    // A screen answers in milliseconds on a quiet machine and in seconds on a loaded one: expect.poll's
    // 1 s default failed a reloaded screen still loading its data under load.
    expect: { poll: { timeout: 20_000 } },
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
  },
});
