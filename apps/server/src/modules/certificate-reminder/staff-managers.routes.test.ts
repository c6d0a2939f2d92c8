import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@bo/shared/dates';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { buildCertificateType, buildStaff } from '../staff/staff.test-helpers.ts';
import { sendCertificateReminders } from './reminder-job.ts';

/**
 * Issue 26: company-wide staff managers (ROLE_STAFF, member of no organization) read every
 * organization's certificate compliance and expiry check, and get its reminders when the app config says so.
 */
let t: TestApp;
let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, CERTIFICATE_REMINDER_TIME: '00:00' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

// A fixed day: the job is called with it, and certificates expire relative to it (never a UTC "today").
const DAY = '2031-05-20';

async function organizationWithExpiring(day: string) {
  const org = await buildOrganization(t.db);
  const type = await buildCertificateType(t.db, org.id, '施工安全證');
  const person = await buildStaff(t.db, org.id, { name: '快到期' });
  const stamp = new Date().toISOString();
  await t.db
    .insertInto('staff_certificates')
    .values({
      organization_id: org.id,
      staff_id: person.id,
      certificate_type_id: type.id,
      number: null,
      issued_at: null,
      expires_at: addDays(day, 5),
      file_key: null,
      file_name: null,
      file_type: null,
      file_size: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return org;
}

const queuedTo = (email: string) => t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();

describe('a company-wide staff manager', () => {
  it("reads every organization's compliance and expiry check, member of none, and writes nothing there", async () => {
    const a = await organizationWithExpiring(DAY);
    const b = await buildOrganization(t.db);
    const manager = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_STAFF'] }));
    for (const org of [a, b]) {
      const compliance = await api(t.app, manager).get(`/api/admin/certificate-reminder/compliance?organization_id=${org.id}`);
      expect(compliance.statusCode).toBe(200);
      expect(compliance.json().staff_total).toBe(org.id === a.id ? 1 : 0);
      const expiry = await api(t.app, manager).get(
        `/api/admin/organization/staff/check-expiration-of-certificates?organization_id=${org.id}&days=30`,
      );
      expect(expiry.statusCode).toBe(200);
    }
    const exported = await api(t.app, manager).get(`/api/admin/certificate-reminder/compliance/export?organization_id=${a.id}`);
    expect(exported.statusCode).toBe(200);
    // Reads only: the organization's settings and writes stay its admins' (not a member: refused).
    expect((await api(t.app, manager).get(`/api/admin/certificate-reminder/settings?organization_id=${a.id}`)).statusCode).toBe(403);
    expect((await api(t.app, manager).get(`/api/admin/organization/staff/index?organization_id=${a.id}`)).statusCode).toBe(403);
  });

  it('is the only one of those who are no member: an organization reader or a photo manager gets no other organization', async () => {
    const a = await buildOrganization(t.db);
    const b = await buildOrganization(t.db);
    const reader = await login(t.app, await buildAdmin(t.db, { memberships: { [a.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }));
    expect((await api(t.app, reader).get(`/api/admin/certificate-reminder/compliance?organization_id=${a.id}`)).statusCode).toBe(200);
    expect((await api(t.app, reader).get(`/api/admin/certificate-reminder/compliance?organization_id=${b.id}`)).statusCode).toBe(403);
    const photo = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO'] }));
    const res = await api(t.app, photo).get(`/api/admin/certificate-reminder/compliance?organization_id=${a.id}`);
    expect(res.statusCode).toBe(403);
    const member = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO'], memberships: { [a.id]: [] } }), {
      organizationId: a.id,
    });
    const refused = await api(t.app, member).get(`/api/admin/certificate-reminder/compliance?organization_id=${a.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'permission.role_missing', granted_by: ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'] });
  });
});

describe('certificate reminders to staff managers', () => {
  it('go to ROLE_STAFF holders only while the super admin turns the setting on (mailed over SMTP)', async () => {
    const superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
    const manager = await buildAdmin(t.db, { roles: ['ROLE_STAFF'], name: '總公司人事' });
    const retired = await buildAdmin(t.db, { roles: ['ROLE_STAFF'], status: 'disabled' });
    const org = await organizationWithExpiring(DAY);

    // Off by default: the organization's own staff managers only.
    expect((await api(t.app).get('/api/settings')).json().config.certificateRemindersToStaffManagers).toBe(false);
    await sendCertificateReminders(t.app, DAY);
    expect(await queuedTo(manager.email)).toHaveLength(0);

    const bad = await api(t.app, superToken).put('/api/admin/app-config/app/update', { certificateRemindersToStaffManagers: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('certificateRemindersToStaffManagers');
    const on = await api(t.app, superToken).put('/api/admin/app-config/app/update', { certificateRemindersToStaffManagers: true });
    expect(on.statusCode).toBe(200);

    const next = addDays(DAY, 1);
    await sendCertificateReminders(t.app, next);
    // One digest per organization with certificates due (others of this file's organizations too).
    const recorded = await t.db
      .selectFrom('certificate_reminders')
      .select('organization_id')
      .where('run_key', '=', next)
      .where('recipient', '=', manager.email)
      .execute();
    expect(recorded.map((r) => r.organization_id)).toContain(org.id);
    const texts: string[] = [];
    for (const _ of recorded) texts.push((await catcher.next(manager.email)).text ?? '');
    const digest = texts.find((x) => x.includes(org.name));
    expect(digest).toContain('快到期');
    expect(digest).toContain('總公司人事');
    expect(await queuedTo(retired.email)).toHaveLength(0);
  });

  it('refuses the setting to anyone but a super admin', async () => {
    const manager = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_STAFF'] }));
    const res = await api(t.app, manager).put('/api/admin/app-config/app/update', { certificateRemindersToStaffManagers: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ required_roles: ['ROLE_SUPER_ADMIN'], granted_by: ['ROLE_SUPER_ADMIN'] });
  });
});
