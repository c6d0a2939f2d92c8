/**
 * The three servers the audit-log benchmark compares, one per child process so each has its own
 * event loop: `hello` (bare Fastify), `raw` (Fastify + the driver by hand, same page query and a
 * token check) and `real` (the application). Prints "LISTENING <port>" once ready.
 * Environment: BENCH_DATABASE_URL (sqlite:<file> or postgres://...), JWT_SECRET.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';

const mode = process.argv[2];
// better-sqlite3 is a dependency of the server workspace, not of bench/.
const serverRequire = createRequire(join(import.meta.dirname, '../apps/server/package.json'));
const url = process.env.BENCH_DATABASE_URL!;
const secret = process.env.JWT_SECRET!;

const parseJson = (t: string | null) => (t === null ? null : JSON.parse(t));

/** The page a hand-written handler would serve: the id window of page N, joined like the API. */
const PAGE_SQL = (p: (n: number) => string) => `
  select l.id, l.actor_id, l.impersonator_id, l.organization_id, l.action, l.target_type, l.target_id,
         l.before, l.after, l.ip, l.user_agent, l.created_at,
         a.email as actor_email, a.name as actor_name, i.email as imp_email, i.name as imp_name,
         o.name as org_name, o.company_id as org_company_id
  from audit_logs l
  left join admins a on a.id = l.actor_id
  left join admins i on i.id = l.impersonator_id
  left join organizations o on o.id = l.organization_id
  where l.id >= ${p(1)} and l.id <= ${p(2)} order by l.id desc`;

function toItem(r: any) {
  return {
    id: r.id,
    actor_id: r.actor_id,
    actor: r.actor_email === null ? null : { id: r.actor_id, email: r.actor_email, name: r.actor_name },
    impersonator_id: r.impersonator_id,
    impersonator: r.imp_email === null ? null : { id: r.impersonator_id, email: r.imp_email, name: r.imp_name },
    organization_id: r.organization_id,
    organization: r.org_name === null ? null : { id: r.organization_id, name: r.org_name, company_id: r.org_company_id },
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    before: parseJson(r.before),
    after: parseJson(r.after),
    ip: r.ip,
    user_agent: r.user_agent,
    created_at: r.created_at,
  };
}

interface Driver {
  device(id: number): Promise<{ admin_id: number; revoked_at: string | null; status: string; roles: string } | undefined>;
  span(): Promise<{ min: number | null; max: number | null }>;
  page(lo: number, hi: number): Promise<any[]>;
}

async function rawDriver(): Promise<Driver> {
  const DEVICE_SQL = (p: string) =>
    `select d.admin_id, d.revoked_at, a.status, a.roles from login_devices d join admins a on a.id = d.admin_id where d.id = ${p}`;
  const SPAN_SQL = 'select (select min(id) from audit_logs) as min, (select max(id) from audit_logs) as max';
  if (url.startsWith('sqlite:')) {
    const SQLite = serverRequire('better-sqlite3') as typeof import('better-sqlite3');
    const db = new SQLite(url.slice('sqlite:'.length), { readonly: true });
    db.pragma('journal_mode = WAL');
    const device = db.prepare(DEVICE_SQL('?'));
    const span = db.prepare(SPAN_SQL);
    const page = db.prepare(PAGE_SQL(() => '?'));
    return {
      device: async (id) => device.get(id) as any,
      span: async () => span.get() as any,
      page: async (lo, hi) => page.all(lo, hi),
    };
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    device: async (id) => (await pool.query({ name: 'device', text: DEVICE_SQL('$1'), values: [id] })).rows[0],
    span: async () => (await pool.query({ name: 'span', text: SPAN_SQL })).rows[0],
    page: async (lo, hi) => (await pool.query({ name: 'page', text: PAGE_SQL((n) => `$${n}`), values: [lo, hi] })).rows,
  };
}

async function main() {
  if (mode === 'real') {
    const { loadConfig } = await import('../apps/server/src/config.ts');
    const { createDatabase } = await import('../apps/server/src/db/database.ts');
    const { buildApp } = await import('../apps/server/src/app.ts');
    const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const { db, dialect } = createDatabase(config.databaseUrl);
    const app = await buildApp({ config, db, dialect, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`LISTENING ${(app.server.address() as any).port}`);
    return;
  }

  const app = Fastify({ logger: false });
  if (mode === 'hello') {
    app.get('/hello', async () => ({ hello: 'world' }));
  } else if (mode === 'raw') {
    const d = await rawDriver();
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    app.get('/api/admin/audit-log/index', async (req, reply) => {
      const auth = req.headers.authorization;
      if (!req.headers['x-fingerprint'] || !auth?.startsWith('Bearer ')) return reply.code(401).send({ message: 'Invalid token' });
      let payload: any;
      try {
        payload = (await jwtVerify(auth.slice(7), key, { algorithms: ['HS256'] })).payload;
      } catch {
        return reply.code(401).send({ message: 'Invalid token' });
      }
      const dev = await d.device(payload.id);
      if (!dev || dev.revoked_at || dev.admin_id !== payload.data.id || dev.status !== 'active')
        return reply.code(401).send({ message: 'Invalid token' });
      if (!JSON.parse(dev.roles).includes('ROLE_SUPER_ADMIN')) return reply.code(403).send({ message: 'User permission denied' });
      const q = req.query as Record<string, string>;
      const page = Math.max(1, Number(q.page ?? 1) | 0);
      const perPage = Math.min(100, Math.max(1, Number(q.per_page ?? 20) | 0));
      const s = await d.span();
      if (s.min === null || s.max === null) return { data: [], meta: { page, per_page: perPage, total: 0, last_page: 1 } };
      const total = s.max - s.min + 1;
      const hi = s.max - (page - 1) * perPage;
      const lo = Math.max(s.min, hi - perPage + 1);
      const rows = lo > hi ? [] : await d.page(lo, hi);
      return { data: rows.map(toItem), meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    });
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as any).port}`);
}

// A clean exit on SIGTERM lets `node --cpu-prof` write its profile.
process.on('SIGTERM', () => process.exit(0));

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
