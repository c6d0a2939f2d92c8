import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from '../src/lib/redis-rate-limit-store.ts';
import { buildAdmin, createTestApp, FINGERPRINT, type TestApp } from './helpers.ts';

const LIMITS = { LOGIN_RATE_LIMIT_PER_ACCOUNT: '3', LOGIN_RATE_LIMIT_PER_IP: '5', LOGIN_RATE_LIMIT_WINDOW_SECONDS: '60' };
let direct: TestApp; // clients connect directly: X-Forwarded-For is the client's own claim
let proxied: TestApp; // behind a trusted proxy on loopback

beforeAll(async () => {
  direct = await createTestApp(LIMITS);
  proxied = await createTestApp({ ...LIMITS, TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const attempt = (t: TestApp, email: string, password: string, opts: { ip?: string; forwardedFor?: string } = {}) =>
  t.app.inject({
    method: 'POST', url: '/api/admin/account/login', remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { 'x-fingerprint': FINGERPRINT, ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}) },
    payload: { email, password },
  });

const expectLimited = (res: Awaited<ReturnType<typeof attempt>>) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: 'Too Many Requests' });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(60);
};

describe('login rate limit per account', () => {
  it('answers 429 with Retry-After after too many attempts on one account, even with the right password', async () => {
    const admin = await buildAdmin(direct.db);
    for (let i = 0; i < 3; i++) expect((await attempt(direct, admin.email, 'wrong', { ip: `10.1.0.${i}` })).statusCode).toBe(401);
    expectLimited(await attempt(direct, admin.email, admin.password, { ip: '10.1.0.9' }));
  });

  it('leaves other accounts alone', async () => {
    const victim = await buildAdmin(direct.db);
    const other = await buildAdmin(direct.db);
    for (let i = 0; i < 4; i++) await attempt(direct, victim.email, 'wrong', { ip: '10.2.0.1' });
    expect((await attempt(direct, other.email, other.password, { ip: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('starts the account count again after a successful sign-in', async () => {
    const admin = await buildAdmin(direct.db);
    for (let i = 0; i < 2; i++) await attempt(direct, admin.email, 'wrong', { ip: '10.3.0.1' });
    expect((await attempt(direct, admin.email, admin.password, { ip: '10.3.0.2' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(direct, admin.email, 'wrong', { ip: '10.3.0.3' })).statusCode).toBe(401);
  });
});

describe('login rate limit per IP', () => {
  it('answers 429 after too many attempts from one address across accounts', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(direct, `nobody${i}@example.com`, 'x', { ip: '10.4.0.1' })).statusCode).toBe(401);
    expectLimited(await attempt(direct, 'someone-else@example.com', 'x', { ip: '10.4.0.1' }));
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot dodge the limit by changing it', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt(direct, `spoof${i}@example.com`, 'x', { ip: '10.5.0.1', forwardedFor: `203.0.113.${i}` })).statusCode).toBe(401);
    }
    expectLimited(await attempt(direct, 'spoof9@example.com', 'x', { ip: '10.5.0.1', forwardedFor: '203.0.113.99' }));
  });

  it('counts per forwarded client address behind a trusted proxy', async () => {
    for (let i = 0; i < 7; i++) {
      expect((await attempt(proxied, `far${i}@example.com`, 'x', { forwardedFor: `198.51.100.${i}` })).statusCode).toBe(401);
    }
    for (let i = 0; i < 5; i++) await attempt(proxied, `near${i}@example.com`, 'x', { forwardedFor: '198.51.100.200' });
    expectLimited(await attempt(proxied, 'near9@example.com', 'x', { forwardedFor: '198.51.100.200' }));
  });

  it('does not trust X-Forwarded-For from an address that is not the configured proxy', async () => {
    for (let i = 0; i < 5; i++) await attempt(proxied, `odd${i}@example.com`, 'x', { ip: '10.6.0.1', forwardedFor: `192.0.2.${i}` });
    expectLimited(await attempt(proxied, 'odd9@example.com', 'x', { ip: '10.6.0.1', forwardedFor: '192.0.2.77' }));
  });
});

describe('Redis rate-limit store while Redis is unreachable', () => {
  let t: TestApp;
  let store: RedisRateLimitStore;
  let refuser: Server;
  const warnings: string[] = [];
  beforeAll(async () => {
    // A listener that hangs up on every connection (no race for a freed port); the password in the
    // URL must never reach a warning.
    refuser = createServer((socket) => socket.destroy());
    const port = await new Promise<number>((resolve) => refuser.listen(0, '127.0.0.1', () => resolve((refuser.address() as AddressInfo).port)));
    store = await RedisRateLimitStore.open(`redis://:hunter2-secret@127.0.0.1:${port}`, (m) => warnings.push(m));
    t = await createTestApp(LIMITS, { rateLimits: store });
  });
  afterAll(async () => {
    await t?.close();
    refuser?.close();
  });

  it('keeps limiting sign-ins in this instance, answers no 500, and warns once without the password', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt(t, admin.email, 'wrong-password')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^rate limits: Redis unreachable/);
    expect(warnings.join('\n')).not.toContain('hunter2');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('Redis rate-limit store (TEST_REDIS_URL)', () => {
  const prefix = `test:${randomBytes(4).toString('hex')}`;
  let a: RedisRateLimitStore;
  let b: RedisRateLimitStore;
  beforeAll(async () => {
    a = await RedisRateLimitStore.open(redisUrl!);
    b = await RedisRateLimitStore.open(redisUrl!);
  });
  afterAll(async () => {
    await a?.reset(`${prefix}:k`);
    await a?.close();
    await b?.close();
  });

  it('counts hits in a window with its time left, shared by every instance', async () => {
    expect(await a.hit(`${prefix}:k`, 30)).toEqual({ count: 1, ttl: 30 });
    const second = await b.hit(`${prefix}:k`, 30);
    expect(second.count).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(30);
    expect((await a.hit(`${prefix}:k`, 30)).count).toBe(3);
  });

  it('starts again after a reset', async () => {
    await b.reset(`${prefix}:k`);
    expect((await a.hit(`${prefix}:k`, 30)).count).toBe(1);
  });

  it('lets the window expire', async () => {
    await a.hit(`${prefix}:short`, 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await a.hit(`${prefix}:short`, 1)).count).toBe(1);
    await a.reset(`${prefix}:short`);
  });
});
if (!redisUrl) console.log('SKIP Redis rate-limit store: TEST_REDIS_URL is not set');
