import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';
import { refuseWrites } from '../../../test/refused-writes.ts';
import { clearOfStepEdge } from '../../../test/totp-clock.ts';
import { emailChanges } from './email-change.ts';
import { CODE_RULES, oneTimeCodes } from './one-time-codes.ts';
import { currentCode } from './two-factor.ts';

let t: TestApp;
let otpScreen: ReturnType<typeof api>;
beforeAll(async () => {
  // Every call comes from one address: room for this file's sign-ins (rate-limit.test.ts tests the limits).
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '500' });
  otpScreen = api(t.app, await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] })));
});
afterAll(async () => {
  await t?.close();
});

const wrongOf = (code: string) => String((Number(code) + 1) % 10 ** CODE_RULES.digits).padStart(CODE_RULES.digits, '0');

/** The code's row on the OTP records screen (its `tries` is the screen's 錯誤次數). */
async function otpRecord(email: string, purpose: string) {
  const res = await otpScreen.get(`/api/admin/otp/index?purpose=${purpose}&keyword=${encodeURIComponent(email)}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().data as { state: string; tries: number }[];
  expect(rows).toHaveLength(1);
  return { state: rows[0]!.state, tries: rows[0]!.tries };
}

const loginFailures = async (adminId: number) =>
  (await t.db.selectFrom('audit_logs').select('id').where('action', '=', 'login_failed').where('target_id', '=', String(adminId)).execute())
    .length;

const devicesOf = async (adminId: number) =>
  (await t.db.selectFrom('login_devices').select('id').where('admin_id', '=', adminId).execute()).length;

/** The database refuses this admin's new login devices: opening a session fails at its first write. */
const refuseSessionsOf = (admin: BuiltAdmin, name: string) =>
  refuseWrites(t.db, { name, table: 'login_devices', event: 'INSERT', when: `NEW.admin_id = ${admin.id}` });

describe('a code typed at sign-in by e-mail', () => {
  const URL = '/api/admin/account/login-via-email-otp';

  it('counts a wrong try though the answer is 401, stays usable when the session fails to open, and signs in once', async () => {
    const admin = await buildAdmin(t.db);
    const code = await t.db
      .transaction()
      .execute((trx) =>
        oneTimeCodes(t.app.config.jwtSecret).issue(trx, { email: admin.email, adminId: admin.id, purpose: 'sign_in', ip: null }),
      );

    const wrong = await api(t.app).post(URL, { email: admin.email, code: wrongOf(code) });
    expect(wrong.statusCode).toBe(401);
    expect(await otpRecord(admin.email, 'sign_in')).toEqual({ state: 'open', tries: 1 });
    expect(await loginFailures(admin.id)).toBe(1);

    const drop = await refuseSessionsOf(admin, 'email_code_session_boom');
    try {
      const failed = await api(t.app).post(URL, { email: admin.email, code });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('forced failure');
    } finally {
      await drop();
    }
    expect(await devicesOf(admin.id)).toBe(0);
    expect(await otpRecord(admin.email, 'sign_in')).toEqual({ state: 'open', tries: 1 });

    const ok = await api(t.app).post(URL, { email: admin.email, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await api(t.app, ok.json().token).get('/api/admin/account/profile')).json().email).toBe(admin.email);
    expect(await otpRecord(admin.email, 'sign_in')).toEqual({ state: 'used', tries: 1 });
    expect((await api(t.app).post(URL, { email: admin.email, code })).statusCode).toBe(401);
    expect(await devicesOf(admin.id)).toBe(1);
  });

  it("is the same for a member's code: its session failing to open keeps the code, and the e-mail unconfirmed", async () => {
    const MEMBER_URL = '/api/member/account/login-via-email-otp';
    const email = `code-tries-member-${Date.now()}@example.com`;
    const now = new Date().toISOString();
    const member = await t.db
      .insertInto('members')
      .values({
        email,
        name: '會員',
        password_hash: null,
        status: 'active',
        email_verified_at: null,
        locale: 'zh-TW',
        last_sign_in_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = await t.db
      .transaction()
      .execute((trx) =>
        oneTimeCodes(t.app.config.jwtSecret).issue(trx, { email, adminId: null, memberId: member.id, purpose: 'member_sign_in', ip: null }),
      );
    const memberRow = () => t.db.selectFrom('members').select(['email_verified_at']).where('id', '=', member.id).executeTakeFirstOrThrow();
    const sessions = async () => (await t.db.selectFrom('member_devices').select('id').where('member_id', '=', member.id).execute()).length;

    expect((await api(t.app).post(MEMBER_URL, { email, code: wrongOf(code) })).statusCode).toBe(401);
    expect(await otpRecord(email, 'member_sign_in')).toEqual({ state: 'open', tries: 1 });

    const drop = await refuseWrites(t.db, {
      name: 'member_code_session_boom',
      table: 'member_devices',
      event: 'INSERT',
      when: `NEW.member_id = ${member.id}`,
    });
    try {
      expect((await api(t.app).post(MEMBER_URL, { email, code })).statusCode).toBe(500);
    } finally {
      await drop();
    }
    expect(await sessions()).toBe(0);
    expect((await memberRow()).email_verified_at).toBeNull();
    expect(await otpRecord(email, 'member_sign_in')).toEqual({ state: 'open', tries: 1 });

    const ok = await api(t.app).post(MEMBER_URL, { email, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().member.email_verified_at).not.toBeNull();
    expect(await otpRecord(email, 'member_sign_in')).toEqual({ state: 'used', tries: 1 });
    expect((await api(t.app).post(MEMBER_URL, { email, code })).statusCode).toBe(401);
    expect(await sessions()).toBe(1);
  });
});

describe('a code typed to confirm an e-mail change', () => {
  it('counts a wrong try though the answer is 400, stays usable when the change fails, and changes the address once', async () => {
    const admin = await buildAdmin(t.db);
    const a = api(t.app, await login(t.app, admin));
    const next = `moved-${admin.id}@example.com`;
    const changes = emailChanges(t.app.config.jwtSecret, 'email_change');
    const code = await t.db.transaction().execute((trx) => changes.start(trx, { adminId: admin.id }, { email: next, ip: null }));
    const emailOf = async () =>
      (await t.db.selectFrom('admins').select('email').where('id', '=', admin.id).executeTakeFirstOrThrow()).email;

    const wrong = await a.post('/api/admin/account/email/confirm', { code: wrongOf(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: ['validate.error.email_change_invalid'] });
    expect(await otpRecord(next, 'email_change')).toEqual({ state: 'open', tries: 1 });

    const drop = await refuseWrites(t.db, { name: 'email_change_boom', table: 'admins', event: 'UPDATE', when: `NEW.email = '${next}'` });
    try {
      expect((await a.post('/api/admin/account/email/confirm', { code })).statusCode).toBe(500);
    } finally {
      await drop();
    }
    expect(await emailOf()).toBe(admin.email);
    expect(await otpRecord(next, 'email_change')).toEqual({ state: 'open', tries: 1 });

    const ok = await a.post('/api/admin/account/email/confirm', { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await emailOf()).toBe(next);
    expect(await otpRecord(next, 'email_change')).toEqual({ state: 'used', tries: 1 });
    expect((await a.post('/api/admin/account/email/confirm', { code })).statusCode).toBe(400);
  });
});

describe('a second factor typed at sign-in', () => {
  // The codes of this test are taken within one step of the app (see clearOfStepEdge).
  beforeEach(() => clearOfStepEdge());
  const BROWSER = 'code-tries-browser';

  it('counts a wrong try of the challenge though the answer is 400, keeps the challenge when the session fails to open, and signs in once', async () => {
    const admin = await buildAdmin(t.db);
    const a = api(t.app, await login(t.app, admin));
    expect((await a.post('/api/admin/account/verify-identity', { password: admin.password })).statusCode).toBe(200);
    const { secret } = (await a.post('/api/admin/account/two-factor/setup')).json() as { secret: string };
    const enabled = await a.post('/api/admin/account/two-factor/enable', { code: currentCode(secret, Date.now() - 30_000) });
    expect(enabled.statusCode, enabled.body).toBe(200);

    const first = await api(t.app).post(
      '/api/admin/account/login',
      { email: admin.email, password: admin.password },
      { 'x-fingerprint': BROWSER },
    );
    const challenge = first.json().two_factor.challenge as string;
    const secondStep = (code: string) =>
      api(t.app).post('/api/admin/account/two-factor/login', { challenge, code }, { 'x-fingerprint': BROWSER });
    const tries = async () =>
      Number(
        (await t.db.selectFrom('sign_in_challenges').select('tries').where('admin_id', '=', admin.id).executeTakeFirstOrThrow()).tries,
      );
    const code = currentCode(secret);
    const inWindow = [-1, 0, 1].map((s) => currentCode(secret, Date.now() + s * 30_000));
    const wrongCode = [4, 5, 6].map((s) => currentCode(secret, Date.now() + s * 30_000)).find((c) => !inWindow.includes(c))!;

    const wrong = await secondStep(wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: ['validate.error.code_incorrect'] });
    expect(await tries()).toBe(1);
    expect(await loginFailures(admin.id)).toBe(1);

    const devices = await devicesOf(admin.id);
    const drop = await refuseSessionsOf(admin, 'second_factor_session_boom');
    try {
      expect((await secondStep(code)).statusCode).toBe(500);
    } finally {
      await drop();
    }
    expect(await devicesOf(admin.id)).toBe(devices);
    expect(await tries()).toBe(1);

    const ok = await secondStep(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    expect(await devicesOf(admin.id)).toBe(devices + 1);
    expect((await secondStep(code)).statusCode).toBe(401);
  });
});
