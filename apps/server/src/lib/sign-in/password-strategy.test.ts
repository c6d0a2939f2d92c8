import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { passwordStrategy } from './password-strategy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const answer = async (email: string, password: string) => {
  const strategy = passwordStrategy(t.db);
  const claim = await strategy.claim({ email, password });
  return { claim, verdict: await strategy.verify({ email, password }, claim) };
};

describe('password strategy', () => {
  it('answers the admin principal for the right password, whatever the case of the e-mail', async () => {
    const admin = await buildAdmin(t.db);
    const { claim, verdict } = await answer(admin.email.toUpperCase(), admin.password);
    expect(verdict).toEqual({ ok: true, principal: { type: 'admin', id: admin.id } });
    expect(claim.account).toBe(admin.email);
  });

  it('answers why it refuses: an unknown account, a wrong password, a disabled admin', async () => {
    const admin = await buildAdmin(t.db);
    const disabled = await buildAdmin(t.db, { status: 'disabled' });
    expect((await answer('nobody-here@example.com', 'x')).verdict).toEqual({ ok: false, failure: 'unknown_account' });
    expect((await answer(admin.email, 'not-it')).verdict).toEqual({ ok: false, failure: 'wrong_secret' });
    expect((await answer(disabled.email, disabled.password)).verdict).toEqual({ ok: false, failure: 'disabled' });
  });

  it('names the account it aims at before checking, and never records the password', async () => {
    const admin = await buildAdmin(t.db);
    const known = await answer(admin.email, 'guess-123');
    expect(known.claim.principal).toEqual({ type: 'admin', id: admin.id });
    expect(known.claim.attempted).toEqual({ email: admin.email });
    const unknown = await answer('Ghost@Example.com', 'guess-123');
    expect(unknown.claim).toMatchObject({ account: 'ghost@example.com', principal: null, attempted: { email: 'ghost@example.com' } });
  });
});
