/**
 * The large company benchmark (issue 40): against a seeded company (bench/company/keep.ts seeds it once and
 * keeps it) at 1/100, 1/10 and full size, on SQLite and on PostgreSQL, the server started from source and
 * every list route (page 1, a deep page, the keyword search, each filter and sort), every detail route,
 * the other reads (the compliance dashboard among them) and the gate's verdict asked with 10 connections:
 * p50 / p99 with the load average beside each; the staff export and import of 10,000 rows timed; the
 * screens in Chromium at full size (bench/company/screens.ts). Then per database the table across sizes,
 * the goals (lists and details p99 <= 50 ms at full size, keyword searches <= 100 ms) met or missed, and
 * the routes whose p99 grows faster than the logarithm of their table.
 *
 *   npm run -w bench company
 *     BENCH_SIZES=1,0.1,0.01   the sizes to measure (the others' figures are read from bench/.company/)
 *     BENCH_ENGINES=sqlite,postgres   PostgreSQL needs DATABASE_URL (postgres://…, the server to seed on)
 *     BENCH_SECONDS=3   per run, after a BENCH_WARMUP (1) s warm-up
 *     BENCH_ONLY=<regexp>   only the requests it matches (the others' figures kept from the last run)
 *     BENCH_CPU_PROF=<dir>   the server under --cpu-prof;  BENCH_SKIP_EXCEL=1, BENCH_SKIP_SCREENS=1
 *
 * Prints figures; it asserts nothing and is never part of npm test.
 */
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CompanyShape } from './company/shape.ts';
import {
  call,
  measure,
  readRouteTable,
  SECONDS,
  WARM_UP_SECONDS,
  signInBoth,
  startServer,
  timeExportImport,
  type Figure,
} from './company/measure.ts';
import { planRequests } from './company/routes.ts';
import { loadResults, printEngine, printVerdicts, saveResults } from './company/report.ts';

type Engine = CompanyShape['engine'];
type OpenCompany = (o: { scale: number; engine: Engine; serverUrl?: string; log: (line: string) => void }) => Promise<CompanyShape>;

const log = (line: string) => console.log(line);
const SIZES = (process.env.BENCH_SIZES ?? '0.01,0.1,1')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

async function optional<T>(path: string): Promise<T | null> {
  const file = join(import.meta.dirname, path);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as T;
}

/** One engine at one size: the company opened, the server started on it, every request measured. */
async function runSize(openCompany: OpenCompany, engine: Engine, scale: number, serverUrl: string | undefined): Promise<void> {
  const started = Date.now();
  log(`\n--- ${engine}, scale ${scale}: opening the company (load ${loadavg()[0]!.toFixed(2)}) ---`);
  const shape = await openCompany({ scale, engine, serverUrl, log: (l) => log(`  ${l}`) });
  const server = await startServer(shape, log);
  try {
    const sessions = await signInBoth(server, shape);
    const table = await readRouteTable(server);
    const plan = await planRequests(table.routes, table.doc, shape, (as, path) => call(server, sessions, as, path));
    const requests = ONLY ? plan.requests.filter((r) => ONLY.test(r.key)) : plan.requests;
    log(`  ${requests.length} requests (${plan.skipped.length} not asked), ${SECONDS} s each after a ${WARM_UP_SECONDS} s warm-up`);
    const figures: Figure[] = [];
    for (const r of requests) {
      const f = await measure(server, sessions, r);
      figures.push(f);
      log(
        f.failed
          ? `  ${r.key.padEnd(100)} ERROR ${f.failed}`
          : `  ${r.key.padEnd(100)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(5)}  p99 ${String(f.p99).padStart(5)} ms  load ${f.load.toFixed(2)}${f.errors ? `  ${f.errors} errors` : ''}`,
      );
    }
    const timings = process.env.BENCH_SKIP_EXCEL ? [] : await timeExportImport(server, sessions, shape, log);
    let screens: unknown;
    if (scale === 1 && !ONLY && !process.env.BENCH_SKIP_SCREENS) {
      const mod = await optional<{ measureScreens(o: { baseUrl: string; shape: CompanyShape; log: typeof log }): Promise<unknown> }>(
        'company/screens.ts',
      );
      if (mod) screens = await mod.measureScreens({ baseUrl: server.base, shape, log }).catch((e: Error) => ({ failed: e.message }));
      else log('  screens: bench/company/screens.ts is not there; not measured');
    }
    const results = loadResults(engine);
    // With BENCH_ONLY the other requests' figures of this size stay as an earlier run measured them.
    const earlier = ONLY ? results.sizes[String(scale)] : undefined;
    const rerun = new Set(requests.map((r) => r.key));
    results.sizes[String(scale)] = {
      at: new Date().toISOString(),
      seconds: SECONDS,
      counts: shape.counts,
      requests: [
        ...(earlier?.requests.filter((r) => !rerun.has(r.key)) ?? []),
        ...requests.map(({ key, route, variant, kind, table: t, as }) => ({ key, route, variant, kind, table: t, as })),
      ],
      figures: [...(earlier?.figures.filter((f) => !rerun.has(f.key)) ?? []), ...figures],
      timings: timings.length || !earlier ? timings : earlier.timings,
      skipped: plan.skipped,
      ...(screens !== undefined ? { screens } : earlier?.screens !== undefined ? { screens: earlier.screens } : {}),
    };
    saveResults(results);
    log(`  ${engine} scale ${scale} done in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  } finally {
    await server.stop();
  }
}

async function main() {
  const keep = await optional<{ openCompany: OpenCompany }>('company/keep.ts');
  if (!keep) throw new Error('bench/company/keep.ts (openCompany) is not there: nothing to measure against');
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
  const serverUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
  log(
    `company bench: sizes ${SIZES.join(', ')} on ${engines.join(', ')}; ${cpus().length} CPUs (${cpus()[0]?.model}), load ${loadavg()[0]!.toFixed(2)}`,
  );
  for (const engine of engines) {
    if (engine === 'postgres' && !serverUrl) {
      log('\nPostgreSQL skipped: DATABASE_URL (postgres://…) names no server to seed the company on');
      continue;
    }
    for (const scale of SIZES) await runSize(keep.openCompany, engine, scale, engine === 'postgres' ? serverUrl : undefined);
  }
  // Every engine asked for with figures kept, this run's sizes and the earlier runs' others.
  for (const engine of engines)
    if (Object.keys(loadResults(engine).sizes).length) printVerdicts(engine, printEngine(loadResults(engine), log), log);
  log(
    `\nload average at the end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
