/**
 * Mixed load with nothing lost (issue 15, goal 5). Seeds 5 organizations with 10 organization admins
 * each (50 admins), starts the compiled server (`npm start`'s apps/server/dist, built first), signs
 * every admin in, then runs BENCH_CONNECTIONS (100) concurrent clients for BENCH_SECONDS (60), each
 * acting as one admin in its organization, on a mix of staff calls:
 *   list 40 % · read 20 % · create 15 % · update 10 % · batch delete 10 % · xlsx export 5 %
 * It prints req/s, p50 and p99 per call type and the errors, then checks in the database that every
 * acknowledged write is there as acknowledged (each client updates only staff it created, so the last
 * acknowledged value is the one to find) and that the staff audit entries are exactly the
 * acknowledged writes.
 *
 *   BENCH_TARGET=sqlite    npm run -w bench mixed-load   (default)
 *   BENCH_TARGET=postgres  npm run -w bench mixed-load   (TEST_DATABASE_URL or the local server)
 *   BENCH_TARGET=cluster   npm run -w bench mixed-load   (two instances on one PostgreSQL and Redis,
 *                                                         behind a round-robin proxy on loopback)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';

const ROOT = resolve(import.meta.dirname, '..');
const TARGET = (process.env.BENCH_TARGET ?? 'sqlite') as 'sqlite' | 'postgres' | 'cluster';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Bench-Passw0rd!';
const ORGS = 5;
const ADMINS_PER_ORG = 10;

type CallType = 'list' | 'read' | 'create' | 'update' | 'batch' | 'export';
const MIX: [CallType, number][] = [
  ['list', 40],
  ['read', 20],
  ['create', 15],
  ['update', 10],
  ['batch', 10], // a batch delete of two of the client's own staff
  ['export', 5],
];
const pick = (): CallType => {
  let r = Math.random() * 100;
  for (const [t, w] of MIX) {
    r -= w;
    if (r < 0) return t;
  }
  return 'list';
};

async function prepareDatabase(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (TARGET === 'sqlite') return { url: `sqlite:${join(dataDir, 'app.sqlite')}`, drop: async () => {} };
  const name = `bench_mixed_${Date.now()}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function seed(db: Database): Promise<{ email: string; organizationId: number }[]> {
  await migrateToLatest(db);
  const hash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  const admins: { email: string; organizationId: number }[] = [];
  for (let o = 0; o < ORGS; o++) {
    const org = await db
      .insertInto('organizations')
      .values({
        uid: `bench-org-${o}`,
        name: `壓測營造 ${o}`,
        company_id: null,
        status: 'active',
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let a = 0; a < ADMINS_PER_ORG; a++) {
      const email = `bench-${o}-${a}@example.com`;
      const row = await db
        .insertInto('admins')
        .values({
          email,
          name: `壓測 ${o}-${a}`,
          password_hash: hash,
          roles: '[]',
          status: 'active',
          has_change_default_password: 1,
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('organization_members')
        .values({ admin_id: row.id, organization_id: org.id, sub_account_roles: '["SUB_ACCOUNT_ROLE_ADMIN"]', created_at: now } as never)
        .execute();
      admins.push({ email, organizationId: org.id });
    }
  }
  return admins;
}

/** A port free right now on loopback (the server prints its configured port, so PORT=0 would not do). */
const freePort = () =>
  new Promise<number>((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });

async function startInstance(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      LOG_DIR: 'off',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '100000000',
      LOGIN_RATE_LIMIT_PER_IP: '100000000',
      ...env,
    },
  });
  await new Promise<void>((res, rej) => {
    createInterface({ input: child.stdout! }).on('line', (l) => {
      if (l.includes('Back office:')) res();
    });
    child.once('exit', (code) => rej(new Error(`server exited with ${code}`)));
  });
  return { port, child };
}

/**
 * A round-robin HTTP proxy on loopback in front of the instances. Its client connections stay open as
 * long as the instances' own (Node's 5 s default would race the load generator's keep-alive reuse and
 * reset sockets the bench would count as errors of the app).
 */
function roundRobin(ports: number[]): Promise<{ port: number; close(): void }> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const server = http.createServer((req, res) => {
    const port = ports[next++ % ports.length];
    const up = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.pipe(up);
  });
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 76_000;
  return new Promise((res) =>
    server.listen(0, '127.0.0.1', () => res({ port: (server.address() as { port: number }).port, close: () => server.close() })),
  );
}

interface Client {
  token: string;
  fingerprint: string;
  organizationId: number;
  /** Staff this client created and what it last had acknowledged for each. */
  own: Map<number, { name: string; job_title: string; status: string }>;
}

async function main() {
  console.log(`mixed load: ${TARGET}, ${CONNECTIONS} connections, ${SECONDS} s`);
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-mixed-'));
  const database = await prepareDatabase(dataDir);
  const { db } = createDatabase(database.url);
  const admins = await seed(db);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    WEB_DIST: join(dataDir, 'no-web'),
    ...(TARGET === 'cluster' ? { REDIS_URL } : {}),
  };
  // One server per data folder (docs/operations.md): the second instance gets a folder of its own.
  const instances = [
    await startInstance(env),
    ...(TARGET === 'cluster' ? [await startInstance({ ...env, DATA_DIR: join(dataDir, 'instance-2') })] : []),
  ];
  const proxy = TARGET === 'cluster' ? await roundRobin(instances.map((i) => i.port)) : null;
  const base = `http://127.0.0.1:${proxy?.port ?? instances[0]!.port}`;
  const call = async (
    c: Pick<Client, 'token' | 'fingerprint'> | null,
    method: string,
    path: string,
    body?: unknown,
    fingerprint = 'bench',
  ) => {
    // Node's fetch keeps connections alive: each concurrent client holds one.
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-fingerprint': c?.fingerprint ?? fingerprint,
        ...(c ? { authorization: `Bearer ${c.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) };
  };

  const clients: Client[] = [];
  try {
    for (let i = 0; i < CONNECTIONS; i++) {
      const admin = admins[i % admins.length]!;
      const fingerprint = `bench-client-${i}`;
      const login = await call(null, 'POST', '/api/admin/account/login', { email: admin.email, password: PASSWORD }, fingerprint);
      if (login.status !== 200) throw new Error(`sign-in ${login.status}`);
      const renew = await call({ token: login.json().token, fingerprint }, 'PUT', '/api/admin/account/renew', {
        organization_id: admin.organizationId,
      });
      if (renew.status !== 200) throw new Error(`organization ${renew.status}`);
      clients.push({ token: renew.json().token, fingerprint, organizationId: admin.organizationId, own: new Map() });
    }
    console.log(`${clients.length} sessions of ${admins.length} admins in ${ORGS} organizations`);

    const latencies = new Map<CallType, number[]>(MIX.map(([t]) => [t, []]));
    const errors = new Map<CallType, number>(MIX.map(([t]) => [t, 0]));
    const acked = { create: 0, update: 0, batchRows: 0 };
    /** What the errors were: `<call> <status or error>`, counted. */
    const failures = new Map<string, number>();
    const fail = (type: CallType, what: string) => failures.set(`${type} ${what}`, (failures.get(`${type} ${what}`) ?? 0) + 1);
    const S = '/api/admin/organization/staff';
    let seq = 0;
    const deleted: number[] = [];
    const deadline = Date.now() + SECONDS * 1000;

    const step = async (c: Client) => {
      let type = pick();
      const mine = [...c.own.keys()];
      if ((type === 'read' || type === 'update') && mine.length === 0) type = 'create';
      if (type === 'batch' && mine.length < 2) type = 'create';
      const started = performance.now();
      let ok = false;
      let status = 'no answer';
      const note = <T extends { status: number }>(r: T): T => {
        status = String(r.status);
        return r;
      };
      try {
        if (type === 'list')
          ok = note(await call(c, 'GET', `${S}/index?per_page=20&page=${1 + Math.floor(Math.random() * 3)}`)).status === 200;
        else if (type === 'read') ok = note(await call(c, 'GET', `${S}/${mine[Math.floor(Math.random() * mine.length)]}`)).status === 200;
        else if (type === 'export') ok = note(await call(c, 'GET', '/api/admin/certificate-reminder/compliance/export')).status === 200;
        else if (type === 'create') {
          const name = `壓測人員 ${++seq}`;
          const res = note(await call(c, 'POST', S, { name, job_title: '工地主任', status: 'active' }));
          ok = res.status === 200 || res.status === 201;
          if (ok) {
            c.own.set(res.json().id, { name, job_title: '工地主任', status: 'active' });
            acked.create++;
          }
        } else if (type === 'update') {
          const id = mine[Math.floor(Math.random() * mine.length)]!;
          const before = c.own.get(id)!;
          const job_title = `職稱 ${++seq}`;
          const res = note(await call(c, 'PUT', `${S}/${id}`, { name: before.name, job_title, status: before.status }));
          ok = res.status === 200;
          if (ok) {
            c.own.set(id, { ...before, job_title });
            acked.update++;
          }
        } else {
          const ids = mine.slice(0, 2);
          const res = note(await call(c, 'DELETE', `${S}/batch`, { ids }));
          ok = res.status === 200;
          if (ok) {
            for (const id of ids) {
              c.own.delete(id);
              deleted.push(id);
            }
            acked.batchRows += ids.length;
          }
        }
      } catch (e) {
        ok = false;
        status = (e as Error & { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
      }
      if (ok) latencies.get(type)!.push(performance.now() - started);
      else {
        errors.set(type, errors.get(type)! + 1);
        fail(type, status);
      }
    };

    const started = Date.now();
    await Promise.all(
      clients.map(async (c) => {
        while (Date.now() < deadline) await step(c);
      }),
    );
    const elapsed = (Date.now() - started) / 1000;

    const pct = (xs: number[], p: number) => {
      if (xs.length === 0) return 0;
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
    };
    const all = [...latencies.values()].flat();
    console.table([
      ...MIX.map(([t]) => ({
        call: t,
        'req/s': (latencies.get(t)!.length / elapsed).toFixed(1),
        'p50 ms': pct(latencies.get(t)!, 50).toFixed(1),
        'p99 ms': pct(latencies.get(t)!, 99).toFixed(1),
        errors: errors.get(t),
      })),
      {
        call: 'all',
        'req/s': (all.length / elapsed).toFixed(1),
        'p50 ms': pct(all, 50).toFixed(1),
        'p99 ms': pct(all, 99).toFixed(1),
        errors: [...errors.values()].reduce((a, b) => a + b, 0),
      },
    ]);

    if (failures.size) console.log('errors:', Object.fromEntries(failures));
    // Nothing lost: every acknowledged write is in the database as acknowledged.
    let lost = 0;
    const expected = clients.flatMap((c) => [...c.own.entries()]);
    for (let i = 0; i < expected.length; i += 500) {
      const chunk = expected.slice(i, i + 500);
      const rows = await db
        .selectFrom('staff')
        .select(['id', 'name', 'job_title', 'status'])
        .where(
          'id',
          'in',
          chunk.map(([id]) => id),
        )
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const [id, want] of chunk) {
        const got = byId.get(id);
        if (!got || got.name !== want.name || got.job_title !== want.job_title || got.status !== want.status) lost++;
      }
    }
    for (let i = 0; i < deleted.length; i += 500) {
      const still = await db
        .selectFrom('staff')
        .select('id')
        .where('id', 'in', deleted.slice(i, i + 500))
        .execute();
      lost += still.length;
    }
    const audit = await db
      .selectFrom('audit_logs')
      .select(['action'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target_type', '=', 'staff')
      .groupBy('action')
      .execute();
    const count = (a: string) => Number(audit.find((r) => r.action === a)?.n ?? 0);
    console.log(`acknowledged writes: ${acked.create} creates, ${acked.update} updates, ${acked.batchRows} rows deleted in batches`);
    console.log(`audit entries:       ${count('create')} create, ${count('update')} update, ${count('delete')} delete`);
    const auditMismatch =
      Math.abs(count('create') - acked.create) + Math.abs(count('update') - acked.update) + Math.abs(count('delete') - acked.batchRows);
    console.log(`lost writes: ${lost}; audit entries not matching a write: ${auditMismatch}`);
    console.log(`goal: 0 errors, 0 lost writes${TARGET === 'sqlite' ? '' : ', p99 ≤ 50 ms'}`);
  } finally {
    proxy?.close();
    for (const i of instances) i.child.kill('SIGTERM');
    await Promise.all(instances.map((i) => new Promise((r) => (i.child.exitCode === null ? i.child.once('exit', r) : r(null)))));
    await db.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
