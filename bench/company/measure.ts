/**
 * The company bench's measuring side (issue 40): the server started from source on a seeded company
 * (this file run with `serve` is the server process), sign-in of its two admins, one checked call and an
 * autocannon run per request, and the staff export and import of 10,000 rows timed through the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { CompanyShape, Credentials } from './shape.ts';
import type { BenchRequest, Caller, RouteInfo } from './routes.ts';

const ROOT = resolve(import.meta.dirname, '../..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);
const FINGERPRINT = 'bench-company';
/** The bench's own route on the server process: the app's route table with each route's declared access. */
const ROUTES_PATH = '/__bench/routes';

export interface Server {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The application as main.ts builds it, on the kept company's database and data folder, with the daily
 * jobs off and the secrets the seeder sealed its data with. `BENCH_CPU_PROF=<dir>` runs it under `--cpu-prof` (the profile is written when it stops).
 */
export async function startServer(shape: CompanyShape, log: (line: string) => void): Promise<Server> {
  const prof = process.env.BENCH_CPU_PROF;
  const flags = prof ? ['--cpu-prof', '--cpu-prof-dir', resolve(prof)] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', '--no-warnings', import.meta.filename, 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...shape.serverEnv,
      DATABASE_URL: shape.url,
      DATA_DIR: shape.dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      LOG_DIR: 'off',
      CERTIFICATE_REMINDER_TIME: 'off',
      COMPLIANCE_RECOMPUTE_TIME: 'off',
      // Each run signs in twice per server start; far below these, but a rerun never waits for the window.
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '100000',
      LOGIN_RATE_LIMIT_PER_IP: '100000',
    },
  });
  const port = await new Promise<number>((res, rej) => {
    createInterface({ input: child.stdout! }).on('line', (l) => {
      const m = /^LISTENING (\d+)/.exec(l);
      if (m) res(Number(m[1]));
      else log(`  server: ${l}`);
    });
    child.once('exit', (code) => rej(new Error(`server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      // SIGTERM exits cleanly, so that `--cpu-prof` writes its profile.
      child.kill(prof ? 'SIGTERM' : 'SIGKILL');
      await exited;
    },
  };
}

/** The server process: the app with every module's routes recorded (an onRoute hook inside each module's context). */
async function serve(): Promise<void> {
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { openDatabase } = await import('../../apps/server/src/lib/process/open-database.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { MODULES } = await import('../../apps/server/src/modules/index.ts');
  type Module = (typeof MODULES)[number];
  const table: RouteInfo[] = [];
  const record = (m: Module): Module => ({
    ...m,
    async setup(scoped) {
      scoped.addHook('onRoute', (r) => {
        const cfg = (r.config ?? {}) as { roles?: unknown; organization?: boolean };
        for (const method of [r.method].flat())
          table.push({ method, url: r.url, roles: cfg.roles, organization: cfg.organization === true, module: m.name });
      });
      await m.setup?.(scoped);
    },
    modules: m.modules?.map(record),
  });
  const config = loadConfig(process.env);
  const { db, dialect } = await openDatabase(config, () => {});
  const app = await buildApp({ config, db, dialect, logger: false, modules: MODULES.map(record) });
  // Hidden from the API reference (which it would otherwise break: no schema).
  app.get(ROUTES_PATH, { schema: { hide: true }, config: { roles: 'public', fingerprint: false } }, async () => table);
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
  process.on('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
}

/** The registered routes (with their declared access) and the API reference's parameters of each. */
export async function readRouteTable(server: Server): Promise<{ routes: RouteInfo[]; doc: OpenApiDoc }> {
  const routes = (await (await fetch(`${server.base}${ROUTES_PATH}`)).json()) as RouteInfo[];
  const doc = (await (await fetch(`${server.base}/api/docs/json`)).json()) as OpenApiDoc;
  return { routes, doc };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: Record<string, unknown> }[] }>>;
}

export type Sessions = Record<Caller, Record<string, string>>;

async function signIn(base: string, who: Credentials): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/admin/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fingerprint': FINGERPRINT },
    body: JSON.stringify({ ...who, keep_login: true }),
  });
  if (!res.ok) throw new Error(`sign-in of ${who.email} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const { token } = (await res.json()) as { token: string };
  return { 'x-fingerprint': FINGERPRINT, authorization: `Bearer ${token}` };
}

export async function signInBoth(server: Server, shape: CompanyShape): Promise<Sessions> {
  return {
    super: await signIn(server.base, shape.superAdmin),
    org: await signIn(server.base, shape.organizationAdmin),
    public: { 'x-fingerprint': FINGERPRINT },
  };
}

export interface Answer {
  status: number;
  text: string;
  json: unknown;
}

/** One call as `as`: its status and body (JSON when it is). */
export async function call(server: Server, sessions: Sessions, as: Caller, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${server.base}${path}`, { ...init, headers: { ...sessions[as], ...(init.headers as object) } });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, json };
}

export interface Figure {
  key: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  load: number;
  /** The checked call's status and body start when it was not 2xx (the run is then skipped). */
  failed?: string;
}

/** One request: a checked call, a short warm-up, then 10 connections for BENCH_SECONDS. */
export async function measure(server: Server, sessions: Sessions, r: BenchRequest): Promise<Figure> {
  const method = r.method ?? 'GET';
  const json: Record<string, string> = r.body ? { 'content-type': 'application/json' } : {};
  let as = r.as;
  const started = performance.now();
  let first = await call(server, sessions, as, r.path, { method, body: r.body?.(), headers: json });
  // A variant another admin may ask (the company photo library: ROLE_ roles, not the organization's).
  if (first.status === 403 && as !== 'public') {
    const other = as === 'org' ? 'super' : 'org';
    const again = await call(server, sessions, other, r.path, { method, body: r.body?.(), headers: json });
    if (again.status < 300) [as, first] = [other, again];
  }
  const firstMs = performance.now() - started;
  const headers = { ...sessions[as], ...json };
  if (first.status < 200 || first.status >= 300) {
    return {
      key: r.key,
      rps: 0,
      p50: 0,
      p99: 0,
      errors: 1,
      load: loadavg()[0]!,
      failed: `${first.status} ${first.text.slice(0, 160).replace(/\s+/g, ' ')}`,
    };
  }
  const opts = {
    url: `${server.base}${r.path}`,
    method,
    connections: 10,
    headers,
    // A fresh body per request where it must differ (the gate's scans carry a new client entry id).
    ...(r.body ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: r.body!() }) }] } : {}),
  };
  await autocannon({ ...opts, duration: WARM_UP_SECONDS });
  let res = await autocannon({ ...opts, duration: SECONDS });
  // Not one answer: the server may still be working off the previous route's backlog; once more after it.
  if (res['2xx'] === 0) {
    await call(server, sessions, as, r.path, { method, body: r.body?.(), headers: json });
    res = await autocannon({ ...opts, duration: SECONDS });
  }
  // Not one answer within the run (each slower than the run is long): no percentile, and not a goal met.
  if (res['2xx'] === 0)
    return {
      key: r.key,
      rps: 0,
      p50: 0,
      p99: 0,
      errors: res.errors + res.timeouts + res.non2xx,
      load: loadavg()[0]!,
      failed: `no answer within the ${SECONDS} s run (the checked call alone took ${firstMs.toFixed(0)} ms)`,
    };
  return {
    key: r.key,
    rps: res.requests.average,
    p50: res.latency.p50,
    p99: res.latency.p99,
    errors: res.errors + res.timeouts + res.non2xx,
    load: loadavg()[0]!,
  };
}

export interface Timing {
  name: string;
  ms: number | null;
  rows: number;
  load: number;
  note?: string;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ROWS = 10_000;
const EXPORT_TEMPLATE = 'bench company roster';

/**
 * The staff export of up to 10,000 rows of the organization (a roster template made once, through the
 * template route) and the import of 10,000 roster rows (preview, then the import) into a bench
 * organization of its own, deleted through the API afterwards so the kept company stays as seeded (its
 * audit entries stay: the audit log is append-only).
 */
export async function timeExportImport(
  server: Server,
  sessions: Sessions,
  shape: CompanyShape,
  log: (l: string) => void,
): Promise<Timing[]> {
  const out: Timing[] = [];
  const org = `organization_id=${shape.organizationId}`;
  try {
    out.push(await timeExport(server, sessions, shape, org));
  } catch (e) {
    out.push({ name: 'staff export (roster)', ms: null, rows: 0, load: loadavg()[0]!, note: (e as Error).message.slice(0, 200) });
  }
  log(`  ${describeTiming(out[out.length - 1]!)}`);
  try {
    out.push(...(await timeImport(server, sessions)));
  } catch (e) {
    out.push({ name: 'staff import', ms: null, rows: 0, load: loadavg()[0]!, note: (e as Error).message.slice(0, 200) });
  }
  for (const t of out.slice(1)) log(`  ${describeTiming(t)}`);
  return out;
}

export const describeTiming = (t: Timing) =>
  `${t.name.padEnd(34)} ${t.ms === null ? 'failed'.padStart(9) : `${t.ms.toFixed(0).padStart(6)} ms`}  ${String(t.rows).padStart(6)} rows  load ${t.load.toFixed(2)}${t.note ? `  (${t.note})` : ''}`;

async function timeExport(server: Server, sessions: Sessions, shape: CompanyShape, org: string): Promise<Timing> {
  const { rosterTemplate } = await import('../../apps/server/src/modules/staff-excel/staff-excel.fixtures.ts');
  const listed = await call(
    server,
    sessions,
    'org',
    `/api/admin/organization/staff-excel/index?${org}&per_page=100&keyword=${encodeURIComponent(EXPORT_TEMPLATE)}`,
  );
  let templateId = (listed.json as { data?: { id: number; name: string }[] } | null)?.data?.find((t) => t.name === EXPORT_TEMPLATE)?.id;
  if (!templateId) {
    const fd = new FormData();
    fd.set('name', EXPORT_TEMPLATE);
    fd.set('layout', 'roster');
    fd.set('start_row', '3');
    fd.set(
      'cells',
      JSON.stringify([
        { cell: 'A3', type: 'field', field: 'seq' },
        { cell: 'B3', type: 'field', field: 'display_name' },
        { cell: 'C3', type: 'field', field: 'national_id' },
        { cell: 'D3', type: 'date', field: 'birthday', format: 'ROC' },
        { cell: 'B5', type: 'fixed', value: 'organization_name' },
      ]),
    );
    fd.set('file', new Blob([new Uint8Array(await rosterTemplate())]), `${EXPORT_TEMPLATE}.xlsx`);
    const made = await call(server, sessions, 'org', `/api/admin/organization/staff-excel?${org}`, { method: 'POST', body: fd });
    if (made.status !== 200 && made.status !== 201) throw new Error(`template: ${made.status} ${made.text.slice(0, 160)}`);
    templateId = (made.json as { id: number }).id;
  }
  const ids = await staffIds(shape);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/admin/organization/staff-excel/export-merge/${templateId}?${org}`, {
    method: 'POST',
    headers: { ...sessions.org, 'content-type': 'application/json' },
    body: JSON.stringify({ staff_ids: ids, options: {} }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`export ${res.status} ${body.toString().slice(0, 160)}`);
  return {
    name: 'staff export (roster)',
    ms,
    rows: ids.length,
    load: loadavg()[0]!,
    note: `${(body.length / 1024).toFixed(0)} KB${ids.length < ROWS ? `; the organization has ${ids.length} staff` : ''}`,
  };
}

/** Up to 10,000 staff ids of the organization, read from the database (the list route pages 100 at a time). */
async function staffIds(shape: CompanyShape): Promise<number[]> {
  const { createDatabase } = await import('../../apps/server/src/db/database.ts');
  const { db } = createDatabase(shape.url);
  try {
    const rows = await db
      .selectFrom('staff')
      .select('id')
      .where('organization_id', '=', shape.organizationId)
      .orderBy('id')
      .limit(ROWS)
      .execute();
    return rows.map((r) => r.id);
  } finally {
    await db.destroy();
  }
}

/** A company's roster as the import tests build them (zh-TW headers, ROC dates, valid national ids): rows from..from+n. */
async function importRoster(from: number, n: number): Promise<Buffer> {
  const { roster, nationalId } = await import('../../apps/server/src/modules/staff/staff-import.test-helpers.ts');
  const header = ['姓名', '身分證字號', '手機', '生日', '到職日', '性別', '職稱', '電子郵件'];
  const rows = Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return [
      `匯入員工${String(i).padStart(5, '0')}`,
      nationalId(9_000_000 + i),
      `09${String(10_000_000 + i).slice(-8)}`,
      `${70 + (i % 20)}/0${1 + (i % 9)}/1${i % 9}`,
      `民國${100 + (i % 13)}年${1 + (i % 12)}月${1 + (i % 28)}日`,
      i % 2 ? '男' : '女',
      '技術士',
      `import${i}@bench.test`,
    ];
  });
  return roster({ 人員名冊: [header, ...rows] });
}

/**
 * 10,000 rows in files of the most one import takes (STAFF_IMPORT_MAX_ROWS, 5,000): each previewed, then
 * imported; the figures are the sums over the files.
 */
async function timeImport(server: Server, sessions: Sessions): Promise<Timing[]> {
  const { STAFF_IMPORT_MAX_ROWS } = await import('../../packages/shared/src/schemas/staff-import-columns.ts');
  // The organization admin is made an admin of the bench organization too (the import needs a member who writes staff).
  const me = (await call(server, sessions, 'org', '/api/admin/account/profile')).json as { id: number };
  const made = await call(server, sessions, 'super', '/api/admin/admin-organization', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `bench import ${randomUUID().slice(0, 8)}`,
      status: 'active',
      members: [{ admin_id: me.id, sub_account_roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }],
    }),
  });
  if (made.status !== 200 && made.status !== 201) throw new Error(`bench organization: ${made.status} ${made.text.slice(0, 160)}`);
  const orgId = (made.json as { id: number }).id;
  try {
    const at = `/api/admin/organization/staff/import?organization_id=${orgId}`;
    let previewMs = 0;
    let importMs = 0;
    let imported = 0;
    let rejected = 0;
    const files = Math.ceil(ROWS / STAFF_IMPORT_MAX_ROWS);
    for (let from = 0; from < ROWS; from += STAFF_IMPORT_MAX_ROWS) {
      const file = await importRoster(from, Math.min(STAFF_IMPORT_MAX_ROWS, ROWS - from));
      const form = (extra: Record<string, string>) => {
        const fd = new FormData();
        for (const [k, v] of Object.entries(extra)) fd.set(k, v);
        fd.set('file', new Blob([new Uint8Array(file)], { type: XLSX }), '人員名冊.xlsx');
        return fd;
      };
      let started = performance.now();
      const preview = await call(server, sessions, 'org', at.replace('/import?', '/import/preview?'), { method: 'POST', body: form({}) });
      previewMs += performance.now() - started;
      if (preview.status !== 200) throw new Error(`preview ${preview.status} ${preview.text.slice(0, 160)}`);
      started = performance.now();
      const mapping = JSON.stringify((preview.json as { mapping: unknown }).mapping);
      const done = await call(server, sessions, 'org', at, { method: 'POST', body: form({ mapping }) });
      importMs += performance.now() - started;
      if (done.status !== 200) throw new Error(`import ${done.status} ${done.text.slice(0, 160)}`);
      const body = done.json as { imported_count: number; rejected_count: number };
      imported += body.imported_count;
      rejected += body.rejected_count;
    }
    return [
      { name: 'staff import: preview', ms: previewMs, rows: ROWS, load: loadavg()[0]!, note: `${files} files` },
      {
        name: 'staff import: import',
        ms: importMs,
        rows: imported,
        load: loadavg()[0]!,
        note: `${rejected} rejected; preview + import ${(previewMs + importMs).toFixed(0)} ms`,
      },
    ];
  } finally {
    const gone = await call(server, sessions, 'super', `/api/admin/admin-organization/${orgId}?confirm=true`, {
      method: 'DELETE',
      headers: { 'if-match': '*' },
    });
    if (gone.status !== 200) console.log(`  the bench organization ${orgId} was not deleted: ${gone.status} ${gone.text.slice(0, 160)}`);
  }
}

if (process.argv[2] === 'serve' && import.meta.url === pathToFileURL(process.argv[1]!).href) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
