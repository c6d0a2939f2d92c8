import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { maskIdentifier } from '../../lib/personal-data/categories.ts';
import { buildStaff, upload } from '../staff/staff.test-helpers.ts';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let writerA: string;
let readerA: string;
let writerB: string;
const S = '/api/admin/organization/staff';
const PASSWORD = 'Passw0rd!';
const TODAY = '2026-06-15';
const CARD = 'OSH-CARD-778812345';
const GRADE = 'CANARY-GRADE-4B';
const NOTE = 'CANARY-NOTE-hearing-loss';
const PASSPORT = 'P9988776655';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function signedIn(orgId: number, sub: string[], roles: string[] = []) {
  const admin = await buildAdmin(t.db, { roles, memberships: { [orgId]: sub }, password: PASSWORD });
  return login(t.app, admin, { organizationId: orgId });
}
const staffIn = async (orgId: number, name?: string) => buildStaff(t.db, orgId, { name }, t.app.config);
/** A write's answer as one row: the evidence (`data`) with the staff record's version after it. */
const written = (res: { json(): any }) => ({ ...res.json().data, version: res.json().version });
const entriesOf = (targetType: string) => t.db.selectFrom('audit_logs').selectAll().where('target_type', '=', targetType).execute();

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T04:00:00.000Z`) });
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  writerA = await signedIn(orgA.id, ['SUB_ACCOUNT_ROLE_STAFF_WRITE']);
  readerA = await signedIn(orgA.id, ['SUB_ACCOUNT_ROLE_STAFF_READ']);
  writerB = await signedIn(orgB.id, ['SUB_ACCOUNT_ROLE_STAFF_WRITE']);
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

describe('training records', () => {
  it('adds, lists and changes a training with its card number sealed and masked, raising the staff record version', async () => {
    const s = await staffIn(orgA.id);
    const empty = await api(t.app, readerA).get(`${S}/${s.id}/trainings`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ data: [] });
    const v0 = empty.json().version;

    const res = await api(t.app, writerA).post(`${S}/${s.id}/trainings`, {
      course_kind: 'in_service',
      course_name: '營造業在職教育訓練',
      hours: 3,
      completed_on: TODAY,
      provider: '職安協會',
      card_number: CARD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = written(res);
    expect(created).toMatchObject({
      course_kind: 'in_service',
      hours: 3,
      completed_on: TODAY,
      has_file: false,
      card_number: maskIdentifier(CARD),
    });
    expect(created.version).toBeGreaterThan(v0);
    expect(res.body).not.toContain(CARD);

    const row = await t.db.selectFrom('staff_trainings').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.card_number_enc).toMatch(/^pd1\./);
    expect(JSON.stringify(row)).not.toContain(CARD);

    // Sent back as shown, the masked number keeps the stored one; a mask that is not the row's own is refused.
    const kept = await api(t.app, writerA).put(`${S}/${s.id}/trainings/${created.id}`, { ...created, hours: 6 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ hours: 6, card_number: maskIdentifier(CARD) });
    const again = await t.db.selectFrom('staff_trainings').select('card_number_enc').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(again.card_number_enc).toBe(row.card_number_enc);
    const foreign = await api(t.app, writerA).put(`${S}/${s.id}/trainings/${created.id}`, { ...created, card_number: 'AB****89' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ card_number: ['validate.error.invalid'] });

    const listed = (await api(t.app, readerA).get(`${S}/${s.id}/trainings`)).json();
    expect(listed.data).toHaveLength(1);
    expect(JSON.stringify(await entriesOf('staff_training'))).not.toContain(CARD);
  });

  it('refuses bad input with translation keys and writes nothing', async () => {
    const s = await staffIn(orgA.id);
    const bad = await api(t.app, writerA).post(`${S}/${s.id}/trainings`, {
      course_kind: 'yoga',
      course_name: '',
      hours: 0,
      completed_on: '2026-06-16',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      course_kind: ['validate.error.invalid'],
      course_name: ['validate.error.required'],
      hours: ['validate.error.not_positive'],
      completed_on: ['validate.error.date_in_future'],
    });
    const notADay = await api(t.app, writerA).post(`${S}/${s.id}/trainings`, {
      course_kind: 'general',
      course_name: 'x',
      completed_on: '2026-02-30',
    });
    expect(notADay.json().errors).toMatchObject({ completed_on: ['validate.error.invalid'] });
    const ends = await api(t.app, writerA).post(`${S}/${s.id}/insurances`, {
      scheme: 'labour',
      enrolled_on: '2026-05-01',
      ended_on: '2026-04-30',
    });
    expect(ends.statusCode).toBe(400);
    expect(ends.json().errors).toEqual({ ended_on: ['validate.error.ends_before_starts'] });
    const window = await api(t.app, writerA).post(`${S}/${s.id}/migrant-documents`, {
      document: 'permit',
      starts_on: '2026-05-01',
      ends_on: '2025-05-01',
    });
    expect(window.json().errors).toEqual({ ends_on: ['validate.error.ends_before_starts'] });
    expect(await t.db.selectFrom('staff_trainings').select('id').where('staff_id', '=', s.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('staff_insurances').select('id').where('staff_id', '=', s.id).execute()).toHaveLength(0);
  });

  it('answers 404 for another organization, 403 for a reader writing, 428 without the version and 409 with a stale one', async () => {
    const s = await staffIn(orgA.id);
    const created = written(
      await api(t.app, writerA).post(`${S}/${s.id}/insurances`, { scheme: 'occupational_accident', enrolled_on: '2026-06-01' }),
    );
    expect((await api(t.app, writerB).get(`${S}/${s.id}/insurances`)).statusCode).toBe(404);
    expect(
      (await api(t.app, writerB).put(`${S}/${s.id}/insurances/${created.id}`, { scheme: 'labour', enrolled_on: '2026-06-01' })).statusCode,
    ).toBe(404);
    expect((await api(t.app, writerB).delete(`${S}/${s.id}/insurances/${created.id}`)).statusCode).toBe(404);
    const otherStaff = await staffIn(orgA.id);
    expect((await api(t.app, writerA).delete(`${S}/${otherStaff.id}/insurances/${created.id}`)).statusCode).toBe(404);

    const reader = await api(t.app, readerA).post(`${S}/${s.id}/insurances`, { scheme: 'labour', enrolled_on: '2026-06-01' });
    expect(reader.statusCode).toBe(403);

    const noVersion = await api(t.app, writerA, { versions: false }).put(`${S}/${s.id}/insurances/${created.id}`, {
      scheme: 'labour',
      enrolled_on: '2026-06-01',
    });
    expect(noVersion.statusCode).toBe(428);
    const stale = await api(t.app, writerA, { versions: false }).put(
      `${S}/${s.id}/insurances/${created.id}`,
      { scheme: 'labour', enrolled_on: '2026-06-01' },
      { 'if-match': `"${created.version - 1}"` },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflict.fields).toContain('staff_insurance');

    const removed = await api(t.app, writerA, { versions: false }).delete(`${S}/${s.id}/insurances/${created.id}`, undefined, {
      'if-match': `"${created.version}"`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().version).toBeGreaterThan(created.version);
    expect(await entriesOf('staff_insurance')).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'delete', target_id: String(created.id) })]),
    );
  });
});

describe('health checks', () => {
  it('keeps the result grade and notes sealed: 「已記錄」 on the wire, no plain value in the row or the audit log', async () => {
    const s = await staffIn(orgA.id);
    const res = await api(t.app, writerA).post(`${S}/${s.id}/health-checks`, {
      check_kind: 'special',
      checked_on: '2026-06-01',
      provider: '台大醫院',
      result_grade: GRADE,
      notes: NOTE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ check_kind: 'special', result_grade: '已記錄', notes: '已記錄' });
    const id = res.json().data.id;
    const changed = await api(t.app, writerA).put(`${S}/${s.id}/health-checks/${id}`, {
      ...(res.json().data as Record<string, unknown>),
      result_grade: `${GRADE}-2`,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const row = await t.db.selectFrom('staff_health_checks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('CANARY');
    const entries = await entriesOf('staff_health_check');
    expect(entries.filter((e) => e.target_id === String(id)).map((e) => e.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(entries)).not.toContain('CANARY');
    // The update names the sealed field that changed, never its value.
    expect(JSON.parse(entries.at(-1)!.after as string)).toMatchObject({ sealed_changed: ['result_grade'] });
    expect(JSON.stringify((await api(t.app, readerA).get(`${S}/${s.id}/health-checks`)).json())).not.toContain('CANARY');
  });

  it('reveals a sealed value only to a role that may, with a fresh proof, logged on the staff member', async () => {
    const s = await staffIn(orgA.id, '陳阿水');
    const hc = (
      await api(t.app, writerA).post(`${S}/${s.id}/health-checks`, { check_kind: 'general', checked_on: '2026-01-10', notes: NOTE })
    ).json().data;
    const url = `${S}/${s.id}/health-checks/${hc.id}/reveal`;
    const reveals = () =>
      t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'reveal').where('target_id', '=', String(s.id)).execute();

    const writer = await api(t.app, writerA).post(url, { field: 'notes', reason_code: 'subject_request' });
    expect(writer.statusCode).toBe(403);
    const viewer = await signedIn(orgA.id, ['SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA']);
    expect((await api(t.app, viewer).post(url, { field: 'notes', reason_code: 'subject_request' })).json().message).toBe(
      'Identity verification required',
    );
    expect(await reveals()).toHaveLength(0);

    expect((await api(t.app, viewer).post('/api/admin/account/verify-identity', { password: PASSWORD })).statusCode).toBe(200);
    const shown = await api(t.app, viewer).post(url, { field: 'notes', reason_code: 'other', reason_text: '職醫複查' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ value: NOTE, expires_in: 60 });
    expect((await api(t.app, viewer).post(url, { field: 'provider', reason_code: 'subject_request' })).statusCode).toBe(400);
    expect((await api(t.app, viewer).post(url, { field: 'notes', reason_code: 'other' })).statusCode).toBe(400);
    // A row of another staff member is not reached through this one.
    const other = await staffIn(orgA.id);
    expect(
      (await api(t.app, viewer).post(`${S}/${other.id}/health-checks/${hc.id}/reveal`, { field: 'notes', reason_code: 'subject_request' }))
        .statusCode,
    ).toBe(404);

    const logged = await reveals();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ target_type: 'staff', target_label: '陳阿水', organization_id: orgA.id });
    expect(JSON.parse(logged[0]!.after as string)).toEqual({
      field: 'notes',
      evidence: 'staff_health_check',
      evidence_id: hc.id,
      reason_code: 'other',
      reason_text: '職醫複查',
    });
    expect(JSON.stringify(logged)).not.toContain(NOTE);
  });
});

describe('migrant documents and scans', () => {
  it('masks a passport number, keeps scans private, checks them by content and keeps a replaced one', async () => {
    const s = await staffIn(orgA.id);
    const doc = await api(t.app, writerA).post(`${S}/${s.id}/migrant-documents`, {
      document: 'passport',
      number: PASSPORT,
      starts_on: '2024-01-01',
      ends_on: '2034-01-01',
    });
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.json().data.number).toBe('P9*******55');
    const url = `${S}/${s.id}/migrant-documents/${doc.json().data.id}/file`;

    const up = await upload(t.app, writerA, url, {}, { name: '護照.pdf', data: PDF, type: 'application/pdf' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ has_file: true, file_name: '護照.pdf', file_type: 'application/pdf' });
    const got = await api(t.app, readerA).get(url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await api(t.app, writerB).get(url)).statusCode).toBe(404);
    expect((await api(t.app).get(url)).statusCode).toBe(401);
    expect((await upload(t.app, writerB, url, {}, { name: 'x.pdf', data: PDF, type: 'application/pdf' })).statusCode).toBe(404);
    expect((await upload(t.app, readerA, url, {}, { name: 'x.pdf', data: PDF, type: 'application/pdf' })).statusCode).toBe(403);

    const bad = await upload(t.app, writerA, url, {}, { name: 'x.pdf', data: Buffer.from('MZ....not a pdf'), type: 'application/pdf' });
    expect(bad.statusCode).toBe(422);
    const first = await t.db
      .selectFrom('staff_migrant_documents')
      .select('file_key')
      .where('id', '=', doc.json().data.id)
      .executeTakeFirstOrThrow();

    const replaced = await upload(t.app, writerA, url, {}, { name: '護照-新.pdf', data: PDF, type: 'application/pdf' });
    expect(replaced.statusCode).toBe(200);
    const kept = await t.db.selectFrom('kept_files').selectAll().where('origin_table', '=', 'staff_migrant_documents').execute();
    expect(kept.map((k) => k.storage_key)).toContain(first.file_key);

    const removed = await api(t.app, writerA).delete(url);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ has_file: false, file_name: null });
    expect((await api(t.app, readerA).get(url)).statusCode).toBe(404);
    const actions = (await entriesOf('staff_migrant_document'))
      .filter((e) => e.target_id === String(doc.json().data.id))
      .map((e) => e.action);
    expect(actions).toEqual(['create', 'upload_file', 'upload_file', 'delete_file']);
    expect(JSON.stringify(await entriesOf('staff_migrant_document'))).not.toContain(PASSPORT);

    // The staff record's History lists its evidence's entries, a deleted row's too.
    await api(t.app, writerA).delete(`${S}/${s.id}/migrant-documents/${doc.json().data.id}`);
    const history = await api(t.app, readerA).get(`/api/admin/history/staff/${s.id}?per_page=50`);
    expect(history.statusCode, history.body).toBe(200);
    const parts = history.json().data.filter((e: { part: unknown }) => e.part);
    expect(parts.map((e: { action: string }) => e.action)).toEqual(['delete', 'delete_file', 'upload_file', 'upload_file', 'create']);
    expect(parts[0].part).toMatchObject({ target_type: 'staff_migrant_document', target_id: String(doc.json().data.id) });
  });

  it('keeps the scans of a deleted staff member for the history, the rows going with the staff', async () => {
    const s = await staffIn(orgA.id);
    const tr = (
      await api(t.app, writerA).post(`${S}/${s.id}/trainings`, {
        course_kind: 'general',
        course_name: '一般安全衛生教育',
        completed_on: '2026-01-02',
      })
    ).json().data;
    await upload(t.app, writerA, `${S}/${s.id}/trainings/${tr.id}/file`, {}, { name: 'cert.pdf', data: PDF, type: 'application/pdf' });
    const del = await api(t.app, writerA).delete(`${S}/${s.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.db.selectFrom('staff_trainings').select('id').where('staff_id', '=', s.id).execute()).toHaveLength(0);
    const kept = await t.db
      .selectFrom('kept_files')
      .selectAll()
      .where('origin_table', '=', 'staff_trainings')
      .where('origin_id', '=', tr.id)
      .execute();
    expect(kept).toHaveLength(1);
  });

  it('goes with its organization: rows and scans deleted once the organization is', async () => {
    const org = await buildOrganization(t.db, { name: 'Org Gone' });
    const writer = await signedIn(org.id, ['SUB_ACCOUNT_ROLE_STAFF_WRITE']);
    const s = await staffIn(org.id);
    const tr = written(
      await api(t.app, writer).post(`${S}/${s.id}/trainings`, { course_kind: 'general', course_name: '一般', completed_on: '2026-01-02' }),
    );
    await upload(t.app, writer, `${S}/${s.id}/trainings/${tr.id}/file`, {}, { name: 'c.pdf', data: PDF, type: 'application/pdf' });
    const { file_key } = await t.db.selectFrom('staff_trainings').select('file_key').where('id', '=', tr.id).executeTakeFirstOrThrow();
    expect(await t.app.storage.exists(file_key!)).toBe(true);
    const sa = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }));
    const ok = await api(t.app, sa).delete(`/api/admin/admin-organization/${org.id}?confirm=true`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.db.selectFrom('staff_trainings').select('id').where('organization_id', '=', org.id).execute()).toHaveLength(0);
    expect(await t.app.storage.exists(file_key!)).toBe(false);
  });
});
