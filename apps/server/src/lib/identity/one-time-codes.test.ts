import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAdmin, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { CODE_RULES, codeState, oneTimeCodes } from './one-time-codes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const codes = () => oneTimeCodes(t.app.config.jwtSecret);
const wrongOf = (code: string) => String((Number(code) + 1) % 10 ** CODE_RULES.digits).padStart(CODE_RULES.digits, '0');

describe('one-time codes', () => {
  it('stores only a digest, and the right code passes once', async () => {
    const admin = await buildAdmin(t.db);
    const code = await t.db
      .transaction()
      .execute((trx) => codes().issue(trx, { email: admin.email.toUpperCase(), adminId: admin.id, purpose: 'sign_in', ip: '127.0.0.1' }));
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.selectFrom('one_time_codes').selectAll().where('email', '=', admin.email).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(await t.db.transaction().execute((trx) => codes().check(trx, { email: admin.email, purpose: 'sign_in', code }))).toEqual({
      result: 'ok',
      adminId: admin.id,
      accountId: admin.id,
    });
    expect((await t.db.transaction().execute((trx) => codes().check(trx, { email: admin.email, purpose: 'sign_in', code }))).result).toBe(
      'none',
    );
  });

  it('refuses a code for another purpose or another e-mail', async () => {
    const a = await buildAdmin(t.db);
    const b = await buildAdmin(t.db);
    const code = await t.db
      .transaction()
      .execute((trx) => codes().issue(trx, { email: a.email, adminId: a.id, purpose: 'verify_identity', ip: null }));
    expect((await t.db.transaction().execute((trx) => codes().check(trx, { email: a.email, purpose: 'sign_in', code }))).result).toBe(
      'none',
    );
    expect(
      (await t.db.transaction().execute((trx) => codes().check(trx, { email: b.email, purpose: 'verify_identity', code }))).result,
    ).toBe('none');
    expect(
      (await t.db.transaction().execute((trx) => codes().check(trx, { email: a.email, purpose: 'verify_identity', code }))).result,
    ).toBe('ok');
  });

  it('counts wrong tries and refuses even the right code after the fifth', async () => {
    const admin = await buildAdmin(t.db);
    const code = await t.db
      .transaction()
      .execute((trx) => codes().issue(trx, { email: admin.email, adminId: admin.id, purpose: 'sign_in', ip: null }));
    for (let i = 0; i < CODE_RULES.maxTries; i++) {
      expect(
        (await t.db.transaction().execute((trx) => codes().check(trx, { email: admin.email, purpose: 'sign_in', code: wrongOf(code) })))
          .result,
      ).toBe('wrong');
    }
    expect((await t.db.transaction().execute((trx) => codes().check(trx, { email: admin.email, purpose: 'sign_in', code }))).result).toBe(
      'exhausted',
    );
  });

  it('retires the open code when a new one is issued', async () => {
    const admin = await buildAdmin(t.db);
    const first = await t.db
      .transaction()
      .execute((trx) => codes().issue(trx, { email: admin.email, adminId: admin.id, purpose: 'sign_in', ip: null }));
    let second = await t.db
      .transaction()
      .execute((trx) => codes().issue(trx, { email: admin.email, adminId: admin.id, purpose: 'sign_in', ip: null }));
    while (second === first)
      second = await t.db
        .transaction()
        .execute((trx) => codes().issue(trx, { email: admin.email, adminId: admin.id, purpose: 'sign_in', ip: null }));
    expect(
      (await t.db.transaction().execute((trx) => codes().check(trx, { email: admin.email, purpose: 'sign_in', code: first }))).result,
    ).toBe('wrong');
    expect(
      (await t.db.transaction().execute((trx) => codes().check(trx, { email: admin.email, purpose: 'sign_in', code: second }))).result,
    ).toBe('ok');
    const states = (await t.db.selectFrom('one_time_codes').selectAll().where('email', '=', admin.email).orderBy('id').execute()).map((r) =>
      codeState(r, new Date().toISOString()),
    );
    expect(states.slice(-2)).toEqual(['expired', 'used']);
  });

  it('refuses an expired code', async () => {
    const admin = await buildAdmin(t.db);
    const code = await t.db
      .transaction()
      .execute((trx) => codes().issue(trx, { email: admin.email, adminId: admin.id, purpose: 'sign_in', ip: null }));
    vi.useFakeTimers({ now: Date.now() + CODE_RULES.ttlSeconds * 1000 + 1000, toFake: ['Date'] });
    try {
      expect((await t.db.transaction().execute((trx) => codes().check(trx, { email: admin.email, purpose: 'sign_in', code }))).result).toBe(
        'expired',
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('one-time codes under parallel guesses (issue 34)', () => {
  it('compares at most five of 50 parallel guesses, each in its own transaction, the right one sent 8th', async () => {
    const admin = await buildAdmin(t.db);
    const code = await t.db
      .transaction()
      .execute((trx) => codes().issue(trx, { email: admin.email, adminId: admin.id, purpose: 'sign_in', ip: null }));
    const guesses = Array.from({ length: 50 }, (_, i) => (i === 7 ? code : wrongOf(String((Number(code) + i) % 10 ** 6).padStart(6, '0'))));
    const results = await Promise.all(
      guesses.map((guess) =>
        t.db
          .transaction()
          .execute(async (trx) => (await codes().check(trx, { email: admin.email, purpose: 'sign_in', code: guess })).result),
      ),
    );
    const compared = results.filter((r) => r === 'wrong' || r === 'ok');
    expect(compared.length).toBeLessThanOrEqual(CODE_RULES.maxTries);
    expect(results.filter((r) => r === 'ok').length).toBeLessThanOrEqual(1);
    const row = await t.db.selectFrom('one_time_codes').select('tries').where('email', '=', admin.email).executeTakeFirstOrThrow();
    expect(Number(row.tries)).toBeLessThanOrEqual(CODE_RULES.maxTries);
    // The right code after the tries are gone is refused.
    if (!results.includes('ok'))
      expect((await t.db.transaction().execute((trx) => codes().check(trx, { email: admin.email, purpose: 'sign_in', code }))).result).toBe(
        'exhausted',
      );
  });
});
