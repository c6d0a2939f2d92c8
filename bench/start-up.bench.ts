/**
 * Start-up and idle memory (issue 15, goal 3): the compiled server (`npm start`: node
 * apps/server/dist/main.mjs, SQLite, a new data directory each run) beside a bare Fastify hello-world
 * started the same way (plain node, one file). For each: the time from spawn to the first answered
 * request on a new data directory and again on restart, and the resident memory (VmRSS) after 3 s
 * idle. BENCH_RUNS (5) runs, medians printed.
 * The tsx way the server ran before is measured too, for the record. Goals: ≤ 2× bare start-up,
 * idle RSS ≤ 150 MB.
 *
 *   npm run -w bench start-up
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const freePort = () =>
  new Promise<number>((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

async function once(args: string[], path: string, env: Record<string, string> = {}, dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'))) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_DIR: 'off',
      ...env,
    },
  });
  let firstAnswerMs = Number.NaN;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-fingerprint': 'bench' } });
      await res.arrayBuffer();
      firstAnswerMs = performance.now() - started;
      break;
    } catch {
      if (performance.now() - started > 60_000) break;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  await new Promise((r) => setTimeout(r, 3000));
  const rss = rssMb(child.pid!);
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return { firstAnswerMs, rss, dataDir };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const hello = join(tmpdir(), `bench-hello-${process.pid}.mjs`);
  writeFileSync(
    hello,
    `import Fastify from ${JSON.stringify(join(ROOT, 'node_modules/fastify/fastify.js'))};\n` +
      `const app = Fastify();\napp.get('/', async () => ({ hello: 'world' }));\nawait app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n`,
  );
  const targets = [
    { name: 'bare Fastify hello-world (node)', args: [hello], path: '/' },
    { name: 'server compiled (node apps/server/dist/main.mjs)', args: [join(ROOT, 'apps/server/dist/main.mjs')], path: '/api/settings' },
    { name: 'server through tsx (before)', args: ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], path: '/api/settings' },
  ];
  const rows = [];
  for (const t of targets) {
    const first = [];
    const again = [];
    const env = { WEB_DIST: join(tmpdir(), 'no-web-dist') };
    for (let i = 0; i < RUNS; i++) {
      // A first start on a new data directory (migrations, first admin), then a restart on it.
      const fresh = await once(t.args, t.path, env);
      first.push(fresh);
      again.push(await once(t.args, t.path, env, fresh.dataDir));
      rmSync(fresh.dataDir, { recursive: true, force: true });
    }
    rows.push({
      target: t.name,
      firstStart: median(first.map((r) => r.firstAnswerMs)),
      restart: median(again.map((r) => r.firstAnswerMs)),
      rss: median(again.map((r) => r.rss)),
    });
  }
  rmSync(hello, { force: true });
  console.table(
    rows.map((r) => ({
      target: r.target,
      'first start ms': r.firstStart.toFixed(0),
      'restart ms': r.restart.toFixed(0),
      'idle RSS MB': r.rss.toFixed(1),
    })),
  );
  const [bare, compiled] = rows;
  console.log(
    `restart to first answer: ${(compiled!.restart / bare!.restart).toFixed(1)}× bare (goal ≤ 2×); idle RSS ${compiled!.rss.toFixed(0)} MB (goal ≤ 150 MB); medians of ${RUNS}`,
  );
}

await main();
