/**
 * Site gate benchmark (issue 39 point 5, bench/README.md): one organization with a site of BENCH_WORKERS
 * (2,000) roster workers, each with a current pass and the computed due items of six rules (one in eight
 * with an overdue one), then an open-loop load of BENCH_RATE (20) scans a second for BENCH_SECONDS (30)
 * at the scans route over real HTTP (each scan a new entry and audit entry), printing p50/p95/p99 against
 * the goal p99 ≤ 50 ms. SQLite always; then PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (postgres://...) names a server (a fresh database on it).
 *
 *   npm run -w bench gate
 *
 * The server runs in a child process (this file with `serve`), the application with the gate module.
 * Prints figures; it asserts nothing and is never part of npm test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { addDays, todayInTaipei } from '../packages/shared/src/dates.ts';
import { createDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { PassTokens } from '../apps/server/src/lib/gate/pass-token.ts';
import { buildAdmin, buildOrganization, createPostgresDatabase } from '../apps/server/test/helpers.ts';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 2_000);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const GOAL_P99_MS = 50;
const RULES = [
  'general-training',
  'periodic-health',
  'labour-insurance',
  'occupational-accident-insurance',
  'pre-employment-health',
  'special-health',
];
const ADMIN = { email: 'gate@bench.test', password: 'BenchPass1!' };

async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>, size = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seed(db: Database, secret: string): Promise<{ siteId: number; qrs: string[] }> {
  const started = Date.now();
  const today = todayInTaipei();
  const stamp = new Date().toISOString();
  const ts = { created_at: stamp, updated_at: stamp };
  const org = await buildOrganization(db, { name: '大安營造股份有限公司' });
  await buildAdmin(db, { ...ADMIN, memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_GATE'] } });
  const tokens = new PassTokens(secret);
  const qrs: string[] = [];
  const site = await db
    .insertInto('sites')
    .values({ organization_id: org.id, name: '信義區住宅新建工程', status: 'active', ...ts })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A second site with its own passes, so the pass index is not the site's alone.
  const other = await db
    .insertInto('sites')
    .values({ organization_id: org.id, name: '板橋廠房工程', status: 'active', ...ts })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    const staff = Array.from({ length: WORKERS * 2 }, (_, i) => ({
      organization_id: org.id,
      name: `工人${String(i).padStart(5, '0')}`,
      birthday: `${1960 + (i % 40)}-05-15`,
      job_title: null,
      hire_date: addDays(today, -900 + (i % 700)),
      status: 'active',
      ...ts,
    }));
    const ids: number[] = [];
    await insertAll(staff, async (slice) => {
      for (const r of await trx.insertInto('staff').values(slice).returning('id').execute()) ids.push(r.id);
    });
    const roster = ids.map((staffId, i) => ({
      organization_id: org.id,
      site_id: i < WORKERS ? site.id : other.id,
      staff_id: staffId,
      site_role: 'worker',
      starts_on: addDays(today, -60),
      ...ts,
    }));
    const rosterIds: number[] = [];
    await insertAll(roster, async (slice) => {
      for (const r of await trx.insertInto('site_roster').values(slice).returning('id').execute()) rosterIds.push(r.id);
    });
    const passes = ids.map((staffId, i) => ({
      organization_id: org.id,
      site_id: roster[i]!.site_id,
      staff_id: staffId,
      code: PassTokens.newCode(),
      serial: 1,
      issued_at: stamp,
      revoked_at: null,
      revoked_reason: null,
      replaced_by_id: null,
      ...ts,
    }));
    // Codes are random; a clash in the bench's few thousand is rare but would fail the unique index.
    const seen = new Set<string>();
    for (const p of passes) {
      while (seen.has(p.code)) p.code = PassTokens.newCode();
      seen.add(p.code);
    }
    await insertAll(passes, (slice) => trx.insertInto('site_passes').values(slice).execute());
    for (const p of passes.slice(0, WORKERS)) qrs.push(tokens.qr(p.code, p.serial));
    const items = ids.flatMap((staffId, i) =>
      RULES.map((rule_key, k) => ({
        organization_id: org.id,
        site_id: roster[i]!.site_id,
        roster_id: rosterIds[i]!,
        staff_id: staffId,
        contractor_id: null,
        rule_key,
        rule_version: 1,
        state: k % 3 === 0 ? ('satisfied' as const) : ('dated' as const),
        due_on: k % 3 === 0 ? null : addDays(today, i % 8 === 3 && k === 1 ? -40 : 30 + ((i * (k + 1)) % 300)),
        window_opens_on: null,
        reason_key: 'compliance.reason.dated',
        reason_params: '{}',
        computed_at: stamp,
      })),
    );
    await insertAll(items, (slice) => trx.insertInto('compliance_due_items').values(slice).execute());
    console.log(
      `seeded ${ids.length} workers on 2 sites (${WORKERS} on the scanned one), ${passes.length} passes, ${items.length} due items ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
  return { siteId: site.id, qrs };
}

async function startServer(url: string, dataDir: string, secret: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--no-warnings', import.meta.filename, 'serve'], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      CERTIFICATE_REMINDER_TIME: 'off',
      COMPLIANCE_RECOMPUTE_TIME: 'off',
    },
  });
  const port = await new Promise<number>((res, rej) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (l) => {
      const m = /^LISTENING (\d+)/.exec(l);
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`server exited with ${code}`)));
  });
  return { port, child };
}

async function login(port: number): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fingerprint': 'bench' },
    body: JSON.stringify({ ...ADMIN, keep_login: true }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { 'x-fingerprint': 'bench', authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Open loop: a scan every 1/RATE s whatever the answers' pace, each timed from its send to its whole answer. */
async function load(port: number, headers: Record<string, string>, siteId: number, qrs: string[]) {
  const url = `http://127.0.0.1:${port}/api/admin/organization/gate/sites/${siteId}/scans`;
  const one = async (i: number): Promise<{ ms: number; ok: boolean; verdict?: string }> => {
    const body = JSON.stringify({ client_entry_id: randomUUID(), code: qrs[(i * 7919) % qrs.length] });
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    const text = await res.text();
    const ms = performance.now() - started;
    return { ms, ok: res.ok, verdict: res.ok ? (JSON.parse(text) as { verdict: string }).verdict : text.slice(0, 200) };
  };
  // Warm-up: a second's worth, not counted.
  await Promise.all(Array.from({ length: RATE }, (_, i) => one(i + 1_000_000)));
  const total = RATE * SECONDS;
  const pending: Promise<{ ms: number; ok: boolean; verdict?: string }>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(i));
  }
  const results = await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  const failed = results.filter((r) => !r.ok);
  if (failed.length) console.log(`  ${failed.length} failed, e.g. ${failed[0]!.verdict}`);
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const refused = results.filter((r) => r.verdict === 'refuse').length;
  return {
    n: results.length,
    elapsed,
    refused,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms[ms.length - 1]!,
  };
}

async function run(label: string, target: { url: string; drop(): Promise<void> }) {
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-gate-'));
  const { db } = createDatabase(target.url);
  let server: { port: number; child: ChildProcess } | undefined;
  try {
    await migrateToLatest(db);
    const { siteId, qrs } = await seed(db, secret);
    server = await startServer(target.url, dataDir, secret);
    const headers = await login(server.port);
    const r = await load(server.port, headers, siteId, qrs);
    const f = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
    console.log(
      `${label.padEnd(10)} ${r.n} scans in ${r.elapsed.toFixed(1)} s (${(r.n / r.elapsed).toFixed(1)}/s; ${r.refused} refused)   ` +
        `p50 ${f(r.p50)}   p95 ${f(r.p95)}   p99 ${f(r.p99)}   max ${f(r.max)}   goal p99 <= ${GOAL_P99_MS} ms: ${r.p99 <= GOAL_P99_MS ? 'met' : 'missed'}`,
    );
  } finally {
    if (server) {
      server.child.kill('SIGKILL');
      await new Promise((res) => server!.child.once('exit', res));
    }
    await db.destroy();
    await target.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`gate bench: ${WORKERS} roster workers, ${RATE} scans/s for ${SECONDS} s at POST …/gate/sites/:id/scans`);
  const sqliteDir = mkdtempSync(join(tmpdir(), 'bo-bench-gate-db-'));
  await run('SQLite', {
    url: `sqlite:${join(sqliteDir, 'bench.sqlite')}`,
    drop: async () => rmSync(sqliteDir, { recursive: true, force: true }),
  });
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg?.startsWith('postgres')) await run('PostgreSQL', await createPostgresDatabase(pg, 'bo_bench_gate'));
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to postgres://...)');
  console.log(`load average after the runs ${loadavg()[0].toFixed(2)} (near the CPU count: other work shared the machine)`);
}

if (process.argv[2] === 'serve') {
  // The child: the application as `npm start` serves it.
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const { db, dialect } = createDatabase(config.databaseUrl);
  const app = await buildApp({ config, db, dialect, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
} else {
  await main();
}
