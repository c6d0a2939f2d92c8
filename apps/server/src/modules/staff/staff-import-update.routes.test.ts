import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildOrganization, createTestApp, login, testDialect, type TestApp } from '../../../test/helpers.ts';
import { XLSX, nationalId, roster } from './staff-import.test-helpers.ts';
import { buildStaff, openedStaffOf, upload } from './staff.test-helpers.ts';

/** Issue 26 point 4: create-and-update by national id, the counts of each, and the marked error workbook. */

let t: TestApp;
const IMPORT = '/api/admin/organization/staff/import';
const PREVIEW = `${IMPORT}/preview`;
const HEADER = ['姓名', '身分證字號', '手機', '生日', '職稱'];

const file = (data: Buffer, name = '名冊.xlsx') => ({ name, data, type: XLSX });
const send = (url: string, token: string, data: Buffer, fields: Record<string, string> = {}) =>
  upload(t.app, token, url, fields, file(data));

async function writerOf(orgId: number, role = 'SUB_ACCOUNT_ROLE_STAFF_WRITE') {
  return login(t.app, await buildAdmin(t.db, { memberships: { [orgId]: [role] } }), { organizationId: orgId });
}
const staffOf = (orgId: number) => openedStaffOf(t.db, t.app.config, orgId);
const auditOf = (orgId: number) =>
  t.db.selectFrom('audit_logs').selectAll().where('organization_id', '=', orgId).where('target_type', '=', 'staff').orderBy('id').execute();
const noteText = (note: ExcelJS.Comment | string | undefined) =>
  typeof note === 'string' ? note : (note?.texts ?? []).map((x) => x.text).join('');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An organization with two staff the roster names by national id, and its writer. */
async function companyWithStaff(base: number) {
  const org = await buildOrganization(t.db);
  const token = await writerOf(org.id);
  const ids = [nationalId(base), nationalId(base + 1), nationalId(base + 2)];
  const wang = await buildStaff(
    t.db,
    org.id,
    { name: '王大明', national_id: ids[0]!, job_title: '工人', birthday: '1990-01-02' },
    t.app.config,
  );
  const lee = await buildStaff(
    t.db,
    org.id,
    { name: '李小華', national_id: ids[1]!, job_title: '領班', birthday: '1990-01-02' },
    t.app.config,
  );
  // 王大明 changes job and leaves the mobile cell empty (kept), 李小華 is as stored, 陳阿土 is new, one row is bad.
  const data = await roster({
    名冊: [
      HEADER,
      ['王大明', ids[0]!, null, '1990-01-02', '領班'],
      ['李小華', ids[1]!, '0912345678', '1990-01-02', '領班'],
      ['陳阿土', ids[2]!, '0922333444', '85/03/07', '技術士'],
      ['林美麗', nationalId(base + 3), '0912', '1988-07-09', '會計'],
    ],
  });
  return { org, token, ids, wang, lee, data };
}

describe('staff import: create and update by national id', () => {
  it('previews and imports created, updated, unchanged and failed rows; an empty cell keeps the value; every write audited', async () => {
    const { org, token, ids, wang, lee, data } = await companyWithStaff(300);
    const leeBefore = (await staffOf(org.id)).find((s) => s.id === lee.id)!;

    const p = await send(PREVIEW, token, data, { mode: 'upsert' });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({
      mode: 'upsert',
      total: 4,
      valid_count: 3,
      create_count: 1,
      update_count: 1,
      unchanged_count: 1,
      invalid_count: 1,
    });
    expect(p.json().valid_rows.map((r: { row: number; action: string; staff_id?: number }) => [r.row, r.action, r.staff_id])).toEqual([
      [2, 'update', wang.id],
      [3, 'unchanged', lee.id],
      [4, 'create', undefined],
    ]);

    const res = await send(IMPORT, token, data, { mode: 'upsert', lang: 'zh-TW' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'upsert',
      imported_count: 2,
      created_count: 1,
      updated_count: 1,
      unchanged_count: 1,
      rejected_count: 1,
    });
    const staff = await staffOf(org.id);
    expect(staff.map((s) => [s.name, s.national_id, s.mobile, s.job_title])).toEqual([
      ['王大明', ids[0], '0912345678', '領班'],
      ['李小華', ids[1], '0912345678', '領班'],
      ['陳阿土', ids[2], '0922333444', '技術士'],
    ]);
    expect(staff[1]!.updated_at).toBe(leeBefore.updated_at);

    const audit = await auditOf(org.id);
    expect(audit.map((a) => [a.action, a.target_id])).toEqual([
      ['create', String(staff[2]!.id)],
      ['update', String(wang.id)],
      ['import', null],
    ]);
    expect(JSON.parse(audit[1]!.before!)).toEqual({ job_title: '工人' });
    expect(JSON.parse(audit[1]!.after!)).toEqual({ job_title: '領班', source: 'import', roster_row: 2 });
    expect(JSON.parse(audit[2]!.after!)).toMatchObject({
      mode: 'upsert',
      created_count: 1,
      updated_count: 1,
      unchanged_count: 1,
      rejected_count: 1,
      staff_ids: [staff[2]!.id],
      updated_staff_ids: [wang.id],
      rejected_rows: [5],
    });

    // The same roster again: nothing left to change.
    const again = await send(IMPORT, token, data, { mode: 'upsert' });
    expect(again.json()).toMatchObject({ created_count: 0, updated_count: 0, unchanged_count: 3, rejected_count: 1 });
  });

  it('creates only by default: a national id the organization holds is refused and its staff left as it was', async () => {
    const { org, token, wang, data } = await companyWithStaff(320);
    const p = await send(PREVIEW, token, data);
    expect(p.json()).toMatchObject({
      mode: 'create',
      valid_count: 1,
      create_count: 1,
      update_count: 0,
      unchanged_count: 0,
      invalid_count: 3,
    });
    expect(p.json().invalid_rows[0].errors).toContainEqual(
      expect.objectContaining({ field: 'national_id', key: 'validate.error.already_exists' }),
    );
    const res = await send(IMPORT, token, data, { mode: 'create' });
    expect(res.json()).toMatchObject({ mode: 'create', imported_count: 1, created_count: 1, updated_count: 0, rejected_count: 3 });
    expect((await staffOf(org.id)).find((s) => s.id === wang.id)!.job_title).toBe('工人');
  });

  it("never updates another organization's staff: the same national id there is created here", async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const id = nationalId(340);
    await buildStaff(t.db, orgB.id, { name: '別家', national_id: id, job_title: '工人' }, t.app.config);
    const inB = await staffOf(orgB.id);
    const data = await roster({ S: [HEADER, ['王大明', id, '0912345678', '1990-01-02', '領班']] });
    const res = await send(IMPORT, await writerOf(orgA.id), data, { mode: 'upsert' });
    expect(res.json()).toMatchObject({ created_count: 1, updated_count: 0 });
    expect(await staffOf(orgB.id)).toEqual(inB);
    expect(await auditOf(orgB.id)).toEqual([]);
    expect((await staffOf(orgA.id)).map((s) => [s.name, s.national_id])).toEqual([['王大明', id]]);
  });

  it('refuses a bad mode, create-and-update without a national id column and a reader, writing nothing', async () => {
    const { org, token, data } = await companyWithStaff(360);
    const before = await staffOf(org.id);
    const bad = await send(IMPORT, token, data, { mode: 'merge' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ mode: ['validate.error.invalid'] });
    const noKey = await send(IMPORT, token, data, { mode: 'upsert', mapping: JSON.stringify({ name: 'A', mobile: 'C' }) });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors).toEqual({ mapping: ['validate.error.national_id_unmapped'] });
    const reader = await writerOf(org.id, 'SUB_ACCOUNT_ROLE_STAFF_READ');
    expect((await send(IMPORT, reader, data, { mode: 'upsert' })).statusCode).toBe(403);
    expect(await staffOf(org.id)).toEqual(before);
    expect(await auditOf(org.id)).toEqual([]);
  });

  it('updates and creates all or nothing: a failing update rolls back the created staff and the other updates', async () => {
    const { org, token, data } = await companyWithStaff(380);
    const before = await staffOf(org.id);
    if (testDialect === 'postgres') {
      await sql
        .raw(
          `CREATE FUNCTION staff_update_boom() RETURNS trigger AS $$ BEGIN IF NEW.job_title = '領班' AND NEW.name = '王大明' THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        )
        .execute(t.db);
      await sql
        .raw('CREATE TRIGGER staff_update_boom BEFORE UPDATE ON staff FOR EACH ROW EXECUTE FUNCTION staff_update_boom()')
        .execute(t.db);
    } else {
      await sql
        .raw(
          "CREATE TRIGGER staff_update_boom BEFORE UPDATE ON staff WHEN NEW.name = '王大明' AND NEW.job_title = '領班' BEGIN SELECT RAISE(ABORT, 'forced failure'); END",
        )
        .execute(t.db);
    }
    try {
      const res = await send(IMPORT, token, data, { mode: 'upsert' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('forced failure');
    } finally {
      await sql.raw(`DROP TRIGGER staff_update_boom${testDialect === 'postgres' ? ' ON staff' : ''}`).execute(t.db);
      if (testDialect === 'postgres') await sql.raw('DROP FUNCTION staff_update_boom()').execute(t.db);
    }
    expect(await staffOf(org.id)).toEqual(before);
    expect(await auditOf(org.id)).toEqual([]);
  });
});

describe('staff import: the error workbook marks the bad cells', () => {
  it('fills each bad cell and notes its reason; good cells and row-wide columns stay plain', async () => {
    const org = await buildOrganization(t.db);
    const token = await writerOf(org.id);
    const dup = nationalId(400);
    const data = await roster({
      名冊: [
        HEADER,
        ['王大明', nationalId(401), '0912', '85/13/01', '工人'],
        ['李小華', dup, '0912345678', '1990-01-01', '工人'],
        ['陳阿土', dup, '0922333444', '1990-01-01', '工人'],
        ['林美麗', nationalId(402), '0912345678', '1990-01-01', '會計'],
      ],
    });
    const res = await send(IMPORT, token, data, { lang: 'en-US' });
    expect(res.json()).toMatchObject({ created_count: 1, rejected_count: 3 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.json().error_workbook.content_base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const fill = (ref: string) => (ws.getCell(ref).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;

    // Row 2: the mobile and the birthday are bad, each with its own note; the name and id are fine.
    expect([fill('C2'), fill('D2')]).toEqual(['FFFFC7CE', 'FFFFC7CE']);
    expect(noteText(ws.getCell('C2').note)).toContain('Mobile: not a valid phone number');
    expect(noteText(ws.getCell('D2').note)).toBe('Birthday: not a date (e.g. 1996-03-07 or 民國85年3月7日)');
    for (const ref of ['A2', 'B2', 'E2']) {
      expect(fill(ref)).toBeUndefined();
      expect(ws.getCell(ref).note).toBeUndefined();
    }
    // Rows 3 and 4 share a national id: that cell is marked on both, naming the other row.
    expect([fill('B3'), fill('B4')]).toEqual(['FFFFC7CE', 'FFFFC7CE']);
    expect(noteText(ws.getCell('B3').note)).toBe('National ID: the same as row 4');
    expect(noteText(ws.getCell('B4').note)).toBe('National ID: the same as row 3');
    expect(fill('C3')).toBeUndefined();
    // The reasons column still says it all, and the roster row number follows.
    expect(ws.getCell('F2').value).toContain('Birthday: not a date');
    expect(ws.getCell('G3').value).toBe(3);
    expect(fill('G3')).toBeUndefined();
    expect(ws.rowCount).toBe(4);
  });
});
