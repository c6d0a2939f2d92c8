import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildCertificateType, upload } from '../staff/staff.test-helpers.ts';
import { sweepKeptFiles } from './kept-files-sweep.job.ts';

/**
 * Issue 36, history and restore: a record's audit entries field by field, its state as of a Taipei day,
 * and a restore through the record's own update (validation, scope, audit), on both databases. The
 * clock is fake (Date only): 2026-03-01 10:00 UTC is 18:00 in Taipei, 17:00 UTC the next Taipei day.
 */
let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let writerA: string;
let readerA: string;
let writerB: string;
let superToken: string;
const S = '/api/admin/organization/staff';
const H = '/api/admin/history/staff';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T10:00:00.000Z') });
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  admins = {
    writerA: await buildAdmin(t.db, { name: '王小明', memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }),
    readerA: await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }),
    writerB: await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }),
    super: await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }),
  };
});
let admins: Record<'writerA' | 'readerA' | 'writerB' | 'super', Awaited<ReturnType<typeof buildAdmin>>>;
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

/** Moves the clock and signs everyone in again (a session does not outlive days of fake time). */
async function at(iso: string) {
  vi.setSystemTime(new Date(iso));
  writerA = await login(t.app, admins.writerA, { organizationId: orgA.id });
  readerA = await login(t.app, admins.readerA, { organizationId: orgA.id });
  writerB = await login(t.app, admins.writerB, { organizationId: orgB.id });
  superToken = await login(t.app, admins.super);
}

async function staffWithScan(name: string) {
  const type = await buildCertificateType(t.db, orgA.id);
  const s = (
    await api(t.app, writerA).post(S, {
      name,
      job_title: '工地主任',
      certificates: [{ certificate_type_id: type.id, number: 'SAFE-1', expires_at: '2029-12-01' }],
    })
  ).json();
  const certId = s.certificates[0].id as number;
  const up = await upload(
    t.app,
    writerA,
    `${S}/${s.id}/certificates/${certId}/file`,
    {},
    { name: '證書.pdf', data: pdf, type: 'application/pdf' },
  );
  expect(up.statusCode, up.body).toBe(200);
  return { staff: up.json(), certId, type };
}

const inputOf = (s: any, over: Record<string, unknown> = {}) => ({
  name: s.name,
  job_title: s.job_title,
  mobile: s.mobile,
  certificates: s.certificates.map((c: any) => ({
    id: c.id,
    certificate_type_id: c.certificate_type_id,
    number: c.number,
    expires_at: c.expires_at,
  })),
  ...over,
});

describe('a staff record history', () => {
  it('lists each change newest first with who, when and the fields changed, and the state as of a Taipei day', async () => {
    await at('2026-03-01T10:00:00.000Z');
    const { staff } = await staffWithScan('王大明');
    await at('2026-03-01T17:00:00.000Z'); // 01:00 on 2026-03-02 in Taipei
    const put = await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(staff, { job_title: '領班' }));
    expect(put.statusCode, put.body).toBe(200);

    const res = await api(t.app, readerA).get(`${H}/${staff.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((e: any) => e.action)).toEqual(['update', 'upload_certificate_file', 'create']);
    expect(body.meta).toMatchObject({ page: 1, total: 3, last_page: 1 });
    const [update] = body.data;
    expect(update.actor).toMatchObject({ name: '王小明' });
    expect(update.created_at).toBe('2026-03-01T17:00:00.000Z');
    expect(update.changes).toEqual([{ field: 'job_title', label_key: 'staff.job_title', before: '工地主任', after: '領班' }]);
    expect(update.restorable).toBe(true);

    const page2 = (await api(t.app, readerA).get(`${H}/${staff.id}?per_page=1&page=2`)).json();
    expect(page2.data.map((e: any) => e.action)).toEqual(['upload_certificate_file']);
    expect(page2.meta).toMatchObject({ total: 3, last_page: 3 });

    const day1 = (await api(t.app, readerA).get(`${H}/${staff.id}?as_of=2026-03-01`)).json();
    expect(day1.as_of).toMatchObject({ day: '2026-03-01', instant: '2026-03-01T16:00:00.000Z' });
    expect(day1.as_of.state).toMatchObject({ name: '王大明', job_title: '工地主任' });
    const day2 = (await api(t.app, readerA).get(`${H}/${staff.id}?as_of=2026-03-02`)).json();
    expect(day2.as_of.state).toMatchObject({ job_title: '領班' });
    const before = (await api(t.app, readerA).get(`${H}/${staff.id}?as_of=2026-02-28`)).json();
    expect(before.as_of.state).toBeNull();
    expect((await api(t.app, readerA).get(`${H}/${staff.id}?as_of=2026-02-30`)).statusCode).toBe(400);
  });

  it('is 404 for a staff of another organization, 401 without a token', async () => {
    await at('2026-03-02T02:00:00.000Z');
    const { staff } = await staffWithScan('李四');
    expect((await api(t.app, writerB).get(`${H}/${staff.id}`)).statusCode).toBe(404);
    expect((await api(t.app, writerB).post(`${H}/${staff.id}/restore`, { entry_id: 1 })).statusCode).toBe(404);
    expect((await api(t.app).get(`${H}/${staff.id}`)).statusCode).toBe(401);
    expect((await api(t.app, writerA).get(`${H}/999999`)).statusCode).toBe(404);
  });
});

describe('restore', () => {
  it('puts back chosen fields through the update, audited as a restore naming the entry', async () => {
    await at('2026-03-03T02:00:00.000Z');
    const { staff } = await staffWithScan('陳五');
    await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(staff, { job_title: '領班', mobile: '0911000111' }));
    const [update] = (await api(t.app, writerA).get(`${H}/${staff.id}`)).json().data;

    const res = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { entry_id: update.id, fields: ['job_title'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ job_title: '工地主任', mobile: '0911000111' });

    const [restore] = (await api(t.app, writerA).get(`${H}/${staff.id}`)).json().data;
    expect(restore).toMatchObject({ action: 'restore', restored_entry_id: update.id });
    expect(restore.changes).toEqual([{ field: 'job_title', label_key: 'staff.job_title', before: '領班', after: '工地主任' }]);
    const row = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'restore')
      .where('target_type', '=', 'staff')
      .where('target_id', '=', String(staff.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.after!)).toMatchObject({ restored_entry_id: update.id, restored_fields: ['job_title'] });
    expect(row.organization_id).toBe(orgA.id);
  });

  it('refuses a reader (403), an entry of another record (404), a field the entry did not record (400), a value no longer valid (400)', async () => {
    await at('2026-03-03T03:00:00.000Z');
    const { staff, type } = await staffWithScan('林六');
    const other = await staffWithScan('林七');
    await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(staff, { job_title: '領班' }));
    const [update] = (await api(t.app, writerA).get(`${H}/${staff.id}`)).json().data;
    const [otherEntry] = (await api(t.app, writerA).get(`${H}/${other.staff.id}`)).json().data;

    expect((await api(t.app, readerA).post(`${H}/${staff.id}/restore`, { entry_id: update.id })).statusCode).toBe(403);
    expect((await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { entry_id: otherEntry.id })).statusCode).toBe(404);
    const badField = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { entry_id: update.id, fields: ['password'] });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().errors).toEqual({ fields: ['validate.error.invalid'] });
    expect((await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { entry_id: 'x' })).statusCode).toBe(400);

    // The certificate type the old certificate named is gone: the restore is refused as the form's save would be.
    await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(staff, { job_title: '領班', certificates: [] }));
    const [removal] = (await api(t.app, writerA).get(`${H}/${staff.id}`)).json().data;
    await t.db.deleteFrom('certificate_types').where('id', '=', type.id).execute();
    const gone = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { entry_id: removal.id, fields: ['certificates'] });
    expect(gone.statusCode, gone.body).toBe(400);
    expect(gone.json().errors['certificates.0.certificate_type_id']).toEqual(['validate.error.invalid']);
    const after = (await api(t.app, writerA).get(`${S}/${staff.id}`)).json();
    expect(after.certificates).toEqual([]);
    expect(after.job_title).toBe('領班');
  });

  it("carries the record's version: a stale one is 409 and writes nothing, none is 428", async () => {
    await at('2026-03-03T04:00:00.000Z');
    const { staff } = await staffWithScan('吳十');
    await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(staff, { job_title: '領班' }));
    const [update] = (await api(t.app, writerA).get(`${H}/${staff.id}`)).json().data;
    const { version } = (await api(t.app, writerA).get(`${S}/${staff.id}`)).json();
    const restore = { entry_id: update.id, fields: ['job_title'] };
    const stale = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, restore, { 'if-match': `"${version - 1}"` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('validate.error.edited_elsewhere');
    const none = await api(t.app, writerA, { versions: false }).post(`${H}/${staff.id}/restore`, restore);
    expect(none.statusCode).toBe(428);
    expect((await api(t.app, writerA).get(`${S}/${staff.id}`)).json()).toMatchObject({ job_title: '領班', version });
    const ok = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, restore, { 'if-match': `"${version}"` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ job_title: '工地主任', version: version + 1 });
    expect(ok.headers.etag).toBe(`"${version + 1}"`);
  });

  it('brings back a deleted certificate with its scan, which was kept in storage', async () => {
    await at('2026-03-04T02:00:00.000Z');
    const { staff, certId } = await staffWithScan('黃八');
    const key = (await t.db.selectFrom('staff_certificates').select('file_key').where('id', '=', certId).executeTakeFirstOrThrow())
      .file_key!;
    const removed = await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(staff, { certificates: [] }));
    expect(removed.json().certificates).toEqual([]);
    expect(await t.app.storage.exists(key)).toBe(true);
    const kept = await t.db.selectFrom('kept_files').selectAll().where('storage_key', '=', key).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ origin_table: 'staff_certificates', origin_id: certId, file_name: '證書.pdf' });
    expect(kept.keep_until).toBe('2026-06-02T02:00:00.000Z'); // 90 days (HISTORY_RETENTION_DAYS)

    const [removal] = (await api(t.app, writerA).get(`${H}/${staff.id}`)).json().data;
    expect(removal.changes.map((c: any) => c.field)).toContain('certificates');
    const res = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { entry_id: removal.id, fields: ['certificates'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().certificates).toMatchObject([
      { id: certId, number: 'SAFE-1', expires_at: '2029-12-01', has_file: true, file_name: '證書.pdf' },
    ]);
    const file = await api(t.app, readerA).get(`${S}/${staff.id}/certificates/${certId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(await t.db.selectFrom('kept_files').select('id').where('storage_key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  it('keeps a replaced or deleted scan until its retention ends; the daily sweep then deletes it from storage', async () => {
    await at('2026-03-05T02:00:00.000Z');
    const { staff, certId } = await staffWithScan('周九');
    const key = (await t.db.selectFrom('staff_certificates').select('file_key').where('id', '=', certId).executeTakeFirstOrThrow())
      .file_key!;
    expect((await api(t.app, writerA).delete(`${S}/${staff.id}/certificates/${certId}/file`)).statusCode).toBe(200);
    expect(await t.app.storage.exists(key)).toBe(true);

    await sweepKeptFiles(t.app, new Date('2026-06-03T01:00:00.000Z'));
    expect(await t.app.storage.exists(key)).toBe(true);
    expect(await t.db.selectFrom('kept_files').select('id').where('storage_key', '=', key).executeTakeFirst()).toBeDefined();
    const swept = await sweepKeptFiles(t.app, new Date('2026-06-03T03:00:00.000Z'));
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect(await t.app.storage.exists(key)).toBe(false));
    expect(await t.db.selectFrom('kept_files').select('id').where('storage_key', '=', key).executeTakeFirst()).toBeUndefined();
  });
});

describe('a kit resource history (pages)', () => {
  it('lists a page patch and restores its earlier status; the site content roles decide', async () => {
    await at('2026-03-06T02:00:00.000Z');
    const created = await api(t.app, superToken).post('/api/admin/page', { type: 'default', slug: 'safety-week', title: '工安週活動' });
    expect(created.statusCode, created.body).toBe(200);
    const page = created.json();
    expect((await api(t.app, superToken).patch(`/api/admin/page/${page.id}`, { field: 'status', value: 'published' })).statusCode).toBe(
      200,
    );
    const history = (await api(t.app, superToken).get(`/api/admin/history/page/${page.id}`)).json();
    const [patch] = history.data;
    expect(patch).toMatchObject({
      action: 'patch',
      changes: [{ field: 'status', label_key: 'page.status', before: 'draft', after: 'published' }],
    });

    const res = await api(t.app, superToken).post(`/api/admin/history/page/${page.id}/restore`, { entry_id: patch.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', title: '工安週活動' });
    expect((await api(t.app, superToken).get(`/api/admin/history/page/${page.id}`)).json().data[0]).toMatchObject({
      action: 'restore',
      restored_entry_id: patch.id,
    });
    expect((await api(t.app, writerA).get(`/api/admin/history/page/${page.id}`)).statusCode).toBe(403);
  });
});

describe('restore a whole earlier state (as_of)', () => {
  it('puts back every field as it was that day and the deleted certificate with its scan, in one write audited once', async () => {
    await at('2026-03-10T02:00:00.000Z');
    const { staff, certId } = await staffWithScan('趙一');
    const key = (await t.db.selectFrom('staff_certificates').select('file_key').where('id', '=', certId).executeTakeFirstOrThrow())
      .file_key!;
    // Three changes on three later days, then the certificate removed.
    await at('2026-03-11T02:00:00.000Z');
    let now = (await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(staff, { job_title: '領班' }))).json();
    await at('2026-03-12T02:00:00.000Z');
    now = (await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(now, { name: '趙一郎', mobile: '0911000111' }))).json();
    await at('2026-03-13T02:00:00.000Z');
    now = (await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(now, { job_title: '技師' }))).json();
    const removed = await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(now, { certificates: [] }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().certificates).toEqual([]);
    const undone = (await api(t.app, writerA).get(`${H}/${staff.id}`))
      .json()
      .data.slice(0, 4)
      .map((e: any) => e.id);

    // The as-of view says what a restore would change, from what to what, and which entries it undoes.
    const view = (await api(t.app, readerA).get(`${H}/${staff.id}?as_of=2026-03-10`)).json();
    const byField = Object.fromEntries(view.as_of.changes.map((c: any) => [c.field, c]));
    expect(Object.keys(byField).sort()).toEqual(['certificates', 'job_title', 'mobile', 'name']);
    expect(byField.job_title).toEqual({ field: 'job_title', label_key: 'staff.job_title', before: '技師', after: '工地主任' });
    expect(byField.name).toMatchObject({ before: '趙一郎', after: '趙一' });
    expect(byField.certificates.before).toEqual([]);
    expect(byField.certificates.after).toMatchObject([{ id: certId, number: 'SAFE-1', has_file: true }]);
    expect(view.as_of.entry_ids).toEqual(undone);

    const { version } = (await api(t.app, writerA).get(`${S}/${staff.id}`)).json();
    const res = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { as_of: '2026-03-10' }, { 'if-match': `"${version}"` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: '趙一', job_title: '工地主任', mobile: null, version: version + 1 });
    expect(res.headers.etag).toBe(`"${version + 1}"`);
    expect(res.json().certificates).toMatchObject([
      { id: certId, number: 'SAFE-1', expires_at: '2029-12-01', has_file: true, file_name: '證書.pdf' },
    ]);
    const file = await api(t.app, readerA).get(`${S}/${staff.id}/certificates/${certId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(await t.db.selectFrom('kept_files').select('id').where('storage_key', '=', key).executeTakeFirst()).toBeUndefined();

    // One entry, a restore naming the day, the fields and the entries it undid.
    const history = (await api(t.app, writerA).get(`${H}/${staff.id}`)).json();
    expect(history.meta.total).toBe(7);
    const [restore] = history.data;
    expect(restore).toMatchObject({ action: 'restore', restored_as_of: '2026-03-10', restored_entry_id: null });
    // The entry diffs the record as saved: derived values (its standing, its display name) change with it.
    expect(restore.changes.map((c: any) => c.field)).toEqual(expect.arrayContaining(['certificates', 'job_title', 'mobile', 'name']));
    const row = await t.db.selectFrom('audit_logs').selectAll().where('id', '=', restore.id).executeTakeFirstOrThrow();
    const after = JSON.parse(row.after!);
    expect(after).toMatchObject({ restored_as_of: '2026-03-10', restored_entry_ids: undone });
    expect(after.restored_fields.sort()).toEqual(['certificates', 'job_title', 'mobile', 'name']);
    expect(row.organization_id).toBe(orgA.id);

    // The same day again: nothing differs any more.
    const again = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { as_of: '2026-03-10' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ as_of: ['validate.error.nothing_to_restore'] });
  });

  it('refuses a stale version (409, nothing written), another organization (404), a reader (403), a day before the record (400)', async () => {
    await at('2026-03-14T02:00:00.000Z');
    const { staff } = await staffWithScan('錢二');
    await at('2026-03-15T02:00:00.000Z');
    await api(t.app, writerA).put(`${S}/${staff.id}`, inputOf(staff, { job_title: '領班' }));
    const before = (await api(t.app, writerA).get(`${S}/${staff.id}`)).json();
    const entries = (await api(t.app, writerA).get(`${H}/${staff.id}`)).json().meta.total;

    const stale = await api(t.app, writerA).post(
      `${H}/${staff.id}/restore`,
      { as_of: '2026-03-14' },
      { 'if-match': `"${before.version - 1}"` },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('validate.error.edited_elsewhere');
    expect((await api(t.app, writerA, { versions: false }).post(`${H}/${staff.id}/restore`, { as_of: '2026-03-14' })).statusCode).toBe(428);
    expect((await api(t.app, writerA).get(`${S}/${staff.id}`)).json()).toMatchObject({ job_title: '領班', version: before.version });
    expect((await api(t.app, writerA).get(`${H}/${staff.id}`)).json().meta.total).toBe(entries);

    expect((await api(t.app, writerB).post(`${H}/${staff.id}/restore`, { as_of: '2026-03-14' })).statusCode).toBe(404);
    expect((await api(t.app, readerA).post(`${H}/${staff.id}/restore`, { as_of: '2026-03-14' })).statusCode).toBe(403);

    const early = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { as_of: '2026-03-13' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ as_of: ['validate.error.not_yet_existing'] });
    const both = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { as_of: '2026-03-14', entry_id: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ entry_id: ['validate.error.required'] });
    expect((await api(t.app, writerA).post(`${H}/${staff.id}/restore`, {})).statusCode).toBe(400);
    expect((await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { as_of: '2026-02-30' })).statusCode).toBe(400);
    const notDiffering = await api(t.app, writerA).post(`${H}/${staff.id}/restore`, { as_of: '2026-03-14', fields: ['name'] });
    expect(notDiffering.json().errors).toEqual({ fields: ['validate.error.invalid'] });
    expect((await api(t.app, writerA).get(`${S}/${staff.id}`)).json()).toMatchObject({ job_title: '領班', version: before.version });
  });
});
