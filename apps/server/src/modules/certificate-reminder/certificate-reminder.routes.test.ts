import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInTaipei } from '@bo/shared/dates';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { DailyJobs } from '../../lib/jobs/daily-jobs.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { openBody } from '../../lib/mail/outbox.ts';
import { certificateReminderJob, CERTIFICATE_REMINDER_JOB } from './reminder-job.ts';
import { startFakeLineApi } from '../../../test/fake-line-api.ts';

let t: TestApp;
beforeAll(async () => {
  // Due at any hour: the tests choose the instant (runIfDue's `now`), never a UTC "today".
  t = await createTestApp({ CERTIFICATE_REMINDER_TIME: '00:00' });
});
afterAll(async () => {
  await t?.close();
});

const today = todayInTaipei();
const stamp = new Date().toISOString();

async function seedOrganization(days = 30, db = t.db) {
  const org = await buildOrganization(db);
  await db.updateTable('organizations').set({ certificate_reminder_days: days }).where('id', '=', org.id).execute();
  const type = (name: string, sort: number) =>
    db
      .insertInto('certificate_types')
      .values({ organization_id: org.id, name, sort, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
  const safety = await type('施工安全證', 1);
  const height = await type('高空作業證', 2);
  const person = (name: string, status = 'active') =>
    db
      .insertInto('staff')
      .values({ organization_id: org.id, name, status, created_at: stamp, updated_at: stamp } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
  const cert = (staff_id: number, certificate_type_id: number, expires_at: string | null) =>
    db
      .insertInto('staff_certificates')
      .values({
        organization_id: org.id,
        staff_id,
        certificate_type_id,
        number: null,
        issued_at: null,
        expires_at,
        file_key: null,
        file_name: null,
        file_type: null,
        file_size: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  const renewed = await person('已換證');
  await cert(renewed.id, safety.id, addDays(today, -3));
  await cert(renewed.id, safety.id, addDays(today, 400));
  const expiring = await person('快到期');
  await cert(expiring.id, safety.id, addDays(today, 10));
  const expired = await person('已過期');
  await cert(expired.id, safety.id, addDays(today, -3));
  await cert(expired.id, height.id, null);
  const left = await person('已離職', 'left');
  await cert(left.id, safety.id, addDays(today, -30));
  await person('沒證照');

  const admin = await buildAdmin(db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
  const writer = await buildAdmin(db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } });
  const reader = await buildAdmin(db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
  const disabled = await buildAdmin(db, { status: 'disabled', memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
  return { org, admin, writer, reader, disabled };
}

const mailsTo = (email: string) => t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();

describe('the daily certificate reminder', () => {
  it("mails each staff manager a digest of the organization's expired and expiring certificates, once a day", async () => {
    const { org, admin, writer, reader, disabled } = await seedOrganization();
    const outcome = await t.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB);
    expect(outcome).toBe('ran');
    expect(await t.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB)).toBe('taken');

    for (const who of [admin, writer]) {
      const [mail, ...more] = await mailsTo(who.email);
      expect(more).toHaveLength(0);
      expect(mail!.template).toBe('certificate_expiry');
      expect(mail!.subject).toContain('2 張證照');
      const body = openBody(t.app.config, mail!.body)!;
      expect(body.text).toContain(`快到期｜施工安全證｜${addDays(today, 10)}（剩 10 天）`);
      expect(body.text).toContain(`已過期｜施工安全證｜${addDays(today, -3)}（已過期 3 天）`);
      expect(body.text).not.toContain('已換證');
      expect(body.text).not.toContain('已離職');
      expect(body.html).toContain('<br>');
    }
    expect(await mailsTo(reader.email)).toHaveLength(0);
    expect(await mailsTo(disabled.email)).toHaveLength(0);

    const rows = await t.db.selectFrom('certificate_reminders').selectAll().where('organization_id', '=', org.id).execute();
    expect(rows.map((r) => [r.recipient, r.expired_count, r.expiring_count, r.run_key])).toEqual([
      [admin.email, 1, 1, today],
      [writer.email, 1, 1, today],
    ]);
    const run = await t.db.selectFrom('job_runs').selectAll().where('job', '=', CERTIFICATE_REMINDER_JOB).executeTakeFirstOrThrow();
    expect(run.status).toBe('done');
  });

  it('sends once when several instances run it at the same moment', async () => {
    const { admin } = await seedOrganization();
    await t.db.deleteFrom('job_runs').execute();
    await t.db.deleteFrom('certificate_reminders').execute();
    const instance = () => {
      const jobs = new DailyJobs(systemContexts(t.app, 'daily-jobs'), t.app.log, 0);
      jobs.add(certificateReminderJob(t.app));
      return jobs;
    };
    const outcomes = await Promise.all([1, 2, 3].map(() => instance().runIfDue(CERTIFICATE_REMINDER_JOB)));
    expect(outcomes.sort()).toEqual(['ran', 'taken', 'taken']);
    expect(await mailsTo(admin.email)).toHaveLength(1);
  });

  it('waits for its Taipei time, and is off when configured off', async () => {
    const at8 = await createTestApp({ CERTIFICATE_REMINDER_TIME: '08:00' });
    const off = await createTestApp({ CERTIFICATE_REMINDER_TIME: 'off' });
    try {
      const taipei = (hhmm: string) => new Date(`${today}T${hhmm}:00+08:00`);
      expect(await at8.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB, taipei('07:59'))).toBe('not_due');
      expect(await at8.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB, taipei('08:00'))).toBe('ran');
      // A Taipei day starts at 16:00 UTC: the next run is for the next Taipei day.
      expect(await at8.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB, taipei('23:59'))).toBe('taken');
      const keys = await at8.db.selectFrom('job_runs').select('run_key').execute();
      expect(keys).toEqual([{ run_key: today }]);
      expect(await off.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB)).toBe('off');
    } finally {
      await at8.close();
      await off.close();
    }
  });
});

describe('reminder settings, history and compliance', () => {
  it('lets the organization admin set the window (audited) and refuses a window out of range', async () => {
    const { org, admin, reader } = await seedOrganization();
    const token = await login(t.app, admin, { organizationId: org.id });
    const url = '/api/admin/certificate-reminder/settings';
    expect((await api(t.app, token).get(url)).json()).toEqual({ days: 30, line_target: null, line_configured: false, version: 0 });
    for (const days of [0, 366, 1.5]) {
      const bad = await api(t.app, token).put(url, { days });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ days: ['validate.error.invalid'] });
    }
    const ok = await api(t.app, token).put(url, { days: 5, organization_id: org.id });
    expect(ok.json()).toEqual({ days: 5, line_target: null, line_configured: false });
    const badLine = await api(t.app, token).put(url, { days: 5, line_target: 'group-1' });
    expect(badLine.json().errors).toEqual({ line_target: ['validate.error.invalid'] });
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['before', 'after'])
      .where('target_type', '=', 'organization')
      .where('target_id', '=', String(org.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toEqual({ certificate_reminder_days: 5, certificate_reminder_line_target: null });
    // A staff reader sees compliance but not the settings.
    const readerToken = await login(t.app, reader, { organizationId: org.id });
    expect((await api(t.app, readerToken).put(url, { days: 9 })).statusCode).toBe(403);
    expect((await api(t.app, readerToken).get('/api/admin/certificate-reminder/compliance')).statusCode).toBe(200);
  });

  it('counts compliance by type (renewals supersede, leavers do not count) and exports it as a workbook', async () => {
    const { org, admin } = await seedOrganization(30);
    const token = await login(t.app, admin, { organizationId: org.id });
    const res = await api(t.app, token).get('/api/admin/certificate-reminder/compliance');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ as_of: today, days: 30, staff_total: 4 });
    expect(res.json().data.map((r: any) => [r.name, r.valid, r.expiring, r.expired, r.missing])).toEqual([
      ['施工安全證', 1, 1, 1, 1],
      ['高空作業證', 1, 0, 0, 3],
    ]);

    const xlsx = await api(t.app, token).get('/api/admin/certificate-reminder/compliance/export');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as any);
    const summary = wb.worksheets[0]!;
    expect(summary.getRow(2).values).toEqual([undefined, '施工安全證', 1, 1, 1, 1]);
    const detail = wb.worksheets[1]!;
    expect(detail.rowCount).toBe(1 + 4);
  });

  it('lists the reminders sent, with the state of their mail, for this organization only', async () => {
    const { org, admin } = await seedOrganization();
    const other = await seedOrganization();
    await t.db.deleteFrom('job_runs').execute();
    await t.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB);
    const token = await login(t.app, admin, { organizationId: org.id });
    const list = await api(t.app, token).get('/api/admin/certificate-reminder/index');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(2);
    expect(list.json().data[0]).toMatchObject({ channel: 'mail', mail_status: 'pending', status: 'queued', run_key: today });
    expect(list.json().data.map((r: any) => r.recipient)).not.toContain(other.admin.email);
  });
});

describe('the reminder by LINE', () => {
  it("pushes the digest to the organization's LINE target when LINE is configured, and records a refusal without stopping", async () => {
    const line = await startFakeLineApi();
    const app = await createTestApp({
      CERTIFICATE_REMINDER_TIME: '00:00',
      LINE_MESSAGING_ACCESS_TOKEN: line.token,
      LINE_MESSAGING_API_URL: line.url,
    });
    try {
      const group = `C${'ab'.repeat(16)}`;
      const first = await seedOrganization(30, app.db);
      const second = await seedOrganization(30, app.db);
      const token = await login(app.app, first.admin, { organizationId: first.org.id });
      const set = await api(app.app, token).put('/api/admin/certificate-reminder/settings', { days: 30, line_target: group });
      expect(set.json()).toEqual({ days: 30, line_target: group, line_configured: true });
      await app.db
        .updateTable('organizations')
        .set({ certificate_reminder_line_target: `R${'cd'.repeat(16)}` })
        .where('id', '=', second.org.id)
        .execute();

      line.failNext(400, { message: 'The request body has 1 error(s)', details: [{ message: 'Invalid room', property: 'to' }] });
      // Organizations run in id order: the first push (the first organization's) is refused.
      expect(await app.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB)).toBe('ran');
      const rows = await app.db
        .selectFrom('certificate_reminders')
        .selectAll()
        .where('channel', '=', 'line')
        .orderBy('organization_id')
        .execute();
      expect(rows.map((r) => [r.organization_id, r.status])).toEqual([
        [first.org.id, 'failed'],
        [second.org.id, 'sent'],
      ]);
      expect(rows[0]!.error).toContain('Invalid room');
      expect(line.pushed).toHaveLength(1);
      expect(line.pushed[0]!.messages[0]!.text).toContain(`快到期｜施工安全證｜${addDays(today, 10)}`);
      // The mails went out all the same.
      expect(await app.db.selectFrom('mail_outbox').select('id').where('to_address', '=', first.admin.email).execute()).toHaveLength(1);
    } finally {
      await app.close();
      await line.close();
    }
  });
});
