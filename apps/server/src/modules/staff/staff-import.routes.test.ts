import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, buildOrganization, createTestApp, login, testDialect, type TestApp } from '../../../test/helpers.ts';
import { XLSX, nationalId, readBack, roster, type Cell } from './staff-import.test-helpers.ts';
import { buildStaff, openedStaffOf, upload } from './staff.test-helpers.ts';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let writerA: string;
let readerA: string;
let writerB: string;
let adminA: string;
const S = '/api/admin/organization/staff';
const PREVIEW = `${S}/import/preview`;
const IMPORT = `${S}/import`;

const file = (data: Buffer, name = '名冊.xlsx') => ({ name, data, type: XLSX });
const preview = (token: string, data: Buffer, fields: Record<string, string> = {}, query = '') =>
  upload(t.app, token, `${PREVIEW}${query}`, fields, file(data));
const runImport = (token: string, data: Buffer, fields: Record<string, string> = {}, name?: string) =>
  upload(t.app, token, IMPORT, fields, file(data, name));

const HEADER_ZH = ['姓名', '身分證字號', '手機', '生日', '到職日', '職稱', '性別', '血型'];

const staffCount = async (orgId: number) =>
  Number(
    (
      await t.db
        .selectFrom('staff')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: 'Org A' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  writerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgA.id,
  });
  adminA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
    organizationId: orgA.id,
  });
  readerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: orgA.id,
  });
  writerB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgB.id,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('staff import: reading the roster', () => {
  it('finds the roster sheet and its header row under a title, and suggests a mapping from zh-TW headers', async () => {
    const data = await roster({
      說明: [['請勿修改此頁'], ['版本 3']],
      名冊: [
        ['○○營造 113 年度人員名冊'],
        [],
        [...HEADER_ZH, '備註'],
        ['王大明', 'A123456789', '0912345678', '85/03/07', '2020-01-02', '領班', '男', 'O型', ''],
      ],
    });
    const res = await preview(writerA, data);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.sheets.map((s: { name: string }) => s.name)).toEqual(['說明', '名冊']);
    expect(p.sheet).toBe('名冊');
    expect(p.header_row).toBe(3);
    expect(p.mapping_source).toBe('suggested');
    expect(p.mapping).toEqual({
      name: 'A',
      national_id: 'B',
      mobile: 'C',
      birthday: 'D',
      hire_date: 'E',
      job_title: 'F',
      gender: 'G',
      blood_type: 'H',
      notes: 'I',
    });
    expect(p.columns[0]).toEqual({ column: 'A', header: '姓名', samples: ['王大明'] });
    expect(p).toMatchObject({ total: 1, valid_count: 1, invalid_count: 0 });
    expect(p.valid_rows[0]).toMatchObject({ row: 4, values: { name: '王大明', birthday: '1996-03-07', gender: 'male', blood_type: 'O' } });
  });

  it('suggests a mapping from en-US and bilingual headers, and reads the sheet and header row the admin picks', async () => {
    const data = await roster({
      Roster: [['Name', 'National ID', 'Mobile', 'Date of birth', 'E-mail', '緊急聯絡人 Emergency contact', 'Emergency phone']],
      Other: [['x'], ['Full name', 'Hire date'], ['Amy', '2024/5/6']],
    });
    const p = (await preview(writerA, data)).json();
    expect(p.sheet).toBe('Roster');
    expect(p.mapping).toEqual({
      name: 'A',
      national_id: 'B',
      mobile: 'C',
      birthday: 'D',
      email: 'E',
      emergency_contact: 'F',
      emergency_phone: 'G',
    });
    const other = await preview(writerA, data, { sheet: 'Other', header_row: '2' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ sheet: 'Other', header_row: 2, mapping: { name: 'A', hire_date: 'B' }, total: 1, valid_count: 1 });
    expect(other.json().valid_rows[0].values.hire_date).toBe('2024-05-06');
    const missing = await preview(writerA, data, { sheet: 'Nope' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ sheet: ['validate.error.sheet_not_found'] });
  });

  it('reads dates in either calendar and as Excel date cells or serials, and refuses one that is no date', async () => {
    const data = await roster(
      {
        名冊: [
          ['姓名', '生日', '到職日'],
          ['民國', '民國85年3月7日', '113/01/31'],
          ['ROC', '085-03-07', '1130131'],
          ['Cell', new Date(Date.UTC(1996, 2, 7)), 45322],
          ['Greg', '1996/3/7', '2024年1月31日'],
          ['Bad', '85/02/30', 'soon'],
        ],
      },
      (ws) => {
        ws.getColumn(2).numFmt = 'yyyy/mm/dd';
      },
    );
    const p = (await preview(writerA, data)).json();
    expect(p).toMatchObject({ total: 5, valid_count: 4, invalid_count: 1 });
    for (const r of p.valid_rows) expect(r.values, r.values.name).toMatchObject({ birthday: '1996-03-07', hire_date: '2024-01-31' });
    expect(p.invalid_rows[0]).toMatchObject({ row: 6, values: { birthday: '85/02/30', hire_date: 'soon' } });
    expect(p.invalid_rows[0].errors).toEqual([
      { field: 'birthday', key: 'validate.error.date_incorrect' },
      { field: 'hire_date', key: 'validate.error.date_incorrect' },
    ]);
  });

  it('checks every row with the staff form rules: national id checksum, section 5 phones, e-mail, required name', async () => {
    const data = await roster({
      名冊: [
        ['姓名', '身分證字號', '手機', '緊急聯絡電話', 'Email'],
        ['好', 'a123456789', 912345678, '02-2345-6789', 'a@example.com'],
        ['錯號', 'A123456788', '0912-345-678', '+886 912 345 678', null],
        ['錯電話', 'B123456780', '12345', '0912', 'not-an-email'],
        [null, 'F131104093', null, null, null],
      ],
    });
    const p = (await preview(writerA, data)).json();
    expect(p).toMatchObject({ total: 4, valid_count: 1, invalid_count: 3 });
    expect(p.valid_rows[0].values).toMatchObject({ national_id: 'A123456789', mobile: '0912345678', emergency_phone: '0223456789' });
    const byRow = Object.fromEntries(
      p.invalid_rows.map((r: { row: number; errors: { field: string; key: string }[] }) => [
        r.row,
        r.errors.map((e) => `${e.field}:${e.key}`),
      ]),
    );
    expect(byRow[3]).toEqual(['national_id:validate.error.national_id_incorrect']);
    expect(byRow[4]).toEqual([
      'mobile:validate.error.phone_number_incorrect',
      'email:validate.error.email_incorrect',
      'emergency_phone:validate.error.phone_number_incorrect',
    ]);
    expect(byRow[5]).toEqual(['name:validate.error.required']);
  });

  it('reports duplicates within the sheet (every copy) and against staff of the organization, not of another one', async () => {
    const existingA = nationalId(9001);
    const onlyInB = nationalId(9002);
    await buildStaff(t.db, orgA.id, { name: '老員工', national_id: existingA }, t.app.config);
    await buildStaff(t.db, orgB.id, { name: 'B 的員工', national_id: onlyInB }, t.app.config);
    const twice = nationalId(9003);
    const data = await roster({
      名冊: [
        ['姓名', '身分證字號'],
        ['甲', twice],
        ['乙', existingA],
        ['丙', twice],
        ['丁', onlyInB],
      ],
    });
    const p = (await preview(writerA, data)).json();
    expect(p).toMatchObject({ total: 4, valid_count: 1, invalid_count: 3 });
    expect(p.valid_rows.map((r: { values: { name: string } }) => r.values.name)).toEqual(['丁']);
    const errs = Object.fromEntries(p.invalid_rows.map((r: { row: number; errors: unknown[] }) => [r.row, r.errors]));
    expect(errs[2]).toEqual([{ field: 'national_id', key: 'validate.error.duplicate_in_file', params: { rows: '4' } }]);
    expect(errs[4]).toEqual([{ field: 'national_id', key: 'validate.error.duplicate_in_file', params: { rows: '2' } }]);
    expect(errs[3]).toEqual([
      { field: 'national_id', key: 'validate.error.already_exists', params: { name: '老員工', id: expect.any(Number) } },
    ]);
  });
});

describe('staff import: importing', () => {
  it('imports the valid rows, audits each staff and the import, and gives back an error workbook with the reasons', async () => {
    const org = await buildOrganization(t.db);
    const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    const ids = [nationalId(100), nationalId(101), nationalId(102)];
    const data = await roster({
      名冊: [
        HEADER_ZH,
        ['王大明', ids[0]!, '0912345678', '民國85年3月7日', '2020-01-02', '領班', '男', 'A'],
        ['李小華', 'A123456788', '0912345678', '1990-01-01', null, '工人', '女', 'B'],
        ['陳阿土', ids[1]!, '09123', '85/13/01', null, '工人', '男', 'O'],
        ['林美麗', ids[2]!, '+886912345678', new Date(Date.UTC(1988, 6, 9)), '113/02/29', '會計', '女', 'AB'],
      ],
    });
    const res = await runImport(token, data, { lang: 'zh-TW' }, '工地名冊.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ imported_count: 2, rejected_count: 2 });
    expect(r.invalid_rows.map((x: { row: number }) => x.row)).toEqual([3, 4]);

    const staff = await openedStaffOf(t.db, t.app.config, org.id);
    expect(staff.map((s) => [s.name, s.national_id, s.birthday, s.hire_date, s.gender, s.status])).toEqual([
      ['王大明', ids[0], '1996-03-07', '2020-01-02', 'male', 'active'],
      ['林美麗', ids[2], '1988-07-09', '2024-02-29', 'female', 'active'],
    ]);
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('target_type', '=', 'staff')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.target_type, a.target_id])).toEqual([
      ['create', 'staff', String(staff[0]!.id)],
      ['create', 'staff', String(staff[1]!.id)],
      ['import', 'staff', null],
    ]);
    expect(JSON.parse(audit[2]!.after!)).toMatchObject({
      file_name: '工地名冊.xlsx',
      imported_count: 2,
      rejected_count: 2,
      rejected_rows: [3, 4],
      staff_ids: staff.map((s) => s.id),
    });

    expect(r.error_workbook.file_name).toBe('工地名冊-錯誤.xlsx');
    const back = await readBack(r.error_workbook.content_base64);
    expect(back.ws.name).toBe('名冊');
    expect(back.rows[0]).toEqual([...HEADER_ZH, '錯誤原因', '原始列號']);
    expect(back.rows[1]!.slice(0, 8)).toEqual(['李小華', 'A123456788', '0912345678', '1990-01-01', undefined, '工人', '女', 'B']);
    expect(back.rows[1]![8]).toBe('身分證字號：格式或檢查碼不正確');
    expect(back.rows[1]![9]).toBe(3);
    expect(back.rows[2]![0]).toBe('陳阿土');
    expect(back.rows[2]![8]).toContain('手機：電話格式不正確');
    expect(back.rows[2]![8]).toContain('生日：無法辨識的日期');
    expect(back.rows).toHaveLength(3);
  });

  it('keeps Excel date cells as dates in the error workbook and writes reasons in English for an en-US admin', async () => {
    const data = await roster(
      {
        Staff: [
          ['Name', 'Birthday', 'Mobile'],
          ['Amy', new Date(Date.UTC(1990, 0, 2)), '123'],
        ],
      },
      (ws) => {
        ws.getColumn(2).numFmt = 'yyyy/mm/dd';
      },
    );
    const res = await runImport(writerA, data, { lang: 'en-US' }, 'roster.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported_count: 0, rejected_count: 1 });
    expect(res.json().error_workbook.file_name).toBe('roster-errors.xlsx');
    const back = await readBack(res.json().error_workbook.content_base64);
    expect(back.rows[0]).toEqual(['Name', 'Birthday', 'Mobile', 'Reasons', 'Roster row']);
    expect(back.rows[1]![1]).toEqual(new Date(Date.UTC(1990, 0, 2)));
    expect(back.ws.getCell('B2').numFmt).toBe('yyyy/mm/dd');
    expect(back.rows[1]![3]).toBe('Mobile: not a valid phone number (mobile 09 + 8 digits, landline 0 + 8 or 9 digits, or + country code)');
  });

  it('answers no error workbook when every row is imported, and the fixed error rows import on a second run', async () => {
    const org = await buildOrganization(t.db);
    const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_ADMIN'] } }), {
      organizationId: org.id,
    });
    const first = await runImport(
      token,
      await roster({
        S: [
          ['姓名', '手機'],
          ['甲', '0912345678'],
          ['乙', '0912'],
        ],
      }),
    );
    expect(first.json()).toMatchObject({ imported_count: 1, rejected_count: 1 });
    // The admin fixes the phone in the error workbook and imports it: the reasons columns are not mapped.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(first.json().error_workbook.content_base64, 'base64') as unknown as ArrayBuffer);
    wb.worksheets[0]!.getCell('B2').value = '0987654321';
    const fixed = Buffer.from(await wb.xlsx.writeBuffer());
    const p = (await preview(token, fixed)).json();
    expect(p.mapping).toEqual({ name: 'A', mobile: 'B' });
    const second = await runImport(token, fixed);
    expect(second.json()).toMatchObject({ imported_count: 1, rejected_count: 0, error_workbook: null });
    expect(await staffCount(org.id)).toBe(2);
  });

  it('remembers the mapping per organization: the next roster starts from it even with other headers and order', async () => {
    const org = await buildOrganization(t.db);
    const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    const first = await roster({
      S: [
        ['員工', '證號', '連絡方式'],
        ['甲', nationalId(300), '0912345678'],
      ],
    });
    const p1 = (await preview(token, first)).json();
    expect(p1).toMatchObject({ mapping_source: 'suggested', mapping: {} });
    const mapping = { name: 'A', national_id: 'B', mobile: 'C' };
    expect((await runImport(token, first, { mapping: JSON.stringify(mapping) })).json()).toMatchObject({ imported_count: 1 });

    const next = await roster({
      S: [
        ['連絡方式', '員工', '證號', '備註'],
        ['0987654321', '乙', nationalId(301), 'x'],
      ],
    });
    const p2 = (await preview(token, next)).json();
    expect(p2.mapping_source).toBe('saved');
    expect(p2.mapping).toEqual({ mobile: 'A', name: 'B', national_id: 'C', notes: 'D' });
    // Another organization does not see it.
    const other = (await preview(writerB, next)).json();
    expect(other.mapping_source).toBe('suggested');
    expect(other.mapping).toEqual({ notes: 'D' });
  });

  it('imports all the valid rows or none: a failure in the middle leaves no staff, no audit entry and no remembered mapping', async () => {
    const org = await buildOrganization(t.db);
    const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    const rows: Cell[][] = [['姓名', '身分證字號']];
    for (let i = 0; i < 1300; i++) rows.push([i === 1200 ? 'BOOM' : `工人${i}`, nationalId(20_000 + i)]);
    const data = await roster({ S: rows });
    // The database refuses the 1,201st row: the first two chunks of 500 are already inserted by then.
    if (testDialect === 'postgres') {
      await sql
        .raw(
          `CREATE FUNCTION staff_import_boom() RETURNS trigger AS $$ BEGIN IF NEW.name = 'BOOM' THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        )
        .execute(t.db);
      await sql
        .raw('CREATE TRIGGER staff_import_boom BEFORE INSERT ON staff FOR EACH ROW EXECUTE FUNCTION staff_import_boom()')
        .execute(t.db);
    } else {
      await sql
        .raw(
          "CREATE TRIGGER staff_import_boom BEFORE INSERT ON staff WHEN NEW.name = 'BOOM' BEGIN SELECT RAISE(ABORT, 'forced failure'); END",
        )
        .execute(t.db);
    }
    try {
      const res = await runImport(token, data);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('forced failure');
    } finally {
      await sql.raw(`DROP TRIGGER staff_import_boom${testDialect === 'postgres' ? ' ON staff' : ''}`).execute(t.db);
      if (testDialect === 'postgres') await sql.raw('DROP FUNCTION staff_import_boom()').execute(t.db);
    }
    expect(await staffCount(org.id)).toBe(0);
    expect(
      await t.db.selectFrom('audit_logs').select('id').where('organization_id', '=', org.id).where('target_type', '=', 'staff').execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('staff_import_mappings').select('id').where('organization_id', '=', org.id).execute()).toEqual([]);
    // The same roster without the trigger imports every row.
    const again = await runImport(token, data);
    expect(again.json()).toMatchObject({ imported_count: 1300, rejected_count: 0 });
  });
});

describe('staff import: refusals', () => {
  const small = () => roster({ S: [['姓名'], ['甲']] });

  it('refuses callers without a token (401), without the staff write role (403) and in another organization (403)', async () => {
    const data = await small();
    const anonymous = await t.app.inject({ method: 'POST', url: PREVIEW, headers: { 'x-fingerprint': 'test-fingerprint' }, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await preview(readerA, data)).statusCode).toBe(403);
    expect((await runImport(readerA, data)).statusCode).toBe(403);
    const before = await staffCount(orgA.id);
    expect((await preview(writerB, data, {}, `?organization_id=${orgA.id}`)).statusCode).toBe(403);
    expect((await upload(t.app, writerB, `${IMPORT}?organization_id=${orgA.id}`, {}, file(data))).statusCode).toBe(403);
    expect(await staffCount(orgA.id)).toBe(before);
    expect((await preview(adminA, data)).statusCode).toBe(200);
  });

  it('refuses a file that is not an .xlsx by its content, whatever its name (400, nothing written)', async () => {
    const before = await staffCount(orgA.id);
    const cases: Buffer[] = [
      Buffer.from('姓名,身分證字號\n王大明,A123456789\n'),
      Buffer.from('%PDF-1.4 not a roster'),
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]),
    ];
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRow(['姓名']);
    const real = Buffer.from(await wb.xlsx.writeBuffer());
    cases.push(real.subarray(0, Math.floor(real.length / 2)));
    for (const data of cases) {
      for (const res of [await preview(writerA, data), await runImport(writerA, data)]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual({ file: ['validate.error.xlsx_incorrect'] });
      }
    }
    const none = await api(t.app, writerA).post(PREVIEW, {});
    expect(none.statusCode).toBe(400);
    expect(await staffCount(orgA.id)).toBe(before);
  });

  it('refuses a roster of more than 5,000 rows with a clear 400, and a file over the size cap with 413', async () => {
    const rows: Cell[][] = [['姓名']];
    for (let i = 0; i <= 5000; i++) rows.push([`工人${i}`]);
    const before = await staffCount(orgA.id);
    const res = await runImport(writerA, await roster({ S: rows }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ file: ['validate.error.too_many_rows'] });
    expect(await staffCount(orgA.id)).toBe(before);
    const big = await preview(writerA, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
  });

  it('refuses a bad mapping, a bad header row and an import without a name column', async () => {
    const data = await roster({
      S: [
        ['姓名', '手機'],
        ['甲', '0912345678'],
      ],
    });
    const twice = await runImport(writerA, data, { mapping: JSON.stringify({ name: 'A', mobile: 'A' }) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ 'mapping.mobile': ['validate.error.column_mapped_twice'] });
    const unknown = await preview(writerA, data, { mapping: JSON.stringify({ name: 'Z' }) });
    expect(unknown.json().errors).toEqual({ 'mapping.name': ['validate.error.column_not_found'] });
    const field = await preview(writerA, data, { mapping: JSON.stringify({ password: 'A' }) });
    expect(field.statusCode).toBe(400);
    expect((await preview(writerA, data, { mapping: '{' })).json().errors).toEqual({ mapping: ['validate.error.invalid'] });
    expect((await preview(writerA, data, { header_row: '0x1' })).json().errors).toEqual({ header_row: ['validate.error.invalid'] });
    const noName = await runImport(writerA, data, { mapping: JSON.stringify({ mobile: 'B' }) });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual({ mapping: ['validate.error.name_unmapped'] });
  });
});
