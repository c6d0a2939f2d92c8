import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@bo/shared/dates';
import type { DueState } from '@bo/shared/compliance/vocabulary';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.ts';
import { startFakeLineApi } from '../../../test/fake-line-api.ts';
import { CERTIFICATE_REMINDER_JOB, sendCertificateReminders } from './reminder-job.ts';

// The reminder job over the sites' due items (issue 38 part 6, docs/compliance.md "Reminders"), on a fixed Taipei day.
const today = '2026-12-01';
const stamp = '2026-12-01T01:00:00.000Z';

let catcher: SmtpCatcher;
let t: TestApp;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ CERTIFICATE_REMINDER_TIME: '00:00', SMTP_URL: catcher.url, MAIL_POLL_MS: '100' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${today}T09:00:00+08:00`) });
});
afterEach(() => {
  vi.useRealTimers();
});

type Db = TestApp['db'];

/** An organization with two sites, a subcontractor with a contact e-mail and one without, and due items of each kind. */
async function seedOrganization(opts: { days?: number; db?: Db } = {}) {
  const db = opts.db ?? t.db;
  const org = await buildOrganization(db, { name: `營造${Math.random().toString(36).slice(2, 7)}` });
  await db
    .updateTable('organizations')
    .set({ certificate_reminder_days: opts.days ?? 30 })
    .where('id', '=', org.id)
    .execute();
  const ts = { created_at: stamp, updated_at: stamp };
  const contractor = (name: string, contact_email: string | null) =>
    db
      .insertInto('contractors')
      .values({
        organization_id: org.id,
        name,
        tax_id: null,
        contact_name: `${name}聯絡人`,
        contact_phone: null,
        contact_email,
        notes: null,
        ...ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const mailed = await contractor('永信工程行', `yongxin-${org.id}@example.com`);
  const silent = await contractor('無信箱工程行', null);
  const site = (name: string, status: 'active' | 'completed' = 'active') =>
    db
      .insertInto('sites')
      .values({
        organization_id: org.id,
        name,
        contract_number: null,
        address: null,
        starts_on: '2026-10-01',
        ends_on: null,
        status,
        director_staff_id: null,
        notes: null,
        ...ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const xinyi = await site('信義區住宅新建工程');
  const banqiao = await site('板橋廠房擴建');
  const done = await site('已完工工程', 'completed');
  const worker = (name: string, contractor_id: number | null, status = 'active') =>
    db
      .insertInto('staff')
      .values({ organization_id: org.id, name, status, contractor_id, ...ts } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
  const roster = (site_id: number, staff_id: number, ends_on: string | null = null) =>
    db
      .insertInto('site_roster')
      .values({ organization_id: org.id, site_id, staff_id, site_role: 'worker', starts_on: '2026-10-01', ends_on, ...ts })
      .returning('id')
      .executeTakeFirstOrThrow();
  const item = (
    site_id: number,
    roster_id: number,
    staff_id: number,
    contractor_id: number | null,
    rule_key: string,
    state: DueState,
    due_on: string | null = null,
    window_opens_on: string | null = null,
    reason?: { key: string; params: Record<string, string | number> },
  ) =>
    db
      .insertInto('compliance_due_items')
      .values({
        organization_id: org.id,
        site_id,
        roster_id,
        staff_id,
        contractor_id,
        rule_key,
        rule_version: 1,
        state,
        due_on,
        window_opens_on,
        reason_key: reason?.key ?? `compliance.reason.${rule_key}`,
        reason_params: JSON.stringify(reason?.params ?? {}),
        computed_at: stamp,
      })
      .execute();

  const own = await worker('王大同', null);
  const ownRow = await roster(xinyi.id, own.id);
  await item(xinyi.id, ownRow.id, own.id, null, 'periodic-health', 'dated', '2026-11-20', null, {
    key: 'compliance.reason.next_due_overdue',
    params: { last_on: '2023-11-20', months: 36, due_on: '2026-11-20', days_overdue: 11 },
  });
  await item(xinyi.id, ownRow.id, own.id, null, 'labour-insurance', 'satisfied');
  await item(xinyi.id, ownRow.id, own.id, null, 'general-training', 'cannot_tell');
  const sub = await worker('陳小明', mailed.id);
  const subRow = await roster(banqiao.id, sub.id);
  await item(banqiao.id, subRow.id, sub.id, mailed.id, 'general-training', 'missing');
  await item(banqiao.id, subRow.id, sub.id, mailed.id, 'migrant-health-6-18-30', 'dated', addDays(today, 10), addDays(today, -50));
  await item(banqiao.id, subRow.id, sub.id, mailed.id, 'migrant-permit', 'dated', addDays(today, 45));
  const other = await worker('林志強', silent.id);
  const otherRow = await roster(xinyi.id, other.id);
  await item(xinyi.id, otherRow.id, other.id, silent.id, 'labour-insurance', 'failed', '2026-10-01');
  const leaver = await worker('已離職', mailed.id, 'left');
  const leaverRow = await roster(banqiao.id, leaver.id);
  await item(banqiao.id, leaverRow.id, leaver.id, mailed.id, 'general-training', 'missing');
  const ended = await worker('已下工', null);
  const endedRow = await roster(xinyi.id, ended.id, '2026-11-30');
  await item(xinyi.id, endedRow.id, ended.id, null, 'general-training', 'missing');
  const elsewhere = await worker('完工人員', null);
  const doneRow = await roster(done.id, elsewhere.id);
  await item(done.id, doneRow.id, elsewhere.id, null, 'general-training', 'missing');

  const admin = await buildAdmin(db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } });
  const reader = await buildAdmin(db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } });
  return { org, admin, reader, mailedEmail: `yongxin-${org.id}@example.com` };
}

const complianceRows = (organizationId: number, db: Db = t.db) =>
  db
    .selectFrom('certificate_reminders')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'compliance')
    .orderBy('id')
    .execute();

describe("the daily reminder of the sites' due items", () => {
  it("mails the site office a digest grouped by site, and the subcontractor's contact its own workers' items, by SMTP", async () => {
    const { org, admin, reader, mailedEmail } = await seedOrganization();
    expect(await t.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB)).toBe('ran');

    const office = await catcher.next(admin.email);
    expect(office.subject).toBe(`${org.name}：4 項工地法規事項需要處理`);
    const text = office.text!;
    expect(text).toContain('【板橋廠房擴建】');
    expect(text).toContain('【信義區住宅新建工程】');
    // Each site's block holds its own items.
    const block = (site: string) => text.slice(text.indexOf(`【${site}】`)).split('【')[1]!;
    expect(block('板橋廠房擴建')).toContain('陳小明（永信工程行）｜一般安全衛生教育訓練｜缺少紀錄');
    expect(block('板橋廠房擴建')).not.toContain('王大同');
    expect(block('信義區住宅新建工程')).toContain('王大同');
    expect(block('信義區住宅新建工程')).not.toContain('陳小明');
    expect(text).toContain(
      `陳小明（永信工程行）｜移工入境後定期健康檢查｜剩 10 天（${addDays(today, 10)}，期間 ${addDays(today, -50)}～${addDays(today, 10)}）`,
    );
    expect(text).toContain(
      '王大同｜一般健康檢查｜已逾期 11 天（2026-11-20）：上次 2023-11-20，每 36 個月一次，期限 2026-11-20 已逾期 11 天',
    );
    expect(text).toContain('林志強（無信箱工程行）｜勞工保險及就業保險｜未符合規定（2026-10-01）');
    // Beyond the lead time, met, undecidable, left, off the roster, or on a completed site: not named.
    for (const absent of ['聘僱許可', '王大同｜一般安全衛生教育訓練', '已離職', '已下工', '完工人員', '已完工工程'])
      expect(text).not.toContain(absent);
    expect(office.html).toContain('/admin/compliance');

    const contact = await catcher.next(mailedEmail);
    expect(contact.subject).toBe(`${org.name}：永信工程行 有 2 項人員法規事項需要處理`);
    expect(contact.text).toContain('永信工程行聯絡人 您好');
    expect(contact.text).toContain('【板橋廠房擴建】');
    expect(contact.text).not.toContain('王大同');
    expect(contact.text).not.toContain('林志強');
    expect(contact.html).not.toContain('/admin/');

    const rows = await complianceRows(org.id);
    expect(rows.map((r) => [r.recipient, r.admin_id, r.expired_count, r.expiring_count, r.run_key, r.channel])).toEqual([
      [admin.email, admin.id, 3, 1, today, 'mail'],
      [mailedEmail, null, 1, 1, today, 'mail'],
    ]);
    expect(catcher.mails.some((m) => [m.to].flat().some((a) => a?.text.includes(reader.email)))).toBe(false);

    // The organization's history names the compliance digests with their kind.
    const token = await login(t.app, admin, { organizationId: org.id });
    const list = await api(t.app, token).get('/api/admin/certificate-reminder/index');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: any) => [r.kind, r.recipient])).toEqual(
      expect.arrayContaining([
        ['compliance', admin.email],
        ['compliance', mailedEmail],
      ]),
    );
  });

  it('sends nothing twice for the same day, even when the run is taken again', async () => {
    const { org, admin } = await seedOrganization();
    await t.db.deleteFrom('job_runs').execute();
    expect(await t.app.dailyJobs.runIfDue(CERTIFICATE_REMINDER_JOB)).toBe('ran');
    await catcher.next(admin.email);
    // A run for the same day again (after a failure, or by hand): the organization was reminded already.
    await sendCertificateReminders(t.app, today);
    expect(await complianceRows(org.id)).toHaveLength(2);
    const mails = await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', admin.email).execute();
    expect(mails).toHaveLength(1);
    // The next day is a new digest.
    await sendCertificateReminders(t.app, addDays(today, 1));
    expect((await complianceRows(org.id)).map((r) => r.run_key)).toEqual([today, today, addDays(today, 1), addDays(today, 1)]);
  });

  it("looks as far ahead as the organization's lead time", async () => {
    const { org, admin } = await seedOrganization({ days: 60 });
    await sendCertificateReminders(t.app, today);
    const office = await catcher.next(admin.email);
    expect(office.subject).toBe(`${org.name}：5 項工地法規事項需要處理`);
    expect(office.text).toContain(`陳小明（永信工程行）｜聘僱許可｜剩 45 天（${addDays(today, 45)}）`);
  });

  it("takes the subcontractor contact's e-mail on the contractor, and refuses one that is no e-mail", async () => {
    const { org, admin } = await seedOrganization();
    const token = await login(t.app, admin, { organizationId: org.id });
    const created = await api(t.app, token).post('/api/admin/organization/contractors', {
      name: '大興工程行',
      contact_email: ' lin@example.com ',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: '大興工程行', contact_email: 'lin@example.com' });
    const bad = await api(t.app, token).post('/api/admin/organization/contractors', { name: '壞信箱工程行', contact_email: 'not-mail' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ contact_email: ['validate.error.email_incorrect'] });
  });

  it('shows the days in 民國 to a reader who chose it on the profile', async () => {
    const { admin } = await seedOrganization();
    await t.db.updateTable('admins').set({ date_calendar: 'roc' }).where('id', '=', admin.id).execute();
    await sendCertificateReminders(t.app, today);
    const office = await catcher.next(admin.email);
    expect(office.text).toContain(
      '王大同｜一般健康檢查｜已逾期 11 天（115/11/20）：上次 112/11/20，每 36 個月一次，期限 115/11/20 已逾期 11 天',
    );
  });

  it('pushes the digest to the organization’s LINE target where LINE is set up', async () => {
    const line = await startFakeLineApi();
    const app = await createTestApp({
      CERTIFICATE_REMINDER_TIME: '00:00',
      LINE_MESSAGING_ACCESS_TOKEN: line.token,
      LINE_MESSAGING_API_URL: line.url,
    });
    try {
      const { org } = await seedOrganization({ db: app.db });
      const group = `C${'ef'.repeat(16)}`;
      await app.db.updateTable('organizations').set({ certificate_reminder_line_target: group }).where('id', '=', org.id).execute();
      await sendCertificateReminders(app.app, today);
      expect(line.pushed).toHaveLength(1);
      const pushed = line.pushed[0]!.messages[0]!.text;
      expect(pushed).toContain(`${org.name}：4 項工地法規事項已逾期、缺少紀錄或將在 30 天內到期`);
      expect(pushed).toContain('【信義區住宅新建工程】');
      const rows = await complianceRows(org.id, app.db);
      expect(rows.filter((r) => r.channel === 'line').map((r) => [r.recipient, r.status, r.expired_count, r.expiring_count])).toEqual([
        [group, 'sent', 3, 1],
      ]);
    } finally {
      await app.close();
      await line.close();
    }
  });
});
