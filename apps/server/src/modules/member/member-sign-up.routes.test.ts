import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startFakeProviders, type FakeProviders } from '../../../test/fake-providers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';

// Issue 12, takeover of unconfirmed members: anyone can sign an address up with a password of their
// choosing; that password must never work once the address's owner proves it another way, and a later
// sign-up must not replace it.
let t: TestApp;
let catcher: SmtpCatcher;
let providers: FakeProviders;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  providers = await startFakeProviders();
  t = await createTestApp({
    ...providers.env,
    SMTP_URL: catcher.url,
    MAIL_POLL_MS: '100',
    PUBLIC_URL: 'https://admin.example.com',
    SITE_URL: 'https://www.example.com',
  });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
  await providers?.close();
});
afterEach(() => vi.useRealTimers());

const A = '/api/member/account';
const ATTACKER_PASSWORD = 'Attack3r-Passw0rd';
const OWNER_PASSWORD = 'Own3r-Passw0rd';
const LURE = 'Your account is locked: https://evil.example/unlock';
let n = 0;
const email = () => `takeover-${++n}-${Date.now()}@example.com`;
const signUp = (address: string, password: string, name = LURE) => api(t.app).post(`${A}/sign-up`, { email: address, password, name });
const signIn = (address: string, password: string) => api(t.app).post(`${A}/login`, { email: address, password });
/** One sign-up mail per address a minute: the clock (Date only) moves on past it. */
const aMinuteLater = () => vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
const linkIn = (mail: { text?: string }, page: 'confirm' | 'reset-password') => {
  const m = new RegExp(`https://www\\.example\\.com/member/${page}\\?token=([\\w%-]+)`).exec(mail.text ?? '');
  return m ? decodeURIComponent(m[1]!) : null;
};
const memberRow = (address: string) =>
  t.db
    .selectFrom('members')
    .select(['id', 'name', 'password_hash', 'email_verified_at'])
    .where('email', '=', address)
    .executeTakeFirstOrThrow();

describe('a password chosen before the address was proven', () => {
  it('is dropped when the owner signs in by e-mail code; no mail to the address carries the chosen name', async () => {
    const victim = email();
    expect((await signUp(victim, ATTACKER_PASSWORD)).statusCode).toBe(200);
    const confirmation = await catcher.next(victim);
    for (const part of [confirmation.text ?? '', String(confirmation.html), confirmation.subject ?? '']) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Your account is locked');
    }
    expect(confirmation.text).toContain(victim);
    expect(linkIn(confirmation, 'confirm')).not.toBeNull();

    expect((await api(t.app).post(`${A}/login-via-email-otp`, { email: victim })).statusCode).toBe(200);
    const codeMail = await catcher.next(victim);
    expect(codeMail.text).not.toContain('evil.example');
    const code = /\b(\d{6})\b/.exec(codeMail.text ?? '')![1]!;
    const owner = await api(t.app).post(`${A}/login-via-email-otp`, { email: victim, code });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().member).toMatchObject({ has_password: false });
    expect(owner.json().member.email_verified_at).not.toBeNull();

    expect((await signIn(victim, ATTACKER_PASSWORD)).statusCode).toBe(401);
    // The sign-up's own link cannot bring the password back after the proof.
    const late = await api(t.app).post(`${A}/confirm`, { token: linkIn(confirmation, 'confirm') });
    expect(late.statusCode).toBe(400);
    expect((await signIn(victim, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it('is dropped when the owner signs in with Google, which verified the address', async () => {
    const victim = email();
    expect((await signUp(victim, ATTACKER_PASSWORD)).statusCode).toBe(200);
    providers.setIdentity('google', { sub: `google-${victim}`, email: victim, email_verified: true, name: 'Owner' });
    const start = await api(t.app).post(`${A}/oauth-url/google`, {});
    const atProvider = await fetch(start.json().url, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    const owner = await api(t.app).post(`${A}/oauth-login/google`, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().member).toMatchObject({ email: victim, providers: ['google'], has_password: false });
    expect((await memberRow(victim)).password_hash).toBeNull();
    expect((await signIn(victim, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it("takes effect through that sign-up's own confirmation link", async () => {
    const address = email();
    expect((await signUp(address, OWNER_PASSWORD, '林小華')).statusCode).toBe(200);
    const confirmed = await api(t.app).post(`${A}/confirm`, { token: linkIn(await catcher.next(address), 'confirm') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().member).toMatchObject({ name: '林小華', has_password: true });
    expect((await signIn(address, OWNER_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a second sign-up of an unconfirmed address', () => {
  it('replaces neither the pending password nor the first link, and mails the owner a link to set a password', async () => {
    const address = email();
    expect((await signUp(address, OWNER_PASSWORD, '林小華')).statusCode).toBe(200);
    const first = linkIn(await catcher.next(address), 'confirm');
    const before = await memberRow(address);

    aMinuteLater();
    const second = await signUp(address, ATTACKER_PASSWORD);
    expect(second.statusCode, second.body).toBe(200);
    expect(await memberRow(address)).toEqual(before);
    const notice = await catcher.next(address);
    expect(linkIn(notice, 'confirm')).toBeNull();
    expect(linkIn(notice, 'reset-password')).not.toBeNull();
    expect(notice.text).not.toContain('evil.example');
    expect(notice.text).not.toContain('林小華');

    // The owner's own link still confirms, with the owner's password; the second one never works.
    const confirmed = await api(t.app).post(`${A}/confirm`, { token: first });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await signIn(address, OWNER_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(address, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it('leaves the pending password unusable when the owner follows the newest link it was mailed', async () => {
    const victim = email();
    expect((await signUp(victim, OWNER_PASSWORD, '林小華')).statusCode).toBe(200);
    const first = linkIn(await catcher.next(victim), 'confirm');
    aMinuteLater();
    expect((await signUp(victim, ATTACKER_PASSWORD)).statusCode).toBe(200);
    const newest = linkIn(await catcher.next(victim), 'reset-password');
    expect(newest).not.toBeNull();

    const reset = await api(t.app).post(`${A}/reset-password-by-mail`, { token: newest, password: 'Own3r-New-Passw0rd' });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await memberRow(victim)).email_verified_at).not.toBeNull();
    expect((await signIn(victim, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(victim, 'Own3r-New-Passw0rd')).statusCode).toBe(200);
    // The address is proven: the earlier confirmation link is spent, and no earlier password comes back.
    expect((await api(t.app).post(`${A}/confirm`, { token: first })).statusCode).toBe(400);
    expect((await signIn(victim, OWNER_PASSWORD)).statusCode).toBe(401);
  });
});
