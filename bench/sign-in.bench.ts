/**
 * Sign-in throughput (issue 15, goal 4): `POST /api/admin/account/login` against a bare Fastify
 * handler that only runs argon2id verify with the same parameters (@node-rs/argon2's defaults, as
 * apps/server/src/lib/passwords.ts), each server in its own process. autocannon, 10 connections,
 * BENCH_SECONDS (10) after a 2 s warm-up. Each server also reports its event loop's longest delay
 * during the run (perf_hooks), which shows whether hashing ever ran on the main thread.
 * Rate limits are raised for the bench (LOGIN_RATE_LIMIT_*). Goal: ≥ 80 % of bare verify.
 *
 *   npm run -w bench sign-in
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';

const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EMAIL = 'bench-sign-in@example.com';
const PASSWORD = 'Bench-Passw0rd!';

async function serve(mode: string): Promise<void> {
  const eld = monitorEventLoopDelay({ resolution: 1 });
  const { default: Fastify } = await import('fastify');
  let app: import('fastify').FastifyInstance;
  if (mode === 'bare') {
    const { hash, verify } = await import('@node-rs/argon2');
    const stored = await hash(PASSWORD);
    app = Fastify();
    app.post('/api/admin/account/login', async (req) => {
      const { password } = req.body as { password: string };
      if (!(await verify(stored, password))) throw Object.assign(new Error('Login fail'), { statusCode: 401 });
      return { token: 'x' };
    });
  } else {
    const { loadConfig } = await import('../apps/server/src/config.ts');
    const { createDatabase } = await import('../apps/server/src/db/database.ts');
    const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
    const { createRateLimitStore } = await import('../apps/server/src/lib/rate-limit-store.ts');
    const { hashPassword } = await import('../apps/server/src/lib/passwords.ts');
    const { buildApp } = await import('../apps/server/src/app.ts');
    const config = loadConfig(process.env);
    const { db, dialect } = createDatabase(config.databaseUrl);
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await db
      .insertInto('admins')
      .values({
        email: EMAIL,
        name: 'Bench',
        password_hash: await hashPassword(PASSWORD),
        roles: '["ROLE_BASE"]',
        status: 'active',
        has_change_default_password: 1,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    app = await buildApp({ config, db, dialect, rateLimits: await createRateLimitStore(config, () => {}) });
  }
  // Open routes of the bench itself (the app's access hook lets declared public routes through).
  const open = { config: { roles: 'public', fingerprint: false } } as const;
  app.get('/__eld', open, async () => ({ maxMs: eld.max / 1e6, p99Ms: eld.percentile(99) / 1e6 }));
  app.post('/__eld/reset', open, async () => {
    eld.reset();
    return {};
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  eld.enable();
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
}

async function start(mode: string, dataDir: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/sign-in.bench.ts'), mode], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BENCH_SERVE: mode,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '100000000',
      LOGIN_RATE_LIMIT_PER_IP: '100000000',
    },
  });
  const port = await new Promise<number>((res, rej) => {
    createInterface({ input: child.stdout! }).on('line', (l) => {
      const m = /^LISTENING (\d+)/.exec(l);
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`${mode} exited with ${code}`)));
  });
  return { port, child };
}

async function measure(name: string, port: number) {
  const url = `http://127.0.0.1:${port}/api/admin/account/login`;
  const opts = {
    url,
    method: 'POST' as const,
    connections: 10,
    headers: { 'content-type': 'application/json', 'x-fingerprint': 'bench-browser' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  };
  await autocannon({ ...opts, duration: 2 });
  await fetch(`http://127.0.0.1:${port}/__eld/reset`, { method: 'POST' });
  const r = await autocannon({ ...opts, duration: SECONDS });
  const eld = (await (await fetch(`http://127.0.0.1:${port}/__eld`)).json()) as { maxMs: number; p99Ms: number };
  const ok = r['2xx'];
  return {
    name,
    rps: ok / SECONDS,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    eldMax: eld.maxMs,
    eldP99: eld.p99Ms,
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sign-in-'));
  const results = [];
  try {
    for (const mode of ['bare', 'real']) {
      const s = await start(mode, dataDir);
      try {
        results.push(await measure(mode === 'bare' ? 'bare argon2id verify' : 'POST /api/admin/account/login', s.port));
      } finally {
        s.child.kill('SIGKILL');
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(
    results.map((r) => ({
      target: r.name,
      'req/s': r.rps.toFixed(1),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'event loop max delay ms': r.eldMax.toFixed(1),
      'event loop p99 ms': r.eldP99.toFixed(1),
    })),
  );
  const [bare, real] = results;
  console.log(`login / bare verify: ${((real!.rps / bare!.rps) * 100).toFixed(0)} % (goal ≥ 80 %)`);
}

if (process.env.BENCH_SERVE) await serve(process.env.BENCH_SERVE);
else await main();
