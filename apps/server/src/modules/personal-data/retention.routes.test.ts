import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';
import { ANONYMISED_NAME } from './personal-data.repository.ts';
import { RETENTION_JOB } from './retention-job.ts';
import { addYears } from './retention.ts';

/** The fixed clock of these tests: 2026-12-01 09:00 in Taipei (never a UTC "today"). */
const DAY = '2026-12-01';
const AT = new Date(`${DAY}T09:00:00+08:00`);
const PREVIEW = '/api/admin/personal-data/retention/preview';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp({ PERSONAL_DATA_RETENTION_TIME: '00:00' });
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
});
afterAll(async () => {
  await t?.close();
});

/** A valid national ID of a letter A, unique per call (the check digit as isTaiwanNationalId wants it). */
let serial = 2000000;
function nationalId(): string {
  const digits = `1${++serial}`.split('').map(Number);
  const sum = 1 + digits.reduce((n, d, i) => n + d * (8 - i), 0);
  return `A${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

async function departed(organizationId: number, name: string, leftOn: string | null, status = 'left') {
  const s = await buildStaff(t.db, organizationId, { name, status, national_id: nationalId() }, t.app.config);
  await t.db
    .updateTable('staff')
    .set({ left_on: leftOn, address: '台北市信義區', emergency_phone: '0911222333' })
    .where('id', '=', s.id)
    .execute();
  return s.id;
}

const setRetention = (body: Record<string, unknown>) =>
  api(t.app, superToken).put('/api/admin/app-config/app/update', { personalDataRetention: body });

describe('retention of departed staff', () => {
  it('anonymises exactly the records its preview listed, each audited, and the next run finds nothing', async () => {
    const org = await buildOrganization(t.db);
    const cutoff = addYears(DAY, -5); // 2021-12-01: leaving on this day keeps the record until today
    const pastPeriod = [await departed(org.id, '王大明', '2021-11-30'), await departed(org.id, '林小華', '2015-03-01')];
    const keptToday = await departed(org.id, '陳一', cutoff);
    const recent = await departed(org.id, '張二', '2026-11-01');
    const working = await departed(org.id, '李三', '2010-01-01', 'active');

    const preview = await api(t.app, superToken).get(`${PREVIEW}?day=${DAY}`);
    expect(preview.statusCode).toBe(200);
    const listed = preview.json().items.map((i: { staff_id: number }) => i.staff_id);
    expect(listed).toEqual(expect.arrayContaining(pastPeriod));
    expect(listed).not.toEqual(expect.arrayContaining([keptToday]));
    expect(listed).not.toContain(recent);
    expect(listed).not.toContain(working);
    const item = preview.json().items.find((i: { staff_id: number }) => i.staff_id === pastPeriod[0]);
    expect(item).toMatchObject({ name: '王○○', left_on: '2021-11-30', kept_until: '2026-11-30', action: 'anonymise' });
    expect(preview.json().rules.find((r: { id: string }) => r.id === 'departed-staff')).toMatchObject({ years: 5, minimum_years: 5 });

    expect(await t.app.dailyJobs.runIfDue(RETENTION_JOB, AT)).toBe('ran');
    const run = await t.db.selectFrom('job_runs').select('detail').where('job', '=', RETENTION_JOB).executeTakeFirstOrThrow();
    expect(JSON.parse(run.detail!).staff_ids).toEqual(listed);

    const anonymised = await t.db.selectFrom('staff').selectAll().where('anonymised_at', 'is not', null).execute();
    expect(anonymised.map((s) => s.id).sort()).toEqual([...listed].sort());
    for (const s of anonymised.filter((r) => pastPeriod.includes(r.id)))
      expect(s).toMatchObject({
        name: ANONYMISED_NAME,
        national_id_enc: null,
        national_id_bidx: null,
        national_id_masked: null,
        blood_type_enc: null,
        address: null,
        emergency_phone: null,
        mobile: null,
      });
    const untouched = await t.db
      .selectFrom('staff')
      .select(['id', 'national_id_enc'])
      .where('id', 'in', [keptToday, recent, working])
      .execute();
    expect(untouched.every((s) => s.national_id_enc !== null)).toBe(true);

    const entries = await t.db
      .selectFrom('audit_logs')
      .select(['target_type', 'action', 'target_id', 'after', 'organization_id'])
      .where('user_agent', '=', RETENTION_JOB)
      .execute();
    const perRecord = entries.filter((e) => e.target_type === 'staff' && e.action === 'anonymise');
    expect(perRecord.map((e) => Number(e.target_id)).sort()).toEqual([...listed].sort());
    expect(perRecord.find((e) => Number(e.target_id) === pastPeriod[0])?.organization_id).toBe(org.id);
    // The entries name what happened, never the values that went.
    expect(entries.map((e) => e.after).join(' ')).not.toContain('台北市信義區');
    const summary = entries.filter((e) => e.target_type === 'personal_data');
    expect(summary.flatMap((e) => JSON.parse(e.after!).staff_ids)).toEqual(listed);

    const next = await api(t.app, superToken).get(`${PREVIEW}?day=2026-12-02`);
    expect(next.json().items.map((i: { staff_id: number }) => i.staff_id)).toEqual([keptToday]);
  });

  it("lets go of a departed worker's evidence too: sealed numbers and health values, scans, and the scans kept for the history", async () => {
    const org = await buildOrganization(t.db);
    const anonymised = await departed(org.id, '錢五', '2019-01-01');
    const at = new Date().toISOString();
    const scan = async (key: string) => {
      await t.app.storage.put(key, Buffer.from('%PDF-1.4 scan'), { contentType: 'application/pdf' });
      return { file_key: key, file_name: 'scan.pdf', file_type: 'application/pdf', file_size: 13 };
    };
    const own = { organization_id: org.id, staff_id: anonymised, created_at: at, updated_at: at };
    const training = await t.db
      .insertInto('staff_trainings')
      .values({
        ...own,
        course_kind: 'general',
        course_name: '一般安全衛生教育訓練',
        completed_on: '2018-05-01',
        card_number_enc: 'sealed',
        card_number_masked: 'AB***12',
        ...(await scan('evidence/t1.pdf')),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('staff_health_checks')
      .values({
        ...own,
        check_kind: 'general',
        checked_on: '2022-06-01',
        result_grade_enc: 'sealed',
        notes_enc: 'sealed',
        ...(await scan('evidence/h1.pdf')),
      })
      .execute();
    await t.db
      .insertInto('staff_migrant_documents')
      .values({ ...own, document: 'residence_permit', number_enc: 'sealed', number_masked: 'A***9', ...(await scan('evidence/m1.pdf')) })
      .execute();
    // The scan this training had before a replacement, kept for the history.
    await t.app.storage.put('evidence/t0.pdf', Buffer.from('%PDF-1.4 old'));
    await t.db
      .insertInto('kept_files')
      .values({
        storage_key: 'evidence/t0.pdf',
        origin_table: 'staff_trainings',
        origin_id: training.id,
        organization_id: org.id,
        kept_at: at,
        keep_until: '2099-01-01T00:00:00Z',
      })
      .execute();

    await t.db.deleteFrom('job_runs').where('job', '=', RETENTION_JOB).execute();
    expect(await t.app.dailyJobs.runIfDue(RETENTION_JOB, AT)).toBe('ran');

    const trainings = await t.db.selectFrom('staff_trainings').selectAll().where('staff_id', '=', anonymised).execute();
    expect(trainings).toEqual([
      expect.objectContaining({
        course_kind: 'general',
        completed_on: '2018-05-01',
        card_number_enc: null,
        card_number_masked: null,
        file_key: null,
      }),
    ]);
    const checks = await t.db.selectFrom('staff_health_checks').selectAll().where('staff_id', '=', anonymised).execute();
    expect(checks).toEqual([
      expect.objectContaining({ checked_on: '2022-06-01', result_grade_enc: null, notes_enc: null, file_key: null }),
    ]);
    const documents = await t.db.selectFrom('staff_migrant_documents').selectAll().where('staff_id', '=', anonymised).execute();
    expect(documents).toEqual([expect.objectContaining({ number_enc: null, number_masked: null, file_key: null })]);
    for (const key of ['evidence/t1.pdf', 'evidence/h1.pdf', 'evidence/m1.pdf', 'evidence/t0.pdf'])
      await vi.waitFor(async () => expect(await t.app.storage.exists(key), key).toBe(false));
    expect(await t.db.selectFrom('kept_files').select('id').where('storage_key', '=', 'evidence/t0.pdf').execute()).toEqual([]);
  });

  it('erases instead when the company chose it, and the settings change is audited', async () => {
    const org = await buildOrganization(t.db);
    const gone = await departed(org.id, '趙四', '2020-01-01');
    const at = new Date().toISOString();
    await t.app.storage.put('evidence/gone.pdf', Buffer.from('%PDF-1.4 scan'));
    await t.db
      .insertInto('staff_trainings')
      .values({
        organization_id: org.id,
        staff_id: gone,
        course_kind: 'general',
        course_name: '一般安全衛生教育訓練',
        completed_on: '2019-05-01',
        file_key: 'evidence/gone.pdf',
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect(
      (await setRetention({ departedStaffYears: 6, departedStaffAction: 'erase', generalHealthYears: 7, specialHealthYears: 10 }))
        .statusCode,
    ).toBe(200);
    const entry = await t.db
      .selectFrom('audit_logs')
      .select('after')
      .where('target_type', '=', 'app_config')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!).personalDataRetention).toMatchObject({ departedStaffYears: 6, departedStaffAction: 'erase' });

    const day = '2026-12-03';
    const listed = (await api(t.app, superToken).get(`${PREVIEW}?day=${day}`)).json().items;
    expect(listed.map((i: { staff_id: number }) => i.staff_id)).toEqual([gone]);
    expect(listed[0]).toMatchObject({ action: 'erase', kept_until: '2026-01-01' });
    expect(await t.app.dailyJobs.runIfDue(RETENTION_JOB, new Date(`${day}T09:00:00+08:00`))).toBe('ran');
    expect(await t.db.selectFrom('staff').select('id').where('id', '=', gone).executeTakeFirst()).toBeUndefined();
    // Its evidence went with it, scans included (no object is left in storage without its row).
    expect(await t.db.selectFrom('staff_trainings').select('id').where('staff_id', '=', gone).execute()).toEqual([]);
    await vi.waitFor(async () => expect(await t.app.storage.exists('evidence/gone.pdf')).toBe(false));
    const erased = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'staff')
      .where('target_id', '=', String(gone))
      .execute();
    expect(erased.map((e) => e.action)).toContain('erase');
    await setRetention({ departedStaffYears: 5, departedStaffAction: 'anonymise', generalHealthYears: 7, specialHealthYears: 10 });
  });

  it('refuses periods shorter than the law allows, naming the field', async () => {
    const short = await setRetention({
      departedStaffYears: 4,
      departedStaffAction: 'anonymise',
      generalHealthYears: 6,
      specialHealthYears: 10,
    });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().errors)).toEqual(
      expect.arrayContaining(['personalDataRetention.departedStaffYears', 'personalDataRetention.generalHealthYears']),
    );
  });

  it('shows the preview to super admins only, and refuses a day that is not one', async () => {
    const org = await buildOrganization(t.db);
    const orgAdmin = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
      organizationId: org.id,
    });
    expect((await api(t.app, orgAdmin).get(PREVIEW)).statusCode).toBe(403);
    expect((await api(t.app, orgAdmin).get('/api/admin/personal-data/inventory')).statusCode).toBe(403);
    expect((await api(t.app, superToken).get(`${PREVIEW}?day=2026-02-30`)).statusCode).toBe(400);
  });
});

describe('a staff leaving', () => {
  it('records the day the status became left, and clears it when they come back', async () => {
    const org = await buildOrganization(t.db);
    const writer = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    const s = await buildStaff(t.db, org.id);
    const leftOn = async () => (await t.db.selectFrom('staff').select('left_on').where('id', '=', s.id).executeTakeFirstOrThrow()).left_on;
    expect((await api(t.app, writer).patch(`/api/admin/organization/staff/${s.id}`, { field: 'status', value: 'left' })).statusCode).toBe(
      200,
    );
    expect(await leftOn()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await api(t.app, writer).patch(`/api/admin/organization/staff/${s.id}`, { field: 'status', value: 'active' })).statusCode).toBe(
      200,
    );
    expect(await leftOn()).toBeNull();
  });
});
