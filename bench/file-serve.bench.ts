/**
 * Public file serving benchmark (bench/README.md): requests per second for one 1 MB public file
 * served by the app (GET /api/files/public/..., local-disk storage, Range/ETag/CSP headers) next to
 * bare Fastify + @fastify/static serving the same bytes. Each server runs in its own process;
 * autocannon, BENCH_CONNECTIONS (default 10) for BENCH_SECONDS (default 10) each, in BENCH_ROUNDS
 * (default 3) alternating rounds so a busy machine weighs on both alike; prints each round and the means.
 *
 *   npm run -w bench file-serve
 *
 * Prints figures; it asserts nothing and is never part of npm test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function start(kind: 'app' | 'static'): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--no-warnings', join(import.meta.dirname, 'file-serve-servers.ts'), kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { url: JSON.parse(line).url, child };
  }
  throw new Error(`${kind} server did not start`);
}

async function measure(label: string, url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (r.non2xx || r.errors) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  console.log(
    `${label.padEnd(48)} ${r.requests.average.toFixed(0).padStart(6)} req/s   ${(r.throughput.average / 1024 / 1024).toFixed(0).padStart(5)} MiB/s   p99 ${r.latency.p99} ms`,
  );
  return r.requests.average;
}

const servers = { static: await start('static'), app: await start('app') };
const labels = { static: 'bare @fastify/static (1 MB)', app: 'app: GET /api/files/public/… (1 MB)' };
const results: Record<'static' | 'app', number[]> = { static: [], app: [] };
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of ['static', 'app'] as const) {
      results[kind].push(await measure(`round ${round} ${labels[kind]}`, servers[kind].url));
    }
  }
} finally {
  servers.static.child.kill();
  servers.app.child.kill();
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `mean: bare static ${mean(results.static).toFixed(0)} req/s, app ${mean(results.app).toFixed(0)} req/s, app / bare static ${((mean(results.app) / mean(results.static)) * 100).toFixed(0)}%`,
);
