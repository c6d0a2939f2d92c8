import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { emailChanges } from '../../lib/identity/email-change.ts';

let t: TestApp;
let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '100', PUBLIC_URL: 'https://admin.example.com' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const E = '/api/admin/account/email';
let n = 0;
const fresh = () => `moved-${++n}-${Date.now()}@example.com`;

/** A signed-in admin whose device proved its identity (the e-mail change asks for it). */
async function provenAdmin() {
  const admin = await buildAdmin(t.db);
  const token = await login(t.app, admin);
  expect((await api(t.app, token).post('/api/admin/account/verify-identity', { password: admin.password })).statusCode).toBe(200);
  return { admin, token, a: api(t.app, token) };
}
/** The code and the link of the confirmation mailed to `to`. */
async function codeMailedTo(to: string) {
  const mail = await catcher.next(to);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  const link = /https:\/\/admin\.example\.com\/admin\/profile\?email_code=(\d{6})/.exec(mail.text ?? '')?.[1];
  expect(code, mail.text).toBeDefined();
  expect(link).toBe(code);
  return { code: code!, mail };
}
const emailOf = async (id: number) =>
  (await t.db.selectFrom('admins').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const actions = async (id: number) =>
  (
    await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'admin')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe('an admin changes its own e-mail', () => {
  it('mails a code to the new address and a notice to the old; the e-mail changes only once the code is confirmed', async () => {
    const { admin, a } = await provenAdmin();
    const next = fresh();
    const asked = await a.put(E, { email: next.toUpperCase(), locale: 'en-US' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().email).toBe(admin.email);
    expect(asked.json().pending_email).toEqual({ email: next, expires_at: expect.any(String) });
    expect(Date.parse(asked.json().pending_email.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);

    const { code, mail } = await codeMailedTo(next);
    expect(mail.subject).toMatch(/^Confirm your new e-mail for /);
    const notice = await catcher.next(admin.email);
    expect(notice.text).toContain(next);
    expect(notice.text).not.toContain(code);
    expect(await emailOf(admin.id)).toBe(admin.email);
    expect((await a.get('/api/admin/account/profile')).json().pending_email.email).toBe(next);

    const confirmed = await a.post(`${E}/confirm`, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: next, pending_email: null });
    expect(await emailOf(admin.id)).toBe(next);
    expect(await actions(admin.id)).toEqual(expect.arrayContaining(['request_email_change', 'change_email']));
    // A used code does not work again.
    const reused = await a.post(`${E}/confirm`, { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual({ code: ['validate.error.email_change_invalid'] });
    // The new address signs in; the old one no longer does.
    expect((await api(t.app).post('/api/admin/account/login', { email: next, password: admin.password })).statusCode).toBe(200);
    expect((await api(t.app).post('/api/admin/account/login', { email: admin.email, password: admin.password })).statusCode).toBe(401);
  });

  it('refuses a wrong code (and the right one after five wrong), an expired one, and another admin confirming it', async () => {
    const { admin, a } = await provenAdmin();
    const next = fresh();
    await a.put(E, { email: next });
    const { code } = await codeMailedTo(next);
    const other = await provenAdmin();
    expect((await other.a.post(`${E}/confirm`, { code })).statusCode).toBe(400);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await a.post(`${E}/confirm`, { code: wrong })).statusCode).toBe(400);
    const exhausted = await a.post(`${E}/confirm`, { code });
    expect(exhausted.statusCode).toBe(400);
    expect(exhausted.json().errors).toEqual({ code: ['validate.error.email_change_invalid'] });
    expect(await emailOf(admin.id)).toBe(admin.email);
    expect((await a.get('/api/admin/account/profile')).json().pending_email).toBeNull();

    const later = fresh();
    await a.put(E, { email: later });
    const second = await codeMailedTo(later);
    await t.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', later)
      .execute();
    expect((await a.post(`${E}/confirm`, { code: second.code })).statusCode).toBe(400);
    expect(await emailOf(admin.id)).toBe(admin.email);
    expect((await a.post(`${E}/confirm`, { code: '' })).statusCode).toBe(400);
  });

  it('a new request replaces the pending one; a cancelled change cannot be confirmed', async () => {
    const { admin, a } = await provenAdmin();
    const first = fresh();
    await a.put(E, { email: first });
    const firstCode = (await codeMailedTo(first)).code;
    const second = fresh();
    expect((await a.put(E, { email: second })).json().pending_email.email).toBe(second);
    const secondCode = (await codeMailedTo(second)).code;
    expect((await a.post(`${E}/confirm`, { code: firstCode })).statusCode).toBe(400);

    const cancelled = await a.delete(E);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().pending_email).toBeNull();
    expect((await a.post(`${E}/confirm`, { code: secondCode })).statusCode).toBe(400);
    expect(await emailOf(admin.id)).toBe(admin.email);
    expect(await actions(admin.id)).toContain('cancel_email_change');
  });

  it('refuses an address another admin has, the current address, a bad address, and asks for verify-identity first', async () => {
    const { admin, a } = await provenAdmin();
    const other = await buildAdmin(t.db);
    const taken = await a.put(E, { email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: ['validate.error.unique'] });
    const same = await a.put(E, { email: admin.email });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ email: ['validate.error.email_unchanged'] });
    expect((await a.put(E, { email: 'not-an-address' })).statusCode).toBe(400);
    expect((await a.put(E, { email: fresh(), role: 'ROLE_SUPER_ADMIN' })).statusCode).toBe(400);

    // Taken between the request and the confirmation: 409, the code kept.
    const next = fresh();
    await a.put(E, { email: next });
    const { code } = await codeMailedTo(next);
    await t.db.updateTable('admins').set({ email: next }).where('id', '=', other.id).execute();
    expect((await a.post(`${E}/confirm`, { code })).statusCode).toBe(409);
    expect(await emailOf(admin.id)).toBe(admin.email);

    const unproven = api(t.app, await login(t.app, await buildAdmin(t.db)));
    expect((await unproven.put(E, { email: fresh() })).statusCode).toBe(403);
  });

  it('lists the code on the OTP records screen as an e-mail change, never the code', async () => {
    const { a } = await provenAdmin();
    const next = fresh();
    await a.put(E, { email: next });
    await codeMailedTo(next);
    const superAdmin = api(t.app, await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] })));
    const listed = await superAdmin.get(`/api/admin/otp/index?purpose=email_change&keyword=${encodeURIComponent(next)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([expect.objectContaining({ email: next, purpose: 'email_change', state: 'open' })]);
    expect(listed.body).not.toMatch(/code_hash/);
  });

  it("keeps each admin's pending change its own: another admin asking for the same address retires nothing", async () => {
    // Through the routes' own piece: the routes pace one request per address a minute, whoever asks.
    const changes = emailChanges(t.app.config.jwtSecret, 'email_change');
    const [first, second] = [await buildAdmin(t.db), await buildAdmin(t.db)];
    const address = fresh();
    const firstCode = await t.db.transaction().execute((trx) => changes.start(trx, { adminId: first.id }, { email: address, ip: null }));
    const secondCode = await t.db.transaction().execute((trx) => changes.start(trx, { adminId: second.id }, { email: address, ip: null }));
    expect((await changes.pending(t.db, { adminId: first.id }))?.email).toBe(address);
    if (secondCode !== firstCode)
      expect(await t.db.transaction().execute((trx) => changes.check(trx, { adminId: first.id }, secondCode))).toBeNull();
    expect(await t.db.transaction().execute((trx) => changes.check(trx, { adminId: first.id }, firstCode))).toBe(address);
    expect(await t.db.transaction().execute((trx) => changes.check(trx, { adminId: second.id }, secondCode))).toBe(address);
  });

  it('paces requests to one address: a second within a minute is 429', async () => {
    const { a } = await provenAdmin();
    const next = fresh();
    expect((await a.put(E, { email: next })).statusCode).toBe(200);
    expect((await a.put(E, { email: next })).statusCode).toBe(429);
  });
});
