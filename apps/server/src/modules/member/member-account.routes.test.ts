import { DEFAULT_APP_CONFIG } from '@bo/shared/app-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startFakeProviders, type FakeProviders } from '../../../test/fake-providers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';

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

const A = '/api/member/account';
let n = 0;
const email = () => `member-${++n}-${Date.now()}@example.com`;
const linkFrom = async (to: string, page: string) => {
  const mail = await catcher.next(to);
  const m = new RegExp(`https://www\\.example\\.com/member/${page}\\?token=([\\w%-]+)`).exec(mail.text ?? '');
  expect(m, mail.text).not.toBeNull();
  return decodeURIComponent(m![1]!);
};
const signUp = (address: string, extra: Record<string, unknown> = {}) =>
  api(t.app).post(`${A}/sign-up`, { email: address, password: 'Passw0rd!', name: '林小華', ...extra });
const signIn = (address: string, password = 'Passw0rd!') => api(t.app).post(`${A}/login`, { email: address, password });
/** Signs a member up and confirms it: its token. */
async function confirmedMember(address = email()) {
  expect((await signUp(address)).statusCode).toBe(200);
  const res = await api(t.app).post(`${A}/confirm`, { token: await linkFrom(address, 'confirm') });
  expect(res.statusCode, res.body).toBe(200);
  return { address, token: res.json().token as string, id: res.json().member.id as number };
}

describe('member sign-up and confirmation', () => {
  it('mails a confirmation link; before it the password sign-in is refused, after it the member signs in', async () => {
    const address = email();
    const res = await signUp(address.toUpperCase(), { locale: 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true });

    const early = await signIn(address);
    expect(early.statusCode).toBe(403);
    expect(early.json().errors).toEqual({ email: ['validate.error.email_not_confirmed'] });
    // A wrong password says nothing about the account.
    expect((await signIn(address, 'wrong-one')).statusCode).toBe(401);

    const token = await linkFrom(address, 'confirm');
    const confirmed = await api(t.app).post(`${A}/confirm`, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().member).toMatchObject({ email: address, name: '林小華', status: 'active', has_password: true });
    expect(confirmed.json().member.email_verified_at).not.toBeNull();
    expect(confirmed.json().member).not.toHaveProperty('password_hash');
    // The link works once.
    expect((await api(t.app).post(`${A}/confirm`, { token })).json().errors).toEqual({ token: ['validate.error.confirm_link_invalid'] });

    const signedIn = await signIn(address);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const profile = await api(t.app, signedIn.json().token).get(`${A}/profile`);
    expect(profile.json()).toMatchObject({ email: address, name: '林小華' });

    const audit = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'member')
      .where('target_id', '=', String(profile.json().id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['sign_up', 'confirm_email', 'login']));
    // No plain link token is kept.
    const links = await t.db.selectFrom('member_links').select('token_hash').execute();
    expect(links.some((l) => l.token_hash === token)).toBe(false);
  });

  it('answers the same for a taken e-mail and changes nothing of a confirmed member', async () => {
    const address = email();
    const now = new Date().toISOString();
    await t.db
      .insertInto('members')
      .values({
        email: address,
        name: '林小華',
        password_hash: null,
        status: 'active',
        email_verified_at: now,
        locale: 'zh-TW',
        last_sign_in_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const again = await signUp(address, { name: '別人' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ sent: true });
    const row = await t.db.selectFrom('members').select(['name', 'password_hash']).where('email', '=', address).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '林小華', password_hash: null });
    // One sign-up mail a minute per address: the second answer is 429 whoever asks.
    expect((await signUp(address)).statusCode).toBe(429);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const address = email();
    const res = await api(t.app).post(`${A}/sign-up`, { email: 'not-an-email', password: '1', name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'name', 'password']);
    expect(await t.db.selectFrom('members').select('id').where('email', '=', address).executeTakeFirst()).toBeUndefined();
  });
});

describe('member sign-in', () => {
  it('signs in by e-mail code, which also confirms the e-mail', async () => {
    const address = email();
    await signUp(address);
    await catcher.next(address); // the confirmation mail, left unused
    expect((await api(t.app).post(`${A}/login-via-email-otp`, { email: address })).json()).toEqual({ sent: true });
    const mail = await catcher.next(address);
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    const wrong = await api(t.app).post(`${A}/login-via-email-otp`, { email: address, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    const res = await api(t.app).post(`${A}/login-via-email-otp`, { email: address, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.email_verified_at).not.toBeNull();
    // The code is a member's: it never signs an admin in, even one with the same e-mail.
    expect((await api(t.app).post('/api/admin/account/login-via-email-otp', { email: address, code })).statusCode).toBe(401);
  });

  it('signs a member up by LINE and signs the same member in the next time', async () => {
    providers.setIdentity('line', { sub: 'line-member-1', email: 'line-person@example.com', name: 'LINE 會員' });
    const go = async () => {
      const start = await api(t.app).post(`${A}/oauth-url/line`, {});
      expect(start.statusCode, start.body).toBe(200);
      const res = await fetch(start.json().url, { redirect: 'manual' });
      const back = new URL(res.headers.get('location')!);
      expect(back.origin + back.pathname).toBe('https://www.example.com/member/oauth-return/line');
      return api(t.app).post(`${A}/oauth-login/line`, { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    };
    const first = await go();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().member).toMatchObject({
      name: 'LINE 會員',
      providers: ['line'],
      has_password: false,
      email: 'line-person@example.com',
    });
    // LINE does not vouch for the e-mail.
    expect(first.json().member.email_verified_at).toBeNull();
    const second = await go();
    expect(second.json().member.id).toBe(first.json().member.id);
    // A replayed state finds nothing.
    expect((await api(t.app).post(`${A}/oauth-login/line`, { code: 'x', state: 'nope' })).statusCode).toBe(401);
  });

  it('signs a disabled member out at once and refuses its sign-in', async () => {
    const { address, token, id } = await confirmedMember();
    const manager = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_MEMBER'] }));
    expect((await api(t.app, manager).patch(`/api/admin/member/${id}`, { field: 'status', value: 'disabled' })).statusCode).toBe(200);
    expect((await api(t.app, token).get(`${A}/profile`)).statusCode).toBe(401);
    expect((await signIn(address)).statusCode).toBe(401);
  });

  it('signs out: the token dies', async () => {
    const { token } = await confirmedMember();
    expect((await api(t.app, token).post(`${A}/logout`, {})).statusCode).toBe(204);
    expect((await api(t.app, token).get(`${A}/profile`)).statusCode).toBe(401);
  });

  it('refuses its token from another browser and after the session has ended', async () => {
    const { token, id } = await confirmedMember();
    const profile = (headers: Record<string, string> = {}) => api(t.app, token).get(`${A}/profile`, headers);
    expect((await profile()).statusCode).toBe(200);
    expect((await profile({ 'x-fingerprint': 'another-browser' })).statusCode).toBe(401);
    await t.db
      .updateTable('member_devices')
      .set({ session_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('member_id', '=', id)
      .execute();
    expect((await profile()).statusCode).toBe(401);
    // A token that is not ours at all.
    expect((await api(t.app, `${token.slice(0, -4)}AAAA`).get(`${A}/profile`)).statusCode).toBe(401);
  });

  it('renews the token; the one it replaced dies', async () => {
    const { token } = await confirmedMember();
    const renewed = await api(t.app, token).post(`${A}/renew`, {});
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await api(t.app, renewed.json().token).get(`${A}/profile`)).statusCode).toBe(200);
    expect((await api(t.app, token).get(`${A}/profile`)).statusCode).toBe(401);
  });

  it('updates its name, audited', async () => {
    const { token, id } = await confirmedMember();
    const res = await api(t.app, token).put(`${A}/profile`, { name: '新名字' });
    expect(res.json()).toMatchObject({ name: '新名字' });
    const entry = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'member')
      .where('target_id', '=', String(id))
      .where('action', '=', 'update_profile')
      .executeTakeFirstOrThrow();
    expect(entry.actor_id).toBeNull();
  });
});

describe('member password reset', () => {
  it('sets a new password by the mailed link, once, signing every browser out', async () => {
    const { address, token } = await confirmedMember();
    expect((await api(t.app).post(`${A}/send-reset-password-mail`, { email: address })).json()).toEqual({ sent: true });
    const link = await linkFrom(address, 'reset-password');
    const done = await api(t.app).post(`${A}/reset-password-by-mail`, { token: link, password: 'N3w-Passw0rd' });
    expect(done.statusCode, done.body).toBe(204);
    expect((await api(t.app, token).get(`${A}/profile`)).statusCode).toBe(401);
    expect((await signIn(address)).statusCode).toBe(401);
    expect((await signIn(address, 'N3w-Passw0rd')).statusCode).toBe(200);
    const again = await api(t.app).post(`${A}/reset-password-by-mail`, { token: link, password: 'Other-1234' });
    expect(again.json().errors).toEqual({ token: ['validate.error.reset_link_invalid'] });
  });

  it('is mailed by the back office to the website page', async () => {
    const { address, id } = await confirmedMember();
    const manager = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_MEMBER'] }));
    const res = await api(t.app, manager).post(`/api/admin/member/${id}/reset-password`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, sent_to: address });
    expect(await linkFrom(address, 'reset-password')).toBeTruthy();
  });
});

describe('members in the back office', () => {
  it('lists with filters, shows devices, logs one out; ROLE_PAGE is refused; modules.member off is 404', async () => {
    const { address, token, id } = await confirmedMember();
    const unconfirmed = email();
    await signUp(unconfirmed);
    const manager = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_MEMBER'] }));
    const as = api(t.app, manager);
    const list = await as.get(`/api/admin/member/index?keyword=${encodeURIComponent(address)}`);
    expect(list.json().data.map((m: { email: string }) => m.email)).toEqual([address]);
    const pending = await as.get('/api/admin/member/index?confirmed=false&per_page=100');
    expect(pending.json().data.map((m: { email: string }) => m.email)).toContain(unconfirmed);
    expect(pending.json().data.map((m: { email: string }) => m.email)).not.toContain(address);

    const devices = await as.get(`/api/admin/member/${id}/devices`);
    expect(devices.statusCode, devices.body).toBe(200);
    const [device] = devices.json().data;
    expect((await as.delete(`/api/admin/member/${id}/devices/${device.id}`)).statusCode).toBe(200);
    expect((await api(t.app, token).get(`${A}/profile`)).statusCode).toBe(401);

    const editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE'] }));
    expect((await api(t.app, editor).get('/api/admin/member/index')).statusCode).toBe(403);

    const superAdmin = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    const put = (on: boolean) =>
      api(t.app, superAdmin).put('/api/admin/app-config/app/update', { modules: { ...DEFAULT_APP_CONFIG.modules, member: on } });
    expect((await put(false)).statusCode).toBe(200);
    try {
      expect((await as.get('/api/admin/member/index')).statusCode).toBe(404);
      expect((await signUp(email())).statusCode).toBe(404);
      expect((await api(t.app).post(`${A}/login`, { email: address, password: 'Passw0rd!' })).statusCode).toBe(404);
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
  });
});
