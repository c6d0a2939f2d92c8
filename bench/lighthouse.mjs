#!/usr/bin/env node
// Lighthouse (mobile preset: Moto G-class CPU, slow 4G, simulated throttling) on the cold sign-in page
// of the production build served by the real server. Prints the performance score and the metrics of
// each run and their medians; asserts nothing. Run `npm run build -w apps/web` first, then
// `node bench/lighthouse.mjs` (BENCH_RUNS=3 by default; CHROME_PATH=/usr/bin/chromium by default;
// LIGHTHOUSE_REPORT=<file.html> keeps the HTML report of the last run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseBin = join(root, 'node_modules/.bin/lighthouse');
// A cold profile every run (chrome-launcher makes a fresh one); nothing leaves the machine.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
].join(' ');

const port = await new Promise((resolve, reject) => {
  const s = createServer()
    .once('error', reject)
    .listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
});
const dataDir = mkdtempSync(join(tmpdir(), 'bo-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: dist,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'Bench#12345',
  },
});
let out = '';
server.stdout.on('data', (d) => {
  out += d;
});
server.stderr.on('data', (d) => {
  out += d;
});
const deadline = Date.now() + 60_000;
while (!out.includes('Back office:')) {
  if (server.exitCode !== null || Date.now() > deadline) {
    console.error(`server did not start:\n${out}`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
const url = `http://127.0.0.1:${port}/`;

const ms = (v) => `${(v / 1000).toFixed(2)} s`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
try {
  for (let i = 0; i < runs; i++) {
    const json = join(dataDir, `run-${i}.json`);
    const last = i === runs - 1 && process.env.LIGHTHOUSE_REPORT;
    const r = spawnSync(
      lighthouseBin,
      [
        url,
        '--only-categories=performance',
        '--quiet',
        `--chrome-flags=${chromeFlags}`,
        '--output=json',
        ...(last ? ['--output=html'] : []),
        `--output-path=${last ? join(dataDir, `run-${i}`) : json}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: chromePath },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (r.status !== 0) throw new Error(`lighthouse exited with ${r.status}`);
    const report = JSON.parse(readFileSync(last ? join(dataDir, `run-${i}.report.json`) : json, 'utf8'));
    if (last) spawnSync('cp', [join(dataDir, `run-${i}.report.html`), process.env.LIGHTHOUSE_REPORT]);
    const a = report.audits;
    const run = {
      score: Math.round(report.categories.performance.score * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
      bytes: a['total-byte-weight'].numericValue,
      requests: a['network-requests']?.details?.items?.length ?? 0,
    };
    results.push(run);
    console.log(
      `run ${i + 1}: score ${run.score}  FCP ${ms(run.fcp)}  LCP ${ms(run.lcp)}  TBT ${Math.round(run.tbt)} ms  CLS ${run.cls.toFixed(3)}  SI ${ms(run.si)}  ${(run.bytes / 1024).toFixed(1)} KB in ${run.requests} requests`,
    );
  }
  console.log(
    `\nLighthouse ${JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset, cold, ${url}`,
  );
  console.log(
    `median of ${runs}: score ${median(results.map((r) => r.score))}  FCP ${ms(median(results.map((r) => r.fcp)))}  LCP ${ms(median(results.map((r) => r.lcp)))}  TBT ${Math.round(median(results.map((r) => r.tbt)))} ms  transferred ${(median(results.map((r) => r.bytes)) / 1024).toFixed(1)} KB`,
  );
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
