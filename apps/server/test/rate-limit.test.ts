import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRateLimitStore, type RateLimitStore } from '../src/lib/rate-limiter.ts';
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

const attempt = (t: TestApp, email: string, password: string, opts: { ip?: string; forwardedFor?: string; fingerprint?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/account/login',
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { 'x-fingerprint': opts.fingerprint ?? FINGERPRINT, ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}) },
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
  // Issue 9 changed this: the lock is per (account, client address), no longer on the account for everyone.
  it('locks an account for one client address after too many attempts from it, even with the right password, and only there', async () => {
    const admin = await buildAdmin(direct.db);
    for (let i = 0; i < 3; i++) expect((await attempt(direct, admin.email, 'wrong', { ip: '10.1.0.1' })).statusCode).toBe(401);
    expectLimited(await attempt(direct, admin.email, admin.password, { ip: '10.1.0.1' }));
    expect((await attempt(direct, admin.email, admin.password, { ip: '10.1.0.2' })).statusCode).toBe(200);
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
      expect((await attempt(direct, `spoof${i}@example.com`, 'x', { ip: '10.5.0.1', forwardedFor: `203.0.113.${i}` })).statusCode).toBe(
        401,
      );
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

const SLOWDOWN_MAX = 5; // LOGIN_SLOWDOWN_MAX_SECONDS default
const rand = () => Math.floor(Math.random() * 250) + 1;

/**
 * The lockout of issue 9 (section 6) against the in-process store and, with TEST_REDIS_URL, the
 * Redis one. Addresses are random per run: Redis keeps counters between runs for the window.
 */
const stores: [string, () => Promise<RateLimitStore>][] = [['in-process store', async () => new MemoryRateLimitStore()]];
if (process.env.TEST_REDIS_URL) stores.push(['Redis store', () => RedisRateLimitStore.open(process.env.TEST_REDIS_URL!)]);

describe.each(stores)('lockout that keeps the owner in (%s)', (_name, open) => {
  let t: TestApp;
  const net = `10.${rand()}.${rand()}`;
  beforeAll(async () => {
    t = await createTestApp(LIMITS, { rateLimits: await open() });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Wrong guesses on `email` from `count` addresses (one each, or `perAddress`), as an attacker spreads them. */
  async function spreadGuesses(email: string, count: number, opts: { perAddress?: number; net?: string } = {}) {
    const codes: number[] = [];
    for (let i = 0; i < count; i++) {
      for (let j = 0; j < (opts.perAddress ?? 1); j++) {
        const res = await attempt(t, email, 'guess', {
          ip: `${opts.net ?? `172.${rand()}.${rand()}`}.${i + 1}`,
          fingerprint: `attacker-${i}`,
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          // Across addresses: slowed down, a Retry-After of a few seconds at most, never the window.
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(SLOWDOWN_MAX);
        }
      }
    }
    return codes;
  }

  it('slows guesses spread over many addresses down (429, Retry-After of a few seconds) instead of locking the account', async () => {
    const admin = await buildAdmin(t.db);
    const codes = await spreadGuesses(admin.email, 25);
    expect(codes.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(codes).toContain(429);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });

  it("lets the owner's usual browser in at once, whatever others guess, from anywhere, the owner's own address included", async () => {
    const owner = await buildAdmin(t.db);
    const home = `${net}.10`;
    expect((await attempt(t, owner.email, owner.password, { ip: home, fingerprint: 'owner-laptop' })).statusCode).toBe(200);
    await spreadGuesses(owner.email, 20);
    // The same address as the owner (an office behind one NAT): that address is locked for others...
    for (let i = 0; i < 6; i++) await attempt(t, owner.email, 'guess', { ip: home, fingerprint: 'attacker-at-the-office' });
    expectLimited(await attempt(t, owner.email, owner.password, { ip: home, fingerprint: 'attacker-at-the-office' }));
    // ...not for the owner's browser, which signed in to this account before.
    const res = await attempt(t, owner.email, owner.password, { ip: home, fingerprint: 'owner-laptop' });
    expect(res.statusCode).toBe(200);
    // Even after a logout: the browser stays known.
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/account/logout',
      headers: { 'x-fingerprint': 'owner-laptop', authorization: `Bearer ${res.json().token}` },
    });
    expect((await attempt(t, owner.email, owner.password, { ip: `${net}.11`, fingerprint: 'owner-laptop' })).statusCode).toBe(200);
  });

  it("locks a known browser after its own wrong guesses: someone holding the owner's fingerprint gets no free guesses", async () => {
    const owner = await buildAdmin(t.db);
    expect((await attempt(t, owner.email, owner.password, { ip: `${net}.20`, fingerprint: 'owner-phone' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await attempt(t, owner.email, 'guess', { ip: `${net}.${21 + i}`, fingerprint: 'owner-phone' })).statusCode).toBe(401);
    }
    expectLimited(await attempt(t, owner.email, owner.password, { ip: `${net}.30`, fingerprint: 'owner-phone' }));
    // Another browser of the owner is not locked by it.
    expect((await attempt(t, owner.email, owner.password, { ip: `${net}.31`, fingerprint: 'owner-desktop' })).statusCode).toBe(200);
  });

  it('keeps the per-address limit across accounts for browsers new to those accounts', async () => {
    const ip = `${net}.40`;
    for (let i = 0; i < 5; i++) expect((await attempt(t, `stuffing${i}-${net}@example.com`, 'x', { ip })).statusCode).toBe(401);
    expectLimited(await attempt(t, `stuffing9-${net}@example.com`, 'x', { ip }));
  });
});

describe('lockout over time (fake clock, in-process store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(LIMITS);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the owner in from a new browser after at most a few seconds while guesses pour in from everywhere', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const owner = await buildAdmin(t.db);
    for (let i = 0; i < 30; i++) await attempt(t, owner.email, 'guess', { ip: `172.16.${i}.1`, fingerprint: `attacker-${i}` });
    let res = await attempt(t, owner.email, owner.password, { ip: '192.168.7.7', fingerprint: 'owner-new-laptop' });
    if (res.statusCode === 429) {
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(SLOWDOWN_MAX);
      vi.setSystemTime(Date.now() + wait * 1000);
      res = await attempt(t, owner.email, owner.password, { ip: '192.168.7.7', fingerprint: 'owner-new-laptop' });
    }
    expect(res.statusCode).toBe(200);
  });

  it('spaces guesses across addresses further and further apart, never more than a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const admin = await buildAdmin(t.db);
    for (let i = 0; i < 3; i++)
      expect((await attempt(t, admin.email, 'guess', { ip: `172.17.${i}.1`, fingerprint: 'x' })).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 3; i < 12; i++) {
      const ip = `172.17.${i}.1`;
      expect((await attempt(t, admin.email, 'guess', { ip, fingerprint: 'x' })).statusCode).toBe(401);
      const held = await attempt(t, admin.email, 'guess', { ip: `172.18.${i}.1`, fingerprint: 'x' });
      expect(held.statusCode).toBe(429);
      waits.push(Number(held.headers['retry-after']));
      vi.setSystemTime(Date.now() + SLOWDOWN_MAX * 1000);
    }
    // Each guess let through holds the next ones for 1, 2, 4… seconds (the held ones count too).
    expect(waits[0]).toBe(1);
    expect(waits).toEqual([...waits].sort((x, y) => x - y));
    expect(waits.at(-1)).toBe(SLOWDOWN_MAX);
  });

  it('unlocks an address when the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const admin = await buildAdmin(t.db);
    for (let i = 0; i < 3; i++) await attempt(t, admin.email, 'guess', { ip: '10.77.0.1' });
    const locked = await attempt(t, admin.email, admin.password, { ip: '10.77.0.1' });
    expectLimited(locked);
    vi.setSystemTime(Date.now() + Number(locked.headers['retry-after']) * 1000);
    expect((await attempt(t, admin.email, admin.password, { ip: '10.77.0.1' })).statusCode).toBe(200);
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
    const port = await new Promise<number>((resolve) =>
      refuser.listen(0, '127.0.0.1', () => resolve((refuser.address() as AddressInfo).port)),
    );
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
