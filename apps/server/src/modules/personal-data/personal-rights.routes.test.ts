import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../staff/staff.test-helpers.ts';
import { ANONYMISED_NAME } from './personal-data.repository.ts';

const P = '/api/admin/organization/personal-data/staff';

let t: TestApp;
let orgA: { id: number };
let adminA: string;
let readerA: string;
let adminB: string;
let superA: string;
beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrganization(t.db);
  const orgB = await buildOrganization(t.db);
  adminA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
    organizationId: orgA.id,
  });
  readerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: orgA.id,
  });
  adminB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
    organizationId: orgB.id,
  });
  superA = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_BASE'] }), { organizationId: orgA.id });
});
afterAll(async () => {
  await t?.close();
});

const entries = (id: number, action: string) =>
  t.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('target_type', '=', 'staff')
    .where('target_id', '=', String(id))
    .where('action', '=', action)
    .execute();

/** A valid national ID of a letter A, unique per call (the check digit per isTaiwanNationalId). */
let serial = 1000000;
function nationalId(): string {
  const digits = `1${++serial}`.split('').map(Number);
  const sum = 1 + digits.reduce((n, d, i) => n + d * (8 - i), 0);
  return `A${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

async function person(id = nationalId()) {
  const s = await buildStaff(t.db, orgA.id, { name: '王大明', national_id: id }, t.app.config);
  await t.db.updateTable('staff').set({ address: '台北市信義區', emergency_contact: '王媽媽' }).where('id', '=', s.id).execute();
  return s.id;
}

describe("a person's copy of their data", () => {
  it('is an .xlsx workbook of their fields, unmasked, and the request is audited with its reason', async () => {
    const id = await person('A123456789');
    const res = await api(t.app, adminA).get(`${P}/${id}/copy?reason=${encodeURIComponent('本人以書面申請')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = (wb.worksheets[0]!.getSheetValues() as unknown[][]).flat();
    expect(values).toEqual(expect.arrayContaining(['王大明', 'A123456789', '台北市信義區']));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['個人資料 Personal data', '證照 Certificates']);
    const [entry] = await entries(id, 'export_copy');
    expect(JSON.parse(entry!.after!)).toEqual({ reason: '本人以書面申請', unmasked: ['national_id', 'blood_type'] });
  });

  it('is refused without a reason, to a staff reader, and is a 404 from another organization', async () => {
    const id = await person();
    expect((await api(t.app, adminA).get(`${P}/${id}/copy`)).statusCode).toBe(400);
    expect((await api(t.app, readerA).get(`${P}/${id}/copy?reason=x`)).statusCode).toBe(403);
    expect((await api(t.app, adminB).get(`${P}/${id}/copy?reason=x`)).statusCode).toBe(404);
    expect((await api(t.app, superA).get(`${P}/${id}/copy?reason=x`)).statusCode).toBe(200);
    expect(await entries(id, 'export_copy')).toHaveLength(1);
  });
});

describe('a correction the person asks for', () => {
  it('changes only the fields named, audited with the reason and the national ID masked', async () => {
    await t.db
      .updateTable('staff')
      .set({ national_id_enc: null, national_id_bidx: null })
      .where('national_id_masked', '=', 'A12****789')
      .execute();
    const id = await person('A123456789');
    const res = await api(t.app, adminA).put(`${P}/${id}/correction`, {
      changes: { national_id: 'B123456780', address: '新北市板橋區' },
      reason: '身分證號登打錯誤',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed.sort()).toEqual(['address', 'national_id']);
    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ national_id_masked: 'B12****780', address: '新北市板橋區', name: '王大明' });
    // Sealed again under the new value: the database holds no plain national ID.
    expect(JSON.stringify(row)).not.toContain('B123456780');
    const [entry] = await entries(id, 'correct');
    expect(entry!.before).toContain('A12****789');
    expect(`${entry!.before}${entry!.after}`).not.toMatch(/A123456789|B123456780/);
  });

  it('refuses a bad national ID, an unknown field and another organization, changing nothing', async () => {
    const id = await person();
    const bad = await api(t.app, adminA).put(`${P}/${id}/correction`, { changes: { national_id: 'A123456788' }, reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('validate.error.national_id_incorrect');
    expect((await api(t.app, adminA).put(`${P}/${id}/correction`, { changes: { status: 'left' }, reason: 'x' })).statusCode).toBe(400);
    expect((await api(t.app, adminB).put(`${P}/${id}/correction`, { changes: { address: '外人' }, reason: 'x' })).statusCode).toBe(404);
    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ address: '台北市信義區' });
    expect(row.national_id_masked).toMatch(/^A1/);
    expect(await entries(id, 'correct')).toHaveLength(0);
  });
});

describe('an erasure the person asks for', () => {
  it('erases at once what the roster does not need, and keeps the roster while they work here', async () => {
    const id = await person();
    const res = await api(t.app, adminA).post(`${P}/${id}/erasure`, { reason: '本人要求刪除' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.anonymised).toBe(false);
    expect(body.erased).toEqual(expect.arrayContaining(['mobile', 'blood_type', 'emergency_contact']));
    expect(body.kept.map((k: { field: string }) => k.field)).toEqual(expect.arrayContaining(['name', 'national_id', 'address']));
    expect(body.kept[0]).toMatchObject({ until: null });
    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mobile: null, blood_type: null, emergency_contact: null, address: '台北市信義區' });
    expect(row.national_id_enc).not.toBeNull();
    expect(await entries(id, 'erase_on_request')).toHaveLength(1);
  });

  it('keeps the roster until the end of the period after leaving, and anonymises everything once it is over', async () => {
    const within = await person();
    await t.db.updateTable('staff').set({ status: 'left', left_on: '2026-06-30' }).where('id', '=', within).execute();
    const kept = (await api(t.app, adminA).post(`${P}/${within}/erasure`, { reason: 'x' })).json();
    expect(kept.kept[0]).toMatchObject({ until: '2031-06-30' });

    const over = await person();
    await t.db.updateTable('staff').set({ status: 'left', left_on: '2015-06-30' }).where('id', '=', over).execute();
    const gone = await api(t.app, adminA).post(`${P}/${over}/erasure`, { reason: 'x' });
    expect(gone.json()).toMatchObject({ anonymised: true, kept: [] });
    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', over).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: ANONYMISED_NAME,
      national_id_enc: null,
      national_id_bidx: null,
      national_id_masked: null,
      address: null,
    });
  });

  it('is refused without a reason, to a staff reader and from another organization', async () => {
    const id = await person();
    expect((await api(t.app, adminA).post(`${P}/${id}/erasure`, {})).statusCode).toBe(400);
    expect((await api(t.app, readerA).post(`${P}/${id}/erasure`, { reason: 'x' })).statusCode).toBe(403);
    expect((await api(t.app, adminB).post(`${P}/${id}/erasure`, { reason: 'x' })).statusCode).toBe(404);
    expect((await t.db.selectFrom('staff').select('mobile').where('id', '=', id).executeTakeFirstOrThrow()).mobile).not.toBeNull();
  });
});
