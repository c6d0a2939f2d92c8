/**
 * The seeded company kept between runs (issue 40): seeding takes minutes, so a run reuses the company
 * a run before built when it is complete.
 *
 * SQLite: bench/.company/s<scale>/company.sqlite with its DATA_DIR bench/.company/s<scale>/data.
 * PostgreSQL: the database bo_bench_company_s<scale> (s1, s0_1, s0_01) on the server named, with its
 * DATA_DIR bench/.company/pg-s<scale>/data. Beside each, shape.json, written only once the seeding
 * finished: it is what a later run reuses (migrations added since are applied to it first). BENCH_RESEED=1 builds it again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest, pendingMigrations } from '../../apps/server/src/db/migrate.ts';
import type { Log } from './seed-bulk.ts';
import { seedCompany } from './seed.ts';
import type { CompanyShape } from './shape.ts';

export const COMPANY_ROOT = resolve(import.meta.dirname, '../.company');
const MIGRATIONS = resolve(import.meta.dirname, '../../apps/server/src/db/migrations');

export interface OpenCompanyOptions {
  scale: number;
  engine: 'sqlite' | 'postgres';
  /** PostgreSQL: a server URL (postgres://postgres@127.0.0.1:5432/postgres); the company gets a database of its own there. */
  serverUrl?: string;
  log?: Log;
}

/** What shape.json holds: the shape and the schema it was built with. */
interface Kept {
  shape: CompanyShape;
  latestMigration: string;
  seededAt: string;
  seedSeconds: number;
}

/** The code's last migration (the names migrate.ts gives them). */
function latestMigration(): string {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^\d{4}-.*\.(ts|mjs)$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  return files[files.length - 1]!.replace(/\.(ts|mjs)$/, '');
}

const scaleName = (scale: number) => `s${scale}`;

function databaseUrl(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withServer<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Whether the kept company is there, complete and of this code's schema. */
async function reusable(kept: Kept, url: string, o: OpenCompanyOptions, shapeFile: string, log: Log): Promise<string | null> {
  if (o.engine === 'postgres' && kept.shape.url !== url) return 'it was built at another address';
  if (o.engine === 'sqlite' && !existsSync(url.slice('sqlite:'.length))) return 'its database file is gone';
  if (o.engine === 'postgres') {
    const name = new URL(url).pathname.slice(1);
    const found = await withServer(o.serverUrl!, (c) => c.query('select 1 from pg_database where datname = $1', [name]));
    if (!found.rowCount) return `the database ${name} is gone`;
  }
  const { db } = createDatabase(url, () => {}, 1);
  try {
    // Migrations added since the seeding (indexes, new tables) are applied to the kept company rather than
    // seeding it again: they run on its data as they would on a company's at an upgrade.
    const pending = await pendingMigrations(db);
    if (pending.length) {
      log(`company ${scaleName(o.scale)} on ${o.engine}: applying ${pending.join(', ')}`);
      await migrateToLatest(db);
      kept.latestMigration = latestMigration();
      writeFileSync(shapeFile, `${JSON.stringify(kept, null, 2)}\n`);
    }
    const staff = await db
      .selectFrom('staff')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(staff.n) !== kept.shape.counts.staff) return 'its staff count differs from the one seeded';
  } finally {
    await db.destroy();
  }
  return null;
}

/**
 * The company at `scale` on `engine`: the kept one when it is complete and current, otherwise a fresh
 * database migrated to the latest schema and seeded (seed.ts). Start the server with DATABASE_URL =
 * shape.url, DATA_DIR = shape.dataDir and shape.serverEnv.
 */
export async function openCompany(o: OpenCompanyOptions): Promise<CompanyShape> {
  const log = o.log ?? ((line: string) => console.log(line));
  const folder = join(COMPANY_ROOT, `${o.engine === 'postgres' ? 'pg-' : ''}${scaleName(o.scale)}`);
  const dataDir = join(folder, 'data');
  const shapeFile = join(folder, 'shape.json');
  let url: string;
  if (o.engine === 'sqlite') url = `sqlite:${join(folder, 'company.sqlite')}`;
  else {
    if (!o.serverUrl) throw new Error('openCompany: PostgreSQL needs serverUrl (DATABASE_URL, postgres://…)');
    url = databaseUrl(o.serverUrl, `bo_bench_company_${scaleName(o.scale).replace('.', '_')}`);
  }

  if (process.env.BENCH_RESEED !== '1' && existsSync(shapeFile)) {
    const kept = JSON.parse(readFileSync(shapeFile, 'utf8')) as Kept;
    const why = await reusable(kept, url, o, shapeFile, log).catch((e: Error) => `it cannot be read (${e.message})`);
    if (why === null) {
      log(`company ${scaleName(o.scale)} on ${o.engine}: kept from ${kept.seededAt} (seeded in ${kept.seedSeconds.toFixed(0)} s), reused`);
      // A SQLite company is its folder: reached through another path (a copy of the code), it is the same one.
      return o.engine === 'sqlite' ? { ...kept.shape, url, dataDir } : kept.shape;
    }
    log(`company ${scaleName(o.scale)} on ${o.engine}: seeding again, ${why}`);
  }

  // A fresh start: the folder (and the database) of an earlier or unfinished run go first.
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (o.engine === 'postgres') {
    const name = new URL(url).pathname.slice(1);
    await withServer(o.serverUrl!, async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
    });
  }
  const started = performance.now();
  const { db } = createDatabase(url, () => {}, 1);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const seeded = await seedCompany(url, { scale: o.scale, dataDir, log });
  const shape: CompanyShape = { scale: o.scale, engine: o.engine, url, dataDir, ...seeded };
  const kept: Kept = {
    shape,
    latestMigration: latestMigration(),
    seededAt: new Date().toISOString(),
    seedSeconds: (performance.now() - started) / 1000,
  };
  writeFileSync(shapeFile, `${JSON.stringify(kept, null, 2)}\n`);
  return shape;
}
