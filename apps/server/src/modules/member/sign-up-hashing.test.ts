import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { hashPassword } from '../../lib/passwords.ts';

// The real argon2 hash, counted: sign-up hashes whatever it finds at the address, so a new, a pending
// and a confirmed address take as long to answer (docs/identity.md "Unconfirmed members"). It mocks a
// module, so it runs in the isolated *-mocking projects (vitest.config.ts).
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://www.example.com' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => vi.useRealTimers());

let n = 0;
const email = () => `hashing-${++n}-${Date.now()}@example.com`;
const signUp = (address: string) =>
  api(t.app).post('/api/member/account/sign-up', { email: address, password: 'Passw0rd-123', name: '林小華' });

describe('sign-up answers alike for a new, a pending and a confirmed address', () => {
  it('with the same status and body, and runs the password hash every time', async () => {
    const hashes = vi.mocked(hashPassword);
    const answer = async (address: string) => {
      const before = hashes.mock.calls.length;
      const res = await signUp(address);
      return {
        status: res.statusCode,
        body: res.json(),
        contentType: res.headers['content-type'],
        hashed: hashes.mock.calls.length - before,
      };
    };

    const fresh = await answer(email());

    const pending = email();
    expect((await signUp(pending)).statusCode).toBe(200);
    // One sign-up mail per address a minute: the clock (Date only) moves on past it.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    const again = await answer(pending);

    const confirmed = email();
    const now = new Date().toISOString();
    await t.db
      .insertInto('members')
      .values({
        email: confirmed,
        name: '王小明',
        password_hash: null,
        status: 'active',
        email_verified_at: now,
        locale: 'zh-TW',
        last_sign_in_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const taken = await answer(confirmed);

    expect(fresh).toEqual({ status: 200, body: { sent: true }, contentType: expect.stringContaining('json'), hashed: 1 });
    expect(again).toEqual(fresh);
    expect(taken).toEqual(fresh);
    const row = await t.db.selectFrom('members').select(['name', 'password_hash']).where('email', '=', confirmed).executeTakeFirst();
    expect(row).toEqual({ name: '王小明', password_hash: null });
  });
});
