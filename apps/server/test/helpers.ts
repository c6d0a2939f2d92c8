import type { ServerModule } from '../src/lib/kit/server-module.ts';
import { MODULES } from '../src/modules/index.ts';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { RateLimitStore } from '../src/lib/rate-limiter.ts';
import { throughContractProxy } from './contract/contract-proxy.ts';
import { FINGERPRINT } from './fingerprint.ts';
import { withCurrentVersions } from './auto-versions.ts';
import { createPostgresDatabase } from './postgres-database.ts';

export { createPostgresDatabase };

/** 'postgres' when this run is the PostgreSQL project (vitest.config.ts sets TEST_DB). */
export const testDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** `sqlite:<file>` or `postgres:<database name>` (database-template.ts); empty without one. */
    databaseTemplate: string;
  }
}

/**
 * The run's migrated database of this dialect (database-template.ts), when the project made one: a
 * file or a database name. Outside a test worker (a global setup) there is none.
 */
function databaseTemplate(): string | undefined {
  try {
    const t = inject('databaseTemplate');
    return t?.startsWith(`${testDialect}:`) ? t : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh app on a fresh database (SQLite file in a temp dir, or a new Postgres database). */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    logStream?: { write(line: string): void };
    rateLimits?: RateLimitStore;
    extraModules?: readonly ServerModule[];
    /** The URL the app connects with, given its test database's (a fault test's proxy: fault-proxy.ts). */
    databaseUrl?: (url: string) => string;
    /**
     * The data folder (the SQLite file, stored files, logs) instead of a new temporary one: a folder
     * of the test's own, e.g. a small tmpfs a disk-full test fills. Emptied, not removed, on close.
     */
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'bo-test-'));
  const template = databaseTemplate();
  const pgDb = testDialect === 'postgres' ? await createPostgresDatabase(undefined, undefined, template?.replace(/^postgres:/, '')) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Daily jobs run when a test runs them (app.dailyJobs.runIfDue), not on a timer.
    JOB_CHECK_MS: '0',
    // No web build unless a test brings its own: a checkout where `npm start` built apps/web/dist
    // must test the same as a clean clone.
    WEB_DIST: join(dataDir, 'no-web-dist'),
    // The tests' SMTP server (smtp-catcher.ts) is a plain relay on loopback; TLS is required otherwise.
    SMTP_ALLOW_PLAIN: 'true',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const sqliteFile = join(dataDir, 'app.sqlite');
  if (template?.startsWith('sqlite:') && config.databaseUrl === `sqlite:${sqliteFile}`)
    copyFileSync(template.slice('sqlite:'.length), sqliteFile);
  const { db, dialect } = createDatabase(opts.databaseUrl ? opts.databaseUrl(config.databaseUrl) : config.databaseUrl);
  // Nothing to do on a copy of the run's template; every migration on an empty database.
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    dialect,
    logger: !!opts.logStream,
    logStream: opts.logStream,
    rateLimits: opts.rateLimits,
    modules: opts.extraModules ? [...MODULES, ...opts.extraModules] : undefined,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      await pgDb?.drop();
      if (opts.dataDir) for (const name of readdirSync(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true });
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

export interface BuiltAdmin {
  id: number;
  email: string;
  password: string;
}

/**
 * One real argon2 hash per password for the run's factories: sign-in still verifies it, and the
 * tests do not wait for the same hash again (tens of ms each, hundreds of admins).
 */
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  const known = hashes.get(password);
  if (known) return known;
  const made = hashPassword(password);
  hashes.set(password, made);
  return made;
}

/** Factory: an admin with ROLE_ roles and memberships `{ [organizationId]: subAccountRoles }`. */
export async function buildAdmin(
  db: Database,
  opts: {
    roles?: string[];
    memberships?: Record<number, string[]>;
    email?: string;
    password?: string;
    status?: 'active' | 'disabled';
    name?: string;
    changedPassword?: boolean;
  } = {},
): Promise<BuiltAdmin> {
  const email = opts.email ?? `admin-${uniq()}@example.com`;
  const password = opts.password ?? 'Passw0rd!';
  const t = new Date().toISOString();
  const row = await db
    .insertInto('admins')
    .values({
      email,
      name: opts.name ?? email.split('@')[0],
      password_hash: await passwordHash(password),
      has_change_default_password: opts.changedPassword === false ? 0 : 1,
      roles: JSON.stringify(opts.roles ?? []),
      group_id: null,
      status: opts.status ?? 'active',
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [orgId, roles] of Object.entries(opts.memberships ?? {})) {
    await db
      .insertInto('organization_members')
      .values({ admin_id: row.id, organization_id: Number(orgId), sub_account_roles: JSON.stringify(roles), created_at: t })
      .execute();
  }
  return { id: row.id, email, password };
}

export async function buildOrganization(
  db: Database,
  opts: { name?: string; company_id?: string | null; status?: 'active' | 'disabled' } = {},
) {
  const t = new Date().toISOString();
  const u = uniq();
  return db
    .insertInto('organizations')
    .values({
      uid: `org-${u}`,
      name: opts.name ?? `Org ${u}`,
      company_id: opts.company_id ?? null,
      status: opts.status ?? 'active',
      created_at: t,
      updated_at: t,
    })
    .returning(['id', 'uid', 'name', 'company_id'])
    .executeTakeFirstOrThrow();
}

export { FINGERPRINT };

/** Signs in through the real login route; optionally switches into an organization. */
export async function login(
  app: FastifyInstance,
  admin: BuiltAdmin,
  opts: { organizationId?: number; keepLogin?: boolean } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/account/login',
    headers: { 'x-fingerprint': FINGERPRINT },
    payload: { email: admin.email, password: admin.password, keep_login: opts.keepLogin },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  let token = res.json().token as string;
  if (opts.organizationId !== undefined) {
    const r = await app.inject({
      method: 'PUT',
      url: '/api/admin/account/renew',
      headers: { 'x-fingerprint': FINGERPRINT, authorization: `Bearer ${token}` },
      payload: { organization_id: opts.organizationId },
    });
    if (r.statusCode !== 200) throw new Error(`renew failed: ${r.statusCode} ${r.body}`);
    token = r.json().token;
  }
  return token;
}

/**
 * `app.inject` with the fingerprint header and, when given, the Bearer token. In the server-contract
 * project (API_CONTRACT) each call also goes through the validating proxy (test/contract/).
 */
export function api(app: FastifyInstance, token?: string, opts: { versions?: boolean } = {}) {
  const send = (options: InjectOptions) => (process.env.API_CONTRACT ? throughContractProxy(app, options) : app.inject(options));
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    // Issue 36: writes of an existing record carry the version it is at now, unless the test sends its own.
    const sent = opts.versions === false ? { payload, headers } : await withCurrentVersions(app, token, method, url, payload, headers);
    return send({
      method,
      url,
      headers: { 'x-fingerprint': FINGERPRINT, ...(token ? { authorization: `Bearer ${token}` } : {}), ...sent.headers },
      ...(sent.payload === undefined ? {} : { payload: sent.payload as any }),
    });
  };
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) => call('POST', url, payload ?? {}, headers),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) => call('PUT', url, payload ?? {}, headers),
    patch: (url: string, payload?: unknown, headers?: Record<string, string>) => call('PATCH', url, payload ?? {}, headers),
    delete: (url: string, payload?: unknown, headers?: Record<string, string>) => call('DELETE', url, payload, headers),
  };
}
