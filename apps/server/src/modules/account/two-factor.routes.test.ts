import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, testDialect, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';
import { oneTimeCodes } from '../../lib/identity/one-time-codes.ts';
import { currentCode } from '../../lib/identity/two-factor.ts';
import { clearOfStepEdge } from '../../../test/totp-clock.ts';

let t: TestApp;
beforeAll(async () => {
  // Every call comes from one address: room for this file's many sign-ins (rate-limit.test.ts tests the limits).
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '500' });
});
afterAll(async () => {
  await t?.close();
});
// Each test's codes are taken within one step of the app (see clearOfStepEdge).
beforeEach(() => clearOfStepEdge());

const STEP_MS = 30_000;
/** The app's code one step before or after now: codes of the window around now, each accepted once. */
const codeAt = (secret: string, steps: number) => currentCode(secret, Date.now() + steps * STEP_MS);
/**
 * The two-factor sign-ins come from another browser than the profile calls: signing in again in the
 * same browser starts a new session on its device and ends the tokens of the one before.
 */
const SIGN_IN_BROWSER = 'second-browser';
const passwordSignIn = (admin: BuiltAdmin, fingerprint = SIGN_IN_BROWSER) =>
  api(t.app).post('/api/admin/account/login', { email: admin.email, password: admin.password }, { 'x-fingerprint': fingerprint });
const secondStep = (body: Record<string, unknown>, fingerprint = SIGN_IN_BROWSER) =>
  api(t.app).post('/api/admin/account/two-factor/login', body, { 'x-fingerprint': fingerprint });
const prove = async (token: string, admin: BuiltAdmin) => {
  const res = await api(t.app, token).post('/api/admin/account/verify-identity', { password: admin.password });
  expect(res.statusCode, res.body).toBe(200);
};

/** An admin with two-factor on through the profile calls: its secret and recovery codes. */
async function withTwoFactor(opts: Parameters<typeof buildAdmin>[1] = {}) {
  const admin = await buildAdmin(t.db, opts);
  const token = await login(t.app, admin);
  await prove(token, admin);
  const setup = await api(t.app, token).post('/api/admin/account/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await api(t.app, token).post('/api/admin/account/two-factor/enable', { code: codeAt(secret, -1) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { admin, token, secret, recoveryCodes: enabled.json().recovery_codes as string[] };
}

async function challengeOf(admin: BuiltAdmin, fingerprint = SIGN_IN_BROWSER): Promise<string> {
  const res = await passwordSignIn(admin, fingerprint);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().token).toBeUndefined();
  return res.json().two_factor.challenge as string;
}

async function setPolicy(roles: string[]) {
  const superAdmin = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
  const res = await api(t.app, await login(t.app, superAdmin)).put('/api/admin/app-config/app/update', { twoFactorRequiredRoles: roles });
  expect(res.statusCode, res.body).toBe(200);
}

describe('turning two-factor on from the profile', () => {
  it('needs verify identity, confirms a code of the new secret, and keeps only sealed secrets and digests', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    expect((await api(t.app, token).post('/api/admin/account/two-factor/setup')).statusCode).toBe(403);
    expect((await api(t.app, token).get('/api/admin/account/two-factor')).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    await prove(token, admin);
    const setup = await api(t.app, token).post('/api/admin/account/two-factor/setup');
    const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain('otpauth://totp/');
    expect(otpauth_url).toContain(encodeURIComponent(admin.email));
    expect(otpauth_url).toContain(`secret=${secret}`);
    // Set up, not confirmed: sign-in is unchanged.
    expect((await passwordSignIn(admin, 'fp-pending')).json().token).toEqual(expect.any(String));

    const wrong = await api(t.app, token).post('/api/admin/account/two-factor/enable', { code: codeAt(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: ['validate.error.code_incorrect'] });
    expect((await api(t.app, token).post('/api/admin/account/two-factor/enable', { code: '12ab56' })).statusCode).toBe(400);
    const enabled = await api(t.app, token).post('/api/admin/account/two-factor/enable', { code: codeAt(secret, 0) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const again = await api(t.app, token).post('/api/admin/account/two-factor/setup');
    expect(again.json().errors).toEqual({ code: ['validate.error.two_factor_already_enabled'] });

    const stored = JSON.stringify([
      await t.db.selectFrom('admin_two_factor').selectAll().where('admin_id', '=', admin.id).execute(),
      await t.db.selectFrom('two_factor_recovery_codes').selectAll().where('admin_id', '=', admin.id).execute(),
    ]);
    expect(stored).not.toContain(secret);
    for (const c of codes) expect(stored).not.toContain(c);
    const status = (await api(t.app, token).get('/api/admin/account/two-factor')).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    const actions = await t.db.selectFrom('audit_logs').select('action').where('target_id', '=', String(admin.id)).execute();
    expect(actions.map((a) => a.action)).toContain('enable_two_factor');
  });

  it('is refused while a super admin acts as the admin', async () => {
    const admin = await buildAdmin(t.db);
    const superAdmin = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
    const superToken = await login(t.app, superAdmin);
    const switched = await api(t.app, superToken).post(`/api/admin/account/${admin.id}/switch-account`);
    expect(switched.statusCode, switched.body).toBe(200);
    const res = await api(t.app, switched.json().token).post('/api/admin/account/two-factor/setup');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ code: ['validate.error.not_while_switched'] });
  });
});

describe('signing in with two-factor on', () => {
  it('answers a challenge instead of a token, then a session for a code of the app, each code once', async () => {
    const { admin, secret } = await withTwoFactor();
    const challenge = await challengeOf(admin);
    expect((await passwordSignIn(admin)).json().two_factor).toMatchObject({ mode: 'verify', expires_in: 300 });

    const wrong = await secondStep({ challenge, code: codeAt(secret, 4) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: ['validate.error.code_incorrect'] });
    const ok = await secondStep({ challenge, code: codeAt(secret, 0) });
    expect(ok.statusCode, ok.body).toBe(200);
    const profile = await api(t.app, ok.json().token).get('/api/admin/account/profile', { 'x-fingerprint': SIGN_IN_BROWSER });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().id).toBe(admin.id);

    // The challenge is used up, and the same code does not open a second session.
    expect((await secondStep({ challenge, code: codeAt(secret, 1) })).statusCode).toBe(401);
    const replay = await secondStep({ challenge: await challengeOf(admin), code: codeAt(secret, 0) });
    expect(replay.statusCode).toBe(400);

    const failures = await t.db
      .selectFrom('audit_logs')
      .select('after')
      .where('action', '=', 'login_failed')
      .where('target_id', '=', String(admin.id))
      .execute();
    expect(failures.map((f) => JSON.parse(f.after!))).toContainEqual({ method: 'password', step: 'two_factor', with: 'code' });
  });

  it('takes each recovery code once, and new codes retire the old ones', async () => {
    const { admin, token, recoveryCodes } = await withTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const ok = await secondStep({ challenge: await challengeOf(admin), recovery_code: ` ${first.toUpperCase().replace('-', ' ')} ` });
    expect(ok.statusCode, ok.body).toBe(200);
    const reused = await secondStep({ challenge: await challengeOf(admin), recovery_code: first });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual({ recovery_code: ['validate.error.code_incorrect'] });
    expect((await api(t.app, token).get('/api/admin/account/two-factor')).json().recovery_codes_left).toBe(9);

    await t.db.updateTable('login_devices').set({ identity_verified_until: null }).where('admin_id', '=', admin.id).execute();
    expect((await api(t.app, token).post('/api/admin/account/two-factor/recovery-codes')).statusCode).toBe(403);
    await prove(token, admin);
    const fresh = await api(t.app, token).post('/api/admin/account/two-factor/recovery-codes');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await secondStep({ challenge: await challengeOf(admin), recovery_code: second })).statusCode).toBe(400);
    const withNew = await secondStep({ challenge: await challengeOf(admin), recovery_code: fresh.json().recovery_codes[0] });
    expect(withNew.statusCode, withNew.body).toBe(200);
    const actions = await t.db.selectFrom('audit_logs').select('action').where('target_id', '=', String(admin.id)).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['use_recovery_code', 'regenerate_recovery_codes']));
  });

  it('spends a recovery code only with the sign-in it opens: two at once on one challenge spend one code', async () => {
    const { admin, token, recoveryCodes } = await withTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const challenge = await challengeOf(admin);
    const answers = await Promise.all([secondStep({ challenge, recovery_code: first }), secondStep({ challenge, recovery_code: second })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    // The refused sign-in kept its code: it opens the next sign-in.
    expect((await api(t.app, token).get('/api/admin/account/two-factor')).json().recovery_codes_left).toBe(9);
    const kept = answers[0]!.statusCode === 200 ? second : first;
    const next = await secondStep({ challenge: await challengeOf(admin), recovery_code: kept });
    expect(next.statusCode, next.body).toBe(200);
    // Each code spent has its entry, written in the same transaction.
    const used = await t.db
      .selectFrom('two_factor_recovery_codes')
      .select('id')
      .where('admin_id', '=', admin.id)
      .where('used_at', 'is not', null)
      .execute();
    const entries = await t.db
      .selectFrom('audit_logs')
      .select(['actor_kind', 'actor_id'])
      .where('action', '=', 'use_recovery_code')
      .where('target_id', '=', String(admin.id))
      .execute();
    expect(used).toHaveLength(2);
    expect(entries).toEqual([
      { actor_kind: 'admin', actor_id: admin.id },
      { actor_kind: 'admin', actor_id: admin.id },
    ]);
  });

  it('keeps the recovery code when the sign-in fails after taking it: no session, no entry, the code still works', async () => {
    const { admin, token, recoveryCodes } = await withTwoFactor();
    const [first] = recoveryCodes as [string];
    const challenge = await challengeOf(admin);
    // The database refuses the session's login entry, the last write of the sign-in's transaction.
    if (testDialect === 'postgres') {
      await sql
        .raw(
          `CREATE FUNCTION recovery_sign_in_boom() RETURNS trigger AS $$ BEGIN IF NEW.action = 'login' AND NEW.actor_id = ${admin.id} THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        )
        .execute(t.db);
      await sql
        .raw('CREATE TRIGGER recovery_sign_in_boom BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION recovery_sign_in_boom()')
        .execute(t.db);
    } else {
      await sql
        .raw(
          `CREATE TRIGGER recovery_sign_in_boom BEFORE INSERT ON audit_logs WHEN NEW.action = 'login' AND NEW.actor_id = ${admin.id} BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
        )
        .execute(t.db);
    }
    try {
      const failed = await secondStep({ challenge, recovery_code: first });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('forced failure');
    } finally {
      await sql.raw(`DROP TRIGGER recovery_sign_in_boom${testDialect === 'postgres' ? ' ON audit_logs' : ''}`).execute(t.db);
      if (testDialect === 'postgres') await sql.raw('DROP FUNCTION recovery_sign_in_boom()').execute(t.db);
    }
    expect((await api(t.app, token).get('/api/admin/account/two-factor')).json().recovery_codes_left).toBe(10);
    const spent = await t.db
      .selectFrom('audit_logs')
      .select('id')
      .where('action', '=', 'use_recovery_code')
      .where('target_id', '=', String(admin.id))
      .execute();
    expect(spent).toEqual([]);
    // Neither the code nor the challenge was used up.
    const ok = await secondStep({ challenge, recovery_code: first });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('ends the challenge after the fifth wrong code, when it expires, from another browser, and for a disabled admin', async () => {
    const { admin, secret } = await withTwoFactor();
    const challenge = await challengeOf(admin);
    for (let i = 0; i < 5; i++)
      expect((await secondStep({ challenge, code: '000000' === codeAt(secret, 0) ? '111111' : '000000' })).statusCode).toBe(400);
    expect((await secondStep({ challenge, code: codeAt(secret, 0) })).statusCode).toBe(401);

    const other = await challengeOf(admin);
    expect((await secondStep({ challenge: other, code: codeAt(secret, 0) }, 'another-browser')).statusCode).toBe(401);

    const expired = await challengeOf(admin);
    await t.db
      .updateTable('sign_in_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('admin_id', '=', admin.id)
      .where('used_at', 'is', null)
      .execute();
    expect((await secondStep({ challenge: expired, code: codeAt(secret, 0) })).statusCode).toBe(401);

    const beforeDisable = await challengeOf(admin);
    await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', admin.id).execute();
    expect((await secondStep({ challenge: beforeDisable, code: codeAt(secret, 0) })).statusCode).toBe(401);
    // Nothing of a challenge is kept in plain text.
    const rows = JSON.stringify(await t.db.selectFrom('sign_in_challenges').selectAll().where('admin_id', '=', admin.id).execute());
    for (const c of [challenge, other, expired, beforeDisable]) expect(rows).not.toContain(c);
  });

  it('asks the second step after an e-mail code too', async () => {
    const { admin, secret } = await withTwoFactor();
    const code = await t.db.transaction().execute((trx) =>
      oneTimeCodes(t.app.config.jwtSecret).issue(trx, {
        email: admin.email,
        adminId: admin.id,
        purpose: 'sign_in',
        ip: null,
      }),
    );
    const first = await api(t.app).post(
      '/api/admin/account/login-via-email-otp',
      { email: admin.email, code },
      { 'x-fingerprint': SIGN_IN_BROWSER },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().token).toBeUndefined();
    const ok = await secondStep({ challenge: first.json().two_factor.challenge, code: codeAt(secret, 0) });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.db.selectFrom('sign_in_challenges').select('method').where('admin_id', '=', admin.id).executeTakeFirstOrThrow();
    expect(row.method).toBe('email_code');
  });

  it('turned off behind verify identity, sign-in gives a token again', async () => {
    const { admin, token } = await withTwoFactor();
    await t.db.updateTable('login_devices').set({ identity_verified_until: null }).where('admin_id', '=', admin.id).execute();
    expect((await api(t.app, token).delete('/api/admin/account/two-factor')).statusCode).toBe(403);
    await prove(token, admin);
    const off = await api(t.app, token).delete('/api/admin/account/two-factor');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await passwordSignIn(admin)).json().token).toEqual(expect.any(String));
  });
});

describe('a super admin', () => {
  it("turns off another admin's two-factor (a lost phone) behind verify identity, not its own", async () => {
    const { admin } = await withTwoFactor();
    const superAdmin = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
    const superToken = await login(t.app, superAdmin);
    const url = `/api/admin/admin/${admin.id}/two-factor`;
    expect((await api(t.app, superToken).delete(url)).statusCode).toBe(403);
    await prove(superToken, superAdmin);
    const res = await api(t.app, superToken).delete(url);
    expect(res.statusCode, res.body).toBe(200);
    expect((await passwordSignIn(admin)).json().token).toEqual(expect.any(String));
    const again = await api(t.app, superToken).delete(url);
    expect(again.json().errors).toEqual({ id: ['validate.error.two_factor_not_enabled'] });
    expect((await api(t.app, superToken).delete(`/api/admin/admin/${superAdmin.id}/two-factor`)).statusCode).toBe(409);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('target_id', '=', String(admin.id))
      .where('action', '=', 'reset_two_factor')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(superAdmin.id);
  });

  it('requires two-factor of a role: its holders set it up before their first session and cannot turn it off', async () => {
    await setPolicy(['ROLE_STAFF', 'SUB_ACCOUNT_ROLE_STAFF_WRITE']);
    try {
      const staffManager = await buildAdmin(t.db, { roles: ['ROLE_STAFF'] });
      const res = await passwordSignIn(staffManager);
      expect(res.json().two_factor).toMatchObject({ mode: 'setup' });
      const challenge = res.json().two_factor.challenge as string;
      // No code before the app is set up.
      expect((await secondStep({ challenge, code: '123456' })).json().errors).toEqual({ code: ['validate.error.two_factor_setup_first'] });
      const setup = await api(t.app).post('/api/admin/account/two-factor/login/setup', { challenge }, { 'x-fingerprint': SIGN_IN_BROWSER });
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret } = setup.json() as { secret: string };
      expect(
        (await api(t.app).post('/api/admin/account/two-factor/login/setup', { challenge }, { 'x-fingerprint': SIGN_IN_BROWSER })).json()
          .secret,
      ).toBe(secret);
      expect((await secondStep({ challenge, recovery_code: 'abcde-fghjk' })).statusCode).toBe(400);
      const done = await secondStep({ challenge, code: codeAt(secret, 0) });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().recovery_codes).toHaveLength(10);
      const asStaffManager = api(t.app, done.json().token as string);
      const browser = { 'x-fingerprint': SIGN_IN_BROWSER };
      expect((await asStaffManager.get('/api/admin/account/two-factor', browser)).json()).toMatchObject({ enabled: true, required: true });
      expect(
        (await asStaffManager.post('/api/admin/account/verify-identity', { password: staffManager.password }, browser)).statusCode,
      ).toBe(200);
      const off = await asStaffManager.delete('/api/admin/account/two-factor', undefined, browser);
      expect(off.json().errors).toEqual({ code: ['validate.error.two_factor_required'] });
      // From now on: the ordinary second step.
      expect((await passwordSignIn(staffManager)).json().two_factor.mode).toBe('verify');

      // A sub-account role held in an organization counts; an admin of other roles signs in as before.
      const org = await t.db
        .insertInto('organizations')
        .values({
          uid: `org-2fa-${Date.now()}`,
          name: '2FA',
          company_id: null,
          status: 'active',
          created_at: '2026-01-01',
          updated_at: '2026-01-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const writer = await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } });
      expect((await passwordSignIn(writer)).json().two_factor.mode).toBe('setup');
      const base = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
      expect((await passwordSignIn(base)).json().token).toEqual(expect.any(String));
      // A made-up or verify-mode challenge gets no secret.
      expect((await api(t.app).post('/api/admin/account/two-factor/login/setup', { challenge: 'made-up' })).statusCode).toBe(401);
      const verifyChallenge = (await passwordSignIn(staffManager)).json().two_factor.challenge;
      expect(
        (
          await api(t.app).post(
            '/api/admin/account/two-factor/login/setup',
            { challenge: verifyChallenge },
            { 'x-fingerprint': SIGN_IN_BROWSER },
          )
        ).statusCode,
      ).toBe(401);
    } finally {
      await setPolicy([]);
    }
  });

  it('refuses a policy naming a role that does not exist', async () => {
    const superAdmin = await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] });
    const res = await api(t.app, await login(t.app, superAdmin)).put('/api/admin/app-config/app/update', {
      twoFactorRequiredRoles: ['ROLE_NOPE'],
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the second step under parallel guesses (issue 34)', () => {
  it('checks at most five of 50 parallel codes on one challenge, the right one sent 8th; the rest end with 401', async () => {
    const { admin, secret } = await withTwoFactor();
    const challenge = await challengeOf(admin);
    const right = codeAt(secret, 0);
    const wrong = [codeAt(secret, 4), codeAt(secret, 5), codeAt(secret, 6)];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => secondStep({ challenge, code: i === 7 ? right : wrong[i % 3] })),
    );
    const codes = answers.map((a) => a.statusCode);
    const checked = codes.filter((c) => c === 400 || c === 200);
    expect(checked.length, codes.join(',')).toBeLessThanOrEqual(5);
    expect(
      codes.every((c) => [200, 400, 401, 429].includes(c)),
      codes.join(','),
    ).toBe(true);
    const row = await t.db
      .selectFrom('sign_in_challenges')
      .select('tries')
      .where('admin_id', '=', admin.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.tries)).toBeLessThanOrEqual(5);
  });
});
