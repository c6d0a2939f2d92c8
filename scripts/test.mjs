#!/usr/bin/env node
// `npm test`: every suite. Suites whose service is absent skip with a one-line reason;
// with CI=true a skip is a failure. Ends with the plain line "N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../e2e/chromium.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = chromiumPath();
const skips = [];
if (!process.env.TEST_DATABASE_URL) skips.push('server-postgres: skipped, TEST_DATABASE_URL is not set');
if (!process.env.TEST_REDIS_URL) skips.push('Redis rate-limit store and scale-out: skipped, TEST_REDIS_URL is not set');
if (!existsSync(chromium)) skips.push(`e2e: skipped, Chromium not found at ${chromium} (apt-get install -y chromium-headless-shell)`);
for (const s of skips) console.log(`SKIP ${s}`);

const out = join('test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let exit = 0;
const problems = [];

/** A run that found no test file at all (seen once on a busy machine) is run again once: a suite never has none. */
function foundNothing(file) {
  return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).numTotalTestSuites === 0;
}

function vitest(name, args, attempt = 1) {
  const file = join(out, `${name}.json`);
  const unhandled = join(out, `${name}.unhandled.txt`);
  const r = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/unhandled-errors-reporter.mjs',
      `--outputFile.json=${file}`,
    ],
    { stdio: 'inherit', env: { ...process.env, VITEST_UNHANDLED_FILE: unhandled } },
  );
  if (r.status !== 0 && attempt === 1 && foundNothing(file)) {
    console.log(`${name}: vitest found no test files; running it again`);
    return vitest(name, args, 2);
  }
  if (existsSync(unhandled) && readFileSync(unhandled, 'utf8'))
    problems.push(`${name}: errors outside any test:\n${readFileSync(unhandled, 'utf8')}`);
  if (r.status !== 0) exit = 1;
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + j.numTodoTests;
    // A file that fails to load or an error thrown outside any test fails the run without failing a test.
    if (r.status !== 0 && j.numFailedTests === 0) {
      const files = j.testResults.filter((t) => t.status === 'failed').map((t) => `${t.name}: ${t.message || 'failed'}`);
      problems.push(`${name}: vitest exited with ${r.status} with no failed test${files.length ? ` (${files.join('; ')})` : ''}`);
    }
  } else {
    exit = 1;
    problems.push(`${name}: vitest wrote no report (exit ${r.status})`);
  }
}

/**
 * `npm run build` (scripts/build.mjs) started now, at the lowest priority, alongside the unit and
 * server suites: their workers wait on SQLite, PostgreSQL and hashing threads, and the build fills
 * those gaps instead of adding its 8–27 s (bench/README.md) after them. Its output goes to a file (the suites' run
 * blocks this process) and is printed once it is needed. Answers the exit code.
 */
function startBuild() {
  const log = join(out, 'build.log');
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [join('scripts', 'build.mjs')], { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  try {
    setPriority(child.pid, 19);
  } catch {
    /* not allowed here: it then shares the cores evenly */
  }
  const exited = new Promise((res) => {
    child.once('error', (err) => res(err.message));
    child.once('close', (code, signal) => res(code ?? signal));
  });
  return async () => {
    const code = await exited;
    process.stdout.write(readFileSync(log, 'utf8'));
    return code;
  };
}

// The flows run against what `npm start` serves: the production web build and the compiled server.
const build = existsSync(chromium) ? startBuild() : null;
vitest('unit-and-server', []);
if (build) {
  const status = await build();
  if (status !== 0) {
    exit = 1;
    problems.push(`build exited with ${status}`);
  } else {
    process.env.E2E_SERVER_DIST = join('apps', 'server', 'dist');
    // Screenshots are for a person looking at a screen they work on (one flow file, run on its own);
    // nobody looks at the whole suite's, so `npm test` takes none unless E2E_SCREENSHOTS=1.
    process.env.E2E_SCREENSHOTS ??= '0';
    vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
  }
}

if (ci && (skips.length || totals.skipped)) {
  console.log(`CI=true: ${skips.length} suite(s) and ${totals.skipped} test(s) skipped, which counts as a failure`);
  exit = 1;
}
for (const p of problems) console.log(`FAILED ${p}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exit);
