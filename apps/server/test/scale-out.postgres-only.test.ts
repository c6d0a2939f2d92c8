import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDialect } from './helpers.ts';
import { startFaultProxy, throughProxy, type FaultProxy } from './fault-proxy.ts';
import { http, loginOver, startServer, stopServer, type ServerProcess } from './server-process.ts';

// Two instances behind an imaginary load balancer: one PostgreSQL, one Redis, no state of their own
// (docs/scaling.md). Runs in the server-postgres project only.
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason = testDialect !== 'postgres' ? 'runs in the server-postgres project only' : !redisUrl ? 'TEST_REDIS_URL is not set' : null;
if (skipReason) console.log(`SKIP scale-out: ${skipReason}`);

describe.skipIf(skipReason !== null)('two instances on one PostgreSQL and one Redis', () => {
  const run = randomBytes(3).toString('hex');
  const admin = { email: `scale-${run}@example.com`, password: 'Sc4le-out!' };
  const dirs = [mkdtempSync(join(tmpdir(), 'bo-scale-')), mkdtempSync(join(tmpdir(), 'bo-scale-'))];
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let one: ServerProcess;
  let two: ServerProcess;
  let redisProxy: FaultProxy;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase();
    const r = new URL(redisUrl!);
    // Both instances reach Redis through one proxy, so the Redis cases can take it away from both.
    redisProxy = await startFaultProxy({ target: { host: r.hostname, port: Number(r.port || 6379) } });
    const shared = {
      DATABASE_URL: pgDb.url,
      REDIS_URL: throughProxy(redisUrl!, redisProxy),
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Instances of one database share the key that wraps its personal-data keys (docs/scaling.md).
      PERSONAL_DATA_KEY: randomBytes(32).toString('base64'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '3',
      LOGIN_RATE_LIMIT_PER_IP: '10000',
    };
    // Started together on an empty database: migrations and the first admin must not collide.
    [one, two] = await Promise.all([startServer({ ...shared, DATA_DIR: dirs[0] }), startServer({ ...shared, DATA_DIR: dirs[1] })]);
  }, 90_000);

  afterAll(async () => {
    await stopServer(one);
    await stopServer(two);
    await redisProxy?.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`rl:login:account:*${run}@example.com`);
    await redis.del(`rl:login:account:${admin.email}`, ...keys);
    redis.disconnect();
    await pgDb?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('accepts a token from one instance on the other, and a logout on either ends it on both', async () => {
    const token = await loginOver(one.url, admin.email, admin.password);
    expect((await http(two.url, token).get('/api/admin/account/profile')).json.email).toBe(admin.email);
    expect((await http(two.url, token).put('/api/admin/account/logout')).status).toBe(200);
    const refused = await http(one.url, token).get('/api/admin/account/profile');
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ message: 'Invalid token' });
  });

  it('shares the login rate limit through Redis', async () => {
    const email = `locked-${run}@example.com`;
    expect((await http(one.url).post('/api/admin/account/login', { email, password: 'x' })).status).toBe(401);
    expect((await http(two.url).post('/api/admin/account/login', { email, password: 'x' })).status).toBe(401);
    expect((await http(one.url).post('/api/admin/account/login', { email, password: 'x' })).status).toBe(401);
    const limited = await http(two.url).post('/api/admin/account/login', { email, password: 'x' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  /** Four failed sign-ins for a new address, alternating instances: the last one's status. */
  let attempt = 0;
  const fourthAlternating = async () => {
    const email = `redis-${++attempt}-${run}@example.com`;
    for (const s of [one, two, one]) await http(s.url).post('/api/admin/account/login', { email, password: 'x' });
    return (await http(two.url).post('/api/admin/account/login', { email, password: 'x' })).status;
  };

  it('Redis down: both instances keep serving, counting falls back to each instance; back: shared again', async () => {
    redisProxy.refuse();
    redisProxy.cutAll();
    // Each instance counts on its own: two failures each, under the limit of three.
    expect(await fourthAlternating()).toBe(401);
    const token = await loginOver(two.url, admin.email, admin.password);
    expect((await http(one.url, token).get('/api/admin/account/profile')).json.email).toBe(admin.email);
    for (const s of [one, two]) expect((await http(s.url).get('/api/health')).status).toBe(200);
    redisProxy.resume();
    await expect.poll(fourthAlternating, { timeout: 20_000, interval: 500 }).toBe(429);
    expect(one.child.exitCode).toBeNull();
    expect(two.child.exitCode).toBeNull();
  }, 40_000);
});
