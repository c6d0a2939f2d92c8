import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';

let t: TestApp;
let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({
    SMTP_URL: catcher.url,
    MAIL_POLL_MS: '100',
    SITE_URL: 'https://www.example.com',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
  });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const A = '/api/member/account';
const PASSWORD = 'Passw0rd!';
let n = 0;
const email = () => `self-${++n}-${Date.now()}@example.com`;
const tokenFrom = async (to: string, page: string) => {
  const mail = await catcher.next(to);
  const m = new RegExp(`https://www\\.example\\.com/member/${page}\\?token=([\\w%-]+)`).exec(mail.text ?? '');
  expect(m, mail.text).not.toBeNull();
  return decodeURIComponent(m![1]!);
};
const signUp = (address: string) => api(t.app).post(`${A}/sign-up`, { email: address, password: PASSWORD, name: '林小華' });
const signIn = (address: string, password = PASSWORD, fingerprint = 'browser-one') =>
  api(t.app).post(`${A}/login`, { email: address, password }, { 'x-fingerprint': fingerprint });
async function confirmedMember(address = email()) {
  expect((await signUp(address)).statusCode).toBe(200);
  const res = await api(t.app).post(`${A}/confirm`, { token: await tokenFrom(address, 'confirm') });
  expect(res.statusCode, res.body).toBe(200);
  return { address, token: res.json().token as string, id: res.json().member.id as number };
}
const memberEmail = async (id: number) =>
  (await t.db.selectFrom('members').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

describe("a member's e-mail change (the shared account routes)", () => {
  it('needs the current password, mails a code to the new address and a notice to the old, and changes on the code', async () => {
    const site = await t.db.updateTable('website_settings').set({ company_name: 'Acme 營造' }).where('id', '=', 1).executeTakeFirst();
    expect(Number(site.numUpdatedRows)).toBe(1);
    const m = await confirmedMember();
    const a = api(t.app, m.token);
    const next = email();
    const noPassword = await a.put(`${A}/email`, { email: next });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual({ current_password: ['validate.error.password_incorrect'] });
    expect((await a.put(`${A}/email`, { email: next, current_password: 'wrong' })).statusCode).toBe(400);

    const asked = await a.put(`${A}/email`, { email: next, current_password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ email: m.address, pending_email: { email: next } });
    const mail = await catcher.next(next);
    const code = /https:\/\/www\.example\.com\/member\/profile\?email_code=(\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code, mail.text).toBeDefined();
    // Issue 34: the unproven address gets no member-chosen text; both mails carry the website's brand.
    expect(mail.text).not.toContain('林小華');
    expect(mail.text).toContain('Acme 營造');
    expect(mail.text).not.toContain('BuildOffice');
    const notice = await catcher.next(m.address);
    expect(notice.text).toContain(next);
    expect(notice.text).toContain('Acme 營造');
    expect(await memberEmail(m.id)).toBe(m.address);

    const wrong = await a.post(`${A}/email/confirm`, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.json().errors).toEqual({ code: ['validate.error.email_change_invalid'] });
    const done = await a.post(`${A}/email/confirm`, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: next, pending_email: null, email_verified_at: expect.any(String) });
    expect((await a.post(`${A}/email/confirm`, { code })).statusCode).toBe(400);
    expect((await signIn(next)).statusCode).toBe(200);
    expect((await signIn(m.address)).statusCode).toBe(401);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_kind'])
      .where('target_type', '=', 'member')
      .where('target_id', '=', String(m.id))
      .execute();
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['request_email_change', 'change_email']));
    expect(audit.find((r) => r.action === 'change_email')?.actor_kind).toBe('member');
  });

  it("refuses another member's address and another member's confirming; a cancelled change cannot be confirmed", async () => {
    const m = await confirmedMember();
    const other = await confirmedMember();
    const a = api(t.app, m.token);
    // Issue 34: another member's address gets the answer and mail of any address; only the confirmation is refused.
    const taken = await a.put(`${A}/email`, { email: other.address, current_password: PASSWORD });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().pending_email.email).toBe(other.address);
    const takenCode = /email_code=(\d{6})/.exec((await catcher.next(other.address)).text ?? '')![1]!;
    await catcher.next(m.address);
    expect((await a.post(`${A}/email/confirm`, { code: takenCode })).statusCode).toBe(409);
    expect(await memberEmail(m.id)).toBe(m.address);
    const next = email();
    await a.put(`${A}/email`, { email: next, current_password: PASSWORD });
    const code = /email_code=(\d{6})/.exec((await catcher.next(next)).text ?? '')![1]!;
    expect((await api(t.app, other.token).post(`${A}/email/confirm`, { code })).statusCode).toBe(400);
    expect((await a.delete(`${A}/email`)).json().pending_email).toBeNull();
    expect((await a.post(`${A}/email/confirm`, { code })).statusCode).toBe(400);
    expect(await memberEmail(m.id)).toBe(m.address);
  });
});

describe("a member's password change", () => {
  it('needs the current password; signs the other browsers out and gives this one a new token', async () => {
    const m = await confirmedMember();
    const elsewhere = (await signIn(m.address, PASSWORD, 'browser-two')).json().token as string;
    const a = api(t.app, m.token);
    const wrong = await a.put(`${A}/password`, { current_password: 'nope', password: 'N3w-Passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: ['validate.error.password_incorrect'] });
    expect((await a.put(`${A}/password`, { current_password: PASSWORD, password: '' })).statusCode).toBe(400);

    const changed = await a.put(`${A}/password`, { current_password: PASSWORD, password: 'N3w-Passw0rd' });
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = changed.json().token as string;
    expect(renewed).not.toBe(m.token);
    expect((await api(t.app, renewed).get(`${A}/profile`)).statusCode).toBe(200);
    expect((await api(t.app, m.token).get(`${A}/profile`)).statusCode).toBe(401);
    expect((await api(t.app, elsewhere).get(`${A}/profile`, { 'x-fingerprint': 'browser-two' })).statusCode).toBe(401);
    expect((await signIn(m.address)).statusCode).toBe(401);
    expect((await signIn(m.address, 'N3w-Passw0rd')).statusCode).toBe(200);
  });
});

describe('the confirmation mail again', () => {
  /** The minute's pacing of one address is over (its key as send-pacing.ts makes it). */
  const minutePassed = (address: string) =>
    t.app.rateLimits.reset(`send:member_sign_up:address:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`);
  const resend = (address: string) => api(t.app).post(`${A}/resend-confirmation`, { email: address, locale: 'en-US' });
  const sentAgain = async (id: number) =>
    (
      await t.db
        .selectFrom('audit_logs')
        .select('id')
        .where('target_type', '=', 'member')
        .where('target_id', '=', String(id))
        .where('action', '=', 'send_confirmation_mail')
        .execute()
    ).length;

  it('mails a new confirmation link to an unconfirmed member only, with the same answer for all, paced with sign-up', async () => {
    const address = email();
    await signUp(address);
    const first = await tokenFrom(address, 'confirm');
    // Within the minute of the sign-up's mail: paced like it.
    expect((await resend(address)).statusCode).toBe(429);
    await minutePassed(address);
    const again = await resend(address.toUpperCase());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ sent: true });
    const second = await tokenFrom(address, 'confirm');
    expect(second).not.toBe(first);
    expect((await api(t.app).post(`${A}/confirm`, { token: first })).statusCode).toBe(400);
    const confirmed = await api(t.app).post(`${A}/confirm`, { token: second });
    expect(confirmed.statusCode).toBe(200);
    const id = confirmed.json().member.id as number;
    expect(await sentAgain(id)).toBe(1);

    // Confirmed now, and an unknown address: the same answer, nothing sent.
    await minutePassed(address);
    expect((await resend(address)).json()).toEqual({ sent: true });
    expect(await sentAgain(id)).toBe(1);
    expect((await resend(email())).json()).toEqual({ sent: true });
    expect((await resend('not-an-address')).statusCode).toBe(400);
  });

  describe('takes over no account (issue 34): a resent link proves the address and drops the pending password', () => {
    const ATTACKER = 'Attacker-Pass-123!';
    const OWNER = 'Owner-Pass-456!';
    const attackerSignUp = (address: string) =>
      api(t.app).post(`${A}/sign-up`, { email: address, password: ATTACKER, name: 'Your account is locked' });
    const passwordOf = async (address: string) =>
      (await t.db.selectFrom('members').select('password_hash').where('email', '=', address).executeTakeFirstOrThrow()).password_hash;

    async function ownerConfirmsResent(address: string) {
      await minutePassed(address);
      expect((await resend(address)).statusCode).toBe(200);
      const resent = await tokenFrom(address, 'confirm');
      const confirmed = await api(t.app).post(`${A}/confirm`, { token: resent });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().member.email).toBe(address);
      return confirmed.json().token as string;
    }

    it('attacker sign-up, owner sign-up, owner resend, owner confirm: neither password signs in, the owner sets one', async () => {
      const address = email();
      expect((await attackerSignUp(address)).statusCode).toBe(200);
      const attackersLink = await tokenFrom(address, 'confirm');
      await minutePassed(address);
      expect((await api(t.app).post(`${A}/sign-up`, { email: address, password: OWNER, name: 'Owner' })).statusCode).toBe(200);
      const setPasswordLink = await tokenFrom(address, 'reset-password');
      expect(setPasswordLink).toBeTruthy();

      const ownerToken = await ownerConfirmsResent(address);
      expect(await passwordOf(address)).toBeNull();
      expect((await signIn(address, ATTACKER)).statusCode).toBe(401);
      expect((await signIn(address, OWNER)).statusCode).toBe(401);
      // The first sign-up's own link died with the resend: it cannot bring the attacker's password back.
      expect((await api(t.app).post(`${A}/confirm`, { token: attackersLink })).statusCode).toBe(400);
      expect((await api(t.app, ownerToken).get(`${A}/profile`)).statusCode).toBe(200);

      // The owner sets a password by the reset mail; only that one signs in.
      expect((await api(t.app).post(`${A}/send-reset-password-mail`, { email: address, locale: 'en-US' })).statusCode).toBe(200);
      const token = await tokenFrom(address, 'reset-password');
      const set = await api(t.app).post(`${A}/reset-password-by-mail`, { token, password: 'Owner-Chosen-789!' });
      expect(set.statusCode, set.body).toBe(204);
      expect((await signIn(address, 'Owner-Chosen-789!')).statusCode).toBe(200);
      expect((await signIn(address, ATTACKER)).statusCode).toBe(401);
    });

    it('attacker sign-up, anyone resends, owner confirms: the attacker never signs in, before or after', async () => {
      const address = email();
      expect((await attackerSignUp(address)).statusCode).toBe(200);
      await tokenFrom(address, 'confirm');
      expect((await signIn(address, ATTACKER)).statusCode).toBe(403); // not confirmed yet
      await ownerConfirmsResent(address);
      expect(await passwordOf(address)).toBeNull();
      expect((await signIn(address, ATTACKER)).statusCode).toBe(401);
      // A resend after the confirmation mails nothing and changes nothing.
      await minutePassed(address);
      expect((await resend(address)).json()).toEqual({ sent: true });
      expect((await signIn(address, ATTACKER)).statusCode).toBe(401);
    });

    it("the sign-up's own link still keeps that sign-up's password", async () => {
      const address = email();
      await signUp(address);
      expect((await api(t.app).post(`${A}/confirm`, { token: await tokenFrom(address, 'confirm') })).statusCode).toBe(200);
      expect((await signIn(address)).statusCode).toBe(200);
    });
  });
});
