import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { XLSX, nationalId, readBack, roster } from './staff-import.test-helpers.ts';
import { upload } from './staff.test-helpers.ts';

/** Issue 38: a staff's company (a 協力廠商 of the organization), nationality and entry date; imports for a contractor. */
let t: TestApp;
let adminA: string;
let adminB: string;
let contractorA: number;
let contractorB: number;
const S = '/api/admin/organization/staff';
const as = (tk?: string) => api(t.app, tk);
const file = (data: Buffer) => ({ name: '協力廠商名冊.xlsx', data, type: XLSX });

beforeAll(async () => {
  t = await createTestApp();
  const orgA = (await buildOrganization(t.db)).id;
  const orgB = (await buildOrganization(t.db)).id;
  adminA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), { organizationId: orgA });
  adminB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), { organizationId: orgB });
  contractorA = (await as(adminA).post('/api/admin/organization/contractors', { name: '永安鋼構' })).json().id;
  contractorB = (await as(adminB).post('/api/admin/organization/contractors', { name: 'B 廠商' })).json().id;
});
afterAll(async () => {
  await t?.close();
});

describe("a staff's company and nationality", () => {
  it("saves a contractor's worker with a nationality and entry date, lists it under 公司, and filters by company", async () => {
    const created = await as(adminA).post(S, {
      name: 'Budi',
      contractor_id: contractorA,
      nationality: 'id',
      entered_taiwan_on: '2025-08-01',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      contractor_id: contractorA,
      contractor_name: '永安鋼構',
      nationality: 'ID',
      entered_taiwan_on: '2025-08-01',
      departure_reported_on: null,
    });
    const own = (await as(adminA).post(S, { name: '王小明' })).json();
    expect(own).toMatchObject({ contractor_id: null, contractor_name: null, nationality: 'TW' });

    const ofContractor = (await as(adminA).get(`${S}/index?contractor_id=${contractorA}`)).json().data;
    expect(ofContractor.map((s: { id: number; contractor_name: string }) => [s.id, s.contractor_name])).toEqual([
      [created.json().id, '永安鋼構'],
    ]);
    const ownList = (await as(adminA).get(`${S}/index?contractor_id=own`)).json().data.map((s: { id: number }) => s.id);
    expect(ownList).toContain(own.id);
    expect(ownList).not.toContain(created.json().id);
    expect((await as(adminA).get(`${S}/index?contractor_id=abc`)).statusCode).toBe(400);
  });

  it("refuses another organization's contractor and a nationality that is no ISO code", async () => {
    const foreign = await as(adminA).post(S, { name: '越界', contractor_id: contractorB });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ contractor_id: ['validate.error.invalid'] });
    const bad = await as(adminA).post(S, { name: '越界', nationality: 'Indonesia' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ nationality: ['validate.error.invalid'] });
    expect(await t.db.selectFrom('staff').select('id').where('name', '=', '越界').execute()).toEqual([]);
  });
});

describe('an import for a contractor', () => {
  it('makes every row a worker of the chosen contractor, reads 國籍 and 入境日, and keeps the error workbook for bad rows', async () => {
    const data = await roster({
      名冊: [
        ['姓名', '身分證字號', '國籍', '入境日'],
        ['Siti', nationalId(3801, 'A', 2), '印尼', '2025/09/01'],
        ['Nguyen Van A', nationalId(3802), 'VN', '114/10/15'],
        ['林大同', nationalId(3803), '台灣', ''],
        ['壞國籍', nationalId(3804), '火星', ''],
        ['壞日期', nationalId(3805), 'PH', '不知道'],
      ],
    });
    const preview = await upload(t.app, adminA, `${S}/import/preview`, { contractor_id: String(contractorA) }, file(data));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().mapping).toMatchObject({ name: 'A', national_id: 'B', nationality: 'C', entered_taiwan_on: 'D' });
    expect(preview.json()).toMatchObject({ valid_count: 3, invalid_count: 2 });

    const res = await upload(t.app, adminA, `${S}/import`, { contractor_id: String(contractorA) }, file(data));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created_count: 3, rejected_count: 2 });
    expect(res.json().invalid_rows.map((r: { errors: { field: string; key: string }[] }) => r.errors[0])).toEqual([
      expect.objectContaining({ field: 'nationality', key: 'validate.error.invalid' }),
      expect.objectContaining({ field: 'entered_taiwan_on', key: 'validate.error.date_incorrect' }),
    ]);
    const book = await readBack(res.json().error_workbook.content_base64);
    expect(book.rows.map((r) => r[0])).toEqual(expect.arrayContaining(['壞國籍', '壞日期']));

    const workers = await t.db
      .selectFrom('staff')
      .select(['name', 'contractor_id', 'nationality', 'entered_taiwan_on'])
      .where('name', 'in', ['Siti', 'Nguyen Van A', '林大同'])
      .orderBy('name')
      .execute();
    expect(workers).toEqual([
      { name: 'Nguyen Van A', contractor_id: contractorA, nationality: 'VN', entered_taiwan_on: '2025-10-15' },
      { name: 'Siti', contractor_id: contractorA, nationality: 'ID', entered_taiwan_on: '2025-09-01' },
      { name: '林大同', contractor_id: contractorA, nationality: 'TW', entered_taiwan_on: null },
    ]);
  });

  it("refuses an import for another organization's contractor before reading a row", async () => {
    const data = await roster({ 名冊: [['姓名'], ['某人']] });
    for (const contractor_id of [String(contractorB), 'x']) {
      const res = await upload(t.app, adminA, `${S}/import`, { contractor_id }, file(data));
      expect(res.statusCode, contractor_id).toBe(400);
      expect(res.json().errors).toEqual({ contractor_id: ['validate.error.invalid'] });
    }
    expect(await t.db.selectFrom('staff').select('id').where('name', '=', '某人').execute()).toEqual([]);
  });
});
