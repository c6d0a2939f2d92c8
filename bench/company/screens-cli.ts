/**
 * The company's screens on their own (bench/company/screens.ts):
 *
 *   node --import tsx --no-warnings bench/company/screens-cli.ts --scale 0.01      the kept company (keep.ts), seeded if missing
 *   node --import tsx --no-warnings bench/company/screens-cli.ts --shape <shape.json> [--url http://127.0.0.1:PORT]
 *   options: --runs 3 (page loads per screen, the median is the figure), --shots /tmp/screens (screenshots)
 *
 * Without --url the server is started here on the company's database and DATA_DIR (measure.ts
 * startServer: the application serving apps/web/dist). DATABASE_URL=postgres://… with --scale: the
 * company on that PostgreSQL server. Prints figures; asserts nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openCompany } from './keep.ts';
import { startServer, type Server } from './measure.ts';
import { measureScreens } from './screens.ts';
import type { CompanyShape } from './shape.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const log = (line: string) => console.log(line);

async function companyOf(values: { shape?: string; scale?: string }): Promise<CompanyShape> {
  if (values.shape) {
    // A bare shape, or keep.ts' shape.json (the shape and what it was built with).
    const read = JSON.parse(readFileSync(values.shape, 'utf8')) as CompanyShape | { shape: CompanyShape };
    return 'shape' in read ? read.shape : read;
  }
  const server = process.env.DATABASE_URL;
  const engine = server?.startsWith('postgres') ? 'postgres' : 'sqlite';
  return openCompany({ scale: Number(values.scale), engine, serverUrl: server, log });
}

async function main() {
  const { values } = parseArgs({
    options: {
      shape: { type: 'string' },
      scale: { type: 'string' },
      url: { type: 'string' },
      runs: { type: 'string', default: '3' },
      shots: { type: 'string', default: '/tmp/screens' },
    },
  });
  if (!values.shape && !values.scale)
    throw new Error('usage: screens-cli.ts (--scale <s> | --shape <shape.json>) [--url <base url>] [--runs 3] [--shots <dir>]');
  const shape = await companyOf(values);
  if (!values.url && !existsSync(join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run `node scripts/build.mjs` first');
  log(`machine: ${cpus().length} CPUs (${cpus()[0]?.model}), load average before the run ${loadavg()[0]!.toFixed(2)}`);
  let server: Server | null = null;
  try {
    if (!values.url) server = await startServer(shape, log);
    await measureScreens({
      baseUrl: (values.url ?? server!.base).replace(/\/$/, ''),
      shape,
      runs: Number(values.runs),
      screenshotDir: values.shots,
      log,
    });
  } finally {
    await server?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
