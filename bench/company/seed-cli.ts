/**
 * Builds (or reuses) the large company of issue 40 and prints its shape and the seeding's timings.
 *
 *   node --import tsx bench/company/seed-cli.ts [--scale 1|0.1|0.01] [--engine sqlite|postgres]
 *
 * PostgreSQL: the server of DATABASE_URL (postgres://…). BENCH_RESEED=1 seeds again over a kept company.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openCompany } from './keep.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, engine: { type: 'string', default: 'sqlite' } },
});
const scale = Number(values.scale);
const engine = values.engine as 'sqlite' | 'postgres';
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
if (engine !== 'sqlite' && engine !== 'postgres') throw new Error('--engine must be sqlite or postgres');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function databaseBytes(url: string): Promise<number> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return [file, `${file}-wal`].reduce((sum, f) => sum + (statSync(f, { throwIfNoEntry: false })?.size ?? 0), 0);
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query('select pg_database_size(current_database()) as n')).rows[0].n);
  } finally {
    await c.end();
  }
}

async function main() {
  console.log(`machine: ${cpus().length} CPUs, load average before ${loadavg()[0].toFixed(2)}`);
  const started = performance.now();
  const shape = await openCompany({ scale, engine, serverUrl: process.env.DATABASE_URL, log: (l) => console.log(l) });
  const seconds = (performance.now() - started) / 1000;
  const dataBytes = Number(execFileSync('du', ['-sb', shape.dataDir], { encoding: 'utf8' }).split('\t')[0]);
  console.log(JSON.stringify({ ...shape, serverEnv: Object.fromEntries(Object.keys(shape.serverEnv).map((k) => [k, '…'])) }, null, 2));
  console.log(
    `\nopenCompany: ${seconds.toFixed(1)} s; database ${mb(await databaseBytes(shape.url))}, DATA_DIR ${mb(dataBytes)} ` +
      `(stored objects are hard links); load average after ${loadavg()[0].toFixed(2)}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
