import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type BuiltAdmin, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { openBody } from '../../lib/mail/outbox.ts';

/**
 * Issue 26, point 1: a way in without a mail server. An invitation whose mail cannot go out (no
 * SMTP_URL, or delivery failing) hands its one-time link to the inviter, once, audited; the
 * organization admin sees its invitations' state and gets a fresh link, for its own organization only.
 */
const M = '/api/admin/organization/member';
const SET_PASSWORD = '/api/admin/account/reset-password-by-mail';
let seq = 0;
const email = () => `invitee-${Date.now().toString(36)}-${++seq}@example.com`;
const tokenOf = (link: string) => decodeURIComponent(/[?&]token=([^&\s"]+)/.exec(link)![1]!);

const audits = (t: TestApp, adminId: number) =>
  t.db
    .selectFrom('audit_logs')
    .select(['action', 'target_type', 'actor_id', 'after'])
    .where('target_id', '=', String(adminId))
    .orderBy('id')
    .execute();

describe('invitations without a mail server (no SMTP_URL)', () => {
  let t: TestApp;
  let orgA: { id: number };
  let orgB: { id: number };
  let adminA: BuiltAdmin;
  let adminAToken: string;
  let adminBToken: string;
  const invite = async (e = email(), token = adminAToken) => {
    const res = await api(t.app, token).post(`${M}/invite`, {
      email: e,
      name: 'Invitee',
      sub_account_roles: ['SUB_ACCOUNT_ROLE_STAFF_READ'],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const listed = async (adminId: number, token = adminAToken) =>
    ((await api(t.app, token).get(`${M}/index?per_page=100`)).json().data as { admin_id: number; invitation: unknown }[]).find(
      (m) => m.admin_id === adminId,
    )?.invitation;

  beforeAll(async () => {
    t = await createTestApp();
    orgA = await buildOrganization(t.db, { name: 'Org A' });
    orgB = await buildOrganization(t.db, { name: 'Org B' });
    adminA = await buildAdmin(t.db, { name: 'Ada Admin', memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
    adminAToken = await login(t.app, adminA, { organizationId: orgA.id });
    adminBToken = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
      organizationId: orgB.id,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands the mail’s one-time link to the inviting organization admin, once, audited without the link; it signs the colleague in', async () => {
    const e = email();
    const before = Date.now();
    const { member, invitation } = await invite(e);
    expect(invitation).toMatchObject({ sent_to: e, delivery: 'outbox' });
    // The link the mail carries, expiring as it does (72 hours).
    const mail = await t.db.selectFrom('mail_outbox').select('body').where('to_address', '=', e).executeTakeFirstOrThrow();
    expect(openBody(t.config, mail.body)!.html).toContain(invitation.handover.link.replaceAll('&', '&amp;'));
    const expires = Date.parse(invitation.handover.expires_at) - before;
    expect(expires).toBeGreaterThan(72 * 3600_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(72 * 3600_000 + 60_000);

    const handed = (await audits(t, member.admin_id)).filter((a) => a.action === 'hand_over_link');
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({ target_type: 'admin', actor_id: adminA.id });
    // No audit entry holds the link (lib/context/audit.ts scrubs `handover`).
    expect(JSON.stringify(await t.db.selectFrom('audit_logs').selectAll().execute())).not.toContain(tokenOf(invitation.handover.link));

    // The list shows the invitation's state, never the link.
    const pending = await listed(member.admin_id);
    expect(pending).toMatchObject({
      state: 'pending',
      sent_by: 'Ada Admin',
      mail_status: 'pending',
      expires_at: invitation.handover.expires_at,
    });
    expect(JSON.stringify(pending)).not.toContain('token');

    const set = await api(t.app).post(SET_PASSWORD, { token: tokenOf(invitation.handover.link), password: 'Colleague#1' });
    expect(set.statusCode, set.body).toBe(200);
    const colleague = await login(t.app, { id: member.admin_id, email: e, password: 'Colleague#1' }, { organizationId: orgA.id });
    expect((await api(t.app, colleague).get('/api/admin/organization/staff/index')).statusCode).toBe(200);
    expect(await listed(member.admin_id)).toMatchObject({ state: 'accepted' });

    // Accepted: no more links for this account.
    const closed = await api(t.app, adminAToken).post(`${M}/${member.admin_id}/invitation`, {});
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errors).toEqual({ id: ['validate.error.member_invitation_closed'] });
  });

  it('a fresh link kills the previous one; an expired invitation can be sent again', async () => {
    const { member, invitation } = await invite();
    const again = await api(t.app, adminAToken).post(`${M}/${member.admin_id}/invitation`, {});
    expect(again.statusCode, again.body).toBe(200);
    const fresh = again.json();
    expect(fresh.delivery).toBe('outbox');
    expect(fresh.handover.link).not.toBe(invitation.handover.link);
    const old = await api(t.app).post(SET_PASSWORD, { token: tokenOf(invitation.handover.link), password: 'Colleague#1' });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors).toEqual({ token: ['validate.error.reset_link_invalid'] });
    expect((await audits(t, member.admin_id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['resend_invitation', 'hand_over_link', 'hand_over_link']),
    );

    // The link ran out: the list says expired, and a new one can be sent.
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('admin_id', '=', member.admin_id)
      .execute();
    expect(await listed(member.admin_id)).toMatchObject({ state: 'expired' });
    const third = await api(t.app, adminAToken).post(`${M}/${member.admin_id}/invitation`, {});
    expect(third.statusCode).toBe(200);
    expect(await listed(member.admin_id)).toMatchObject({ state: 'pending' });
    expect((await api(t.app).post(SET_PASSWORD, { token: tokenOf(third.json().handover.link), password: 'Colleague#1' })).statusCode).toBe(
      200,
    );
  });

  it('refuses another organization’s invitation, an account reaching beyond the organization, and members who are no invitation', async () => {
    const { member } = await invite();
    // Organization B's admin: A's invitee does not exist there, even naming organization A.
    expect((await api(t.app, adminBToken).post(`${M}/${member.admin_id}/invitation`, {})).statusCode).toBe(404);
    expect((await api(t.app, adminBToken).post(`${M}/${member.admin_id}/invitation`, { organization_id: orgA.id })).statusCode).toBe(403);
    expect(await listed(member.admin_id, adminBToken)).toBeUndefined();

    // The same invitee also joined B: a link would open B too, so A's admin gets none.
    expect((await api(t.app, adminBToken).post(M, { email: member.email, sub_account_roles: [] })).statusCode).toBe(200);
    const beyond = await api(t.app, adminAToken).post(`${M}/${member.admin_id}/invitation`, {});
    expect(beyond.statusCode).toBe(403);
    expect(beyond.body).not.toContain('token=');

    // A member with a password of its own (added, never invited) has no invitation to send.
    const added = await buildAdmin(t.db, { memberships: { [orgA.id]: [] } });
    expect(await listed(added.id)).toBeNull();
    expect((await api(t.app, adminAToken).post(`${M}/${added.id}/invitation`, {})).statusCode).toBe(409);

    // A staff reader of A may not ask for links at all.
    const reader = await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
    const readerToken = await login(t.app, reader, { organizationId: orgA.id });
    expect((await api(t.app, readerToken).post(`${M}/${member.admin_id}/invitation`, {})).statusCode).toBe(403);
    expect((await api(t.app, adminAToken).post(`${M}/999999/invitation`, {})).statusCode).toBe(404);
  });
});

describe('invitations with a mail server', () => {
  let t: TestApp;
  let catcher: SmtpCatcher;
  let org: { id: number };
  let adminToken: string;
  const blocked = 'blocked@example.com';

  beforeAll(async () => {
    // A relay that answers one mailbox with a transient refusal: that mail waits and retries (delivery failing).
    catcher = await startSmtpCatcher({ refuse: (to) => (to === blocked ? { code: 451, message: 'Try again later' } : null) });
    t = await createTestApp({ SMTP_URL: catcher.url, MAIL_POLL_MS: '60000' });
    org = await buildOrganization(t.db, { name: 'Org M' });
    adminToken = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
      organizationId: org.id,
    });
  });
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  it('SMTP delivering: the mail goes out and no link is ever returned; failing: the link is handed over', async () => {
    const e = email();
    const res = await api(t.app, adminToken).post(`${M}/invite`, { email: e, name: 'Mailed', sub_account_roles: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invitation).toEqual({ sent_to: e, delivery: 'smtp' });
    expect(res.body).not.toContain('token=');
    await t.app.mailer.drain();
    expect((await catcher.next(e)).subject).toBeTruthy();
    const resent = await api(t.app, adminToken).post(`${M}/${res.json().member.admin_id}/invitation`, {});
    expect(resent.json()).toEqual({ sent_to: e, delivery: 'smtp' });

    // A mail fails (451) and waits for its retry: delivery is failing, the next invitation hands its link over.
    const first = await api(t.app, adminToken).post(`${M}/invite`, { email: blocked, name: 'Blocked', sub_account_roles: [] });
    expect(first.json().invitation.delivery).toBe('smtp');
    await t.app.mailer.drain();
    const e2 = email();
    const failing = await api(t.app, adminToken).post(`${M}/invite`, { email: e2, name: 'Handed', sub_account_roles: [] });
    expect(failing.json().invitation).toMatchObject({ sent_to: e2, delivery: 'failing', handover: { link: expect.any(String) } });
    const status = await api(t.app, adminToken).get(`${M}/index?per_page=100`);
    const blockedRow = status.json().data.find((m: { email: string }) => m.email === blocked);
    expect(blockedRow.invitation).toMatchObject({ state: 'pending', mail_status: 'pending' });
  });
});
