import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { CERTIFICATE_REMINDER_JOB } from '../certificate-reminder/reminder-job.ts';
import { toExportStaff } from '../staff-excel/staff-excel.service.ts';
import { certificatesOf } from './staff-certificate.repository.ts';
import { buildCertificateType } from './staff.test-helpers.ts';

/**
 * Issue 36 §4: the latest certificate of each type decides a worker's standing (isCurrentCertificate).
 * A renewed worker (an expired safety certificate kept as history and a new one valid for years) is
 * valid on every screen: the staff record, the list's filters, the overview's expiry check, the
 * compliance page and the reminder.
 */
let t: TestApp;
let token: string;
let orgId: number;
const ids: Record<string, number> = {};
const S = '/api/admin/organization/staff';
const today = todayInTaipei();

beforeAll(async () => {
  // Due at any hour: the test runs the job now, never from a UTC "today".
  t = await createTestApp({ CERTIFICATE_REMINDER_TIME: '00:00' });
  const org = await buildOrganization(t.db);
  orgId = org.id;
  token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: org.id,
  });
  const safety = await buildCertificateType(t.db, org.id);
  const mk = async (name: string, expiries: string[]) => {
    const res = await api(t.app, token).post(S, {
      name,
      certificates: expiries.map((expires_at) => ({ certificate_type_id: safety.id, expires_at })),
    });
    expect(res.statusCode, res.body).toBe(200);
    ids[name] = res.json().id;
  };
  // The old row first, the renewal after it (the case of the issue).
  await mk('Renewed', [addDays(today, -40), addDays(today, 1000)]);
  // An old certificate entered after the renewal: the latest expiry still decides, not the newest row.
  await mk('HistoryAddedLater', [addDays(today, 1000), addDays(today, -40)]);
  await mk('Lapsed', [addDays(today, -5)]);
  // Renewed onto a certificate that is itself about to expire.
  await mk('RenewedSoon', [addDays(today, -40), addDays(today, 10)]);
});
afterAll(async () => {
  await t?.close();
});

describe('a renewed certificate', () => {
  it('makes the staff record valid and shows the old certificate as superseded', async () => {
    const res = await api(t.app, token).get(`${S}/${ids.Renewed}`);
    expect(res.statusCode, res.body).toBe(200);
    const staff = res.json();
    expect(staff.certificate_status).toBe('valid');
    expect(staff.certificates.map((c: any) => [c.expires_at, c.status, c.superseded])).toEqual([
      [addDays(today, -40), 'expired', true],
      [addDays(today, 1000), 'valid', false],
    ]);
    const later = (await api(t.app, token).get(`${S}/${ids.HistoryAddedLater}`)).json();
    expect(later.certificate_status).toBe('valid');
    expect(later.certificates.map((c: any) => c.superseded)).toEqual([false, true]);
    expect((await api(t.app, token).get(`${S}/${ids.RenewedSoon}`)).json().certificate_status).toBe('expiring');
  });

  it("keeps the worker out of the list's attention filter and counts only the current certificate", async () => {
    const names = async (q: string) =>
      (await api(t.app, token).get(`${S}/index?${q}`))
        .json()
        .data.map((s: any) => s.name)
        .sort();
    expect(await names('certificate_status=attention')).toEqual(['Lapsed', 'RenewedSoon']);
    expect(await names('certificate_status=expired')).toEqual(['Lapsed']);
    expect(await names('certificate_status=expiring')).toEqual(['RenewedSoon']);
    expect(await names('certificate_status=valid')).toEqual(['HistoryAddedLater', 'Renewed']);
    const list = (await api(t.app, token).get(`${S}/index`)).json().data;
    const renewed = list.find((s: any) => s.name === 'Renewed');
    expect(renewed).toMatchObject({ certificate_status: 'valid', expired_count: 0, expiring_count: 0, certificate_count: 1 });
  });

  it("is not counted by the overview's expiry check", async () => {
    const res = (await api(t.app, token).get(`${S}/check-expiration-of-certificates?days=30`)).json();
    expect(res).toMatchObject({ expired_count: 1, expiring_count: 1, staff_count: 2, truncated: false });
    expect(res.data.map((d: any) => [d.staff_name, d.status])).toEqual([
      ['Lapsed', 'expired'],
      ['RenewedSoon', 'expiring'],
    ]);
  });

  it('exports only the current certificate of each type', async () => {
    const id = ids.HistoryAddedLater!;
    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const exported = toExportStaff(row, await certificatesOf(t.db, [id]));
    expect(exported.certificates.map((c) => c.expires_at)).toEqual([addDays(today, 1000)]);
  });

  it('counts as valid on the compliance page and in the reminder', async () => {
    const compliance = (await api(t.app, token).get('/api/admin/certificate-reminder/compliance')).json();
    expect(compliance.data.map((r: any) => [r.valid, r.expiring, r.expired, r.missing])).toEqual([[2, 1, 1, 0]]);

    expect(await t.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB)).toBe('ran');
    const sent = await t.db.selectFrom('certificate_reminders').selectAll().where('organization_id', '=', orgId).execute();
    expect(sent.map((r) => [r.expired_count, r.expiring_count])).toEqual([[1, 1]]);
  });
});
