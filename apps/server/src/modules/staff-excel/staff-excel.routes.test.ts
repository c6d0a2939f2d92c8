import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { buildCertificateType, buildStaff, upload } from '../staff/staff.test-helpers.ts';
import { cardTemplate, rosterTemplate, samplePhoto } from './staff-excel.fixtures.ts';
import { sheetNames } from './staff-excel.render.ts';

let t: TestApp;
let orgA: { id: number; name: string };
let orgB: { id: number };
let writerA: string;
let readerA: string;
let writerB: string;
let safetyType: { id: number };
const E = '/api/admin/organization/staff-excel';
const S = '/api/admin/organization/staff';

const createTemplate = (token: string, fields: Record<string, string>, data: Buffer, name = '範本.xlsx') =>
  upload(t.app, token, E, fields, { name, data, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function open(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as any);
  return wb;
}

let ming: any;
let hua: any;
beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrganization(t.db, { name: '大安營造' });
  orgB = await buildOrganization(t.db, { name: 'Org B' });
  writerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgA.id,
  });
  readerA = await login(t.app, await buildAdmin(t.db, { memberships: { [orgA.id]: ['SUB_ACCOUNT_ROLE_STAFF_READ'] } }), {
    organizationId: orgA.id,
  });
  writerB = await login(t.app, await buildAdmin(t.db, { memberships: { [orgB.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
    organizationId: orgB.id,
  });
  safetyType = await buildCertificateType(t.db, orgA.id, '職業安全衛生');
  ming = (
    await api(t.app, writerA).post(S, {
      name: '王大明',
      nickname: '阿明',
      national_id: 'A123456789',
      birthday: '1990-05-06',
      mobile: '0912345678',
      job_title: '=HYPERLINK("http://evil","x")',
      notes: '+SUM(1,2)',
      certificates: [{ certificate_type_id: safetyType.id, number: 'S-001', issued_at: '2024-01-01', expires_at: '2027-06-30' }],
    })
  ).json();
  hua = (
    await api(t.app, writerA).post(S, {
      name: '李小華',
      national_id: 'F131104093',
      birthday: '1985-12-31',
      job_title: '@cmd',
      notes: '-2+3',
    })
  ).json();
  await upload(t.app, writerA, `${S}/${ming.id}/photo`, {}, { name: 'ming.jpg', data: await samplePhoto('#2563eb'), type: 'image/jpeg' });
});
afterAll(async () => {
  await t?.close();
});

const cardCells = () => [
  { cell: 'B2', type: 'field', field: 'display_name' },
  { cell: 'B3', type: 'field', field: 'national_id' },
  { cell: 'B4', type: 'date', field: 'birthday', format: 'ROC' },
  { cell: 'B5', type: 'field', field: 'mobile' },
  { cell: 'B6', type: 'certificate', certificate_type_id: safetyType.id, part: 'number' },
  { cell: 'B7', type: 'certificate', certificate_type_id: safetyType.id, part: 'expires_at', format: 'YYYY/MM/DD' },
  { cell: 'B8', type: 'field', field: 'job_title' },
  { cell: 'C2', type: 'photo', range: 'C2:D7' },
  { cell: 'B10', type: 'fixed', value: 'organization_name' },
  { cell: 'B11', type: 'fixed', value: 'export_date', format: 'YYYY年MM月DD日' },
];

describe('templates', () => {
  it('takes an .xlsx with a mapping, and answers it back with the sheet drawn as a grid', async () => {
    const res = await createTemplate(writerA, { name: '資料卡', layout: 'card', cells: JSON.stringify(cardCells()) }, await cardTemplate());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: '資料卡', layout: 'card', sheet_name: '人員資料卡', file_name: '範本.xlsx' });
    expect(res.json().cells).toHaveLength(10);
    const grid = (await api(t.app, readerA).get(`${E}/${res.json().id}/sheet`)).json();
    expect(grid.merges).toEqual(expect.arrayContaining(['A1:D1', 'C2:D7']));
    expect(grid.cells.find((c: any) => c.address === 'A1')).toMatchObject({ value: '人員資料卡', bold: true });
    expect(grid.columns[1]).toBe(24);
    expect(grid.rows[0]).toBe(36);
  });

  it('refuses a 51st mapped cell with a field error (app config staffExcelMaxCellLimit 50)', async () => {
    const cells = Array.from({ length: 51 }, (_, i) => ({ cell: `A${i + 20}`, type: 'fixed', value: 'text', text: `t${i}` }));
    const res = await createTemplate(writerA, { name: 'Too many', layout: 'card', cells: JSON.stringify(cells) }, await cardTemplate());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ cells: ['validate.error.too_many_cells'] });
    expect(res.json().message).toBe('At most 50 cells can be mapped');
    const ok = await createTemplate(
      writerA,
      { name: 'Fifty', layout: 'card', cells: JSON.stringify(cells.slice(0, 50)) },
      await cardTemplate(),
    );
    expect(ok.statusCode).toBe(200);
    const put = await api(t.app, writerA).put(`${E}/${ok.json().id}`, { name: 'Fifty', layout: 'card', cells });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toEqual({ cells: ['validate.error.too_many_cells'] });
  });

  it('refuses a file that is not a real xlsx whatever its name', async () => {
    for (const data of [Buffer.from('name,id\nx,1\n'), await new JSZip().file('hello.txt', 'hi').generateAsync({ type: 'nodebuffer' })]) {
      const res = await createTemplate(writerA, { name: 'Fake', layout: 'card' }, data, 'fake.xlsx');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ file: ['validate.error.xlsx_incorrect'] });
    }
  });

  it("refuses bad mappings: a cell mapped twice, a photo in a roster, a roster staff cell off its start row, another organization's certificate type", async () => {
    const typeB = await buildCertificateType(t.db, orgB.id);
    const res = await createTemplate(
      writerA,
      {
        name: 'Bad',
        layout: 'roster',
        start_row: '3',
        cells: JSON.stringify([
          { cell: 'B3', type: 'field', field: 'name' },
          { cell: 'B3', type: 'field', field: 'nickname' },
          { cell: 'C3', type: 'photo', range: 'C3:C3' },
          { cell: 'D9', type: 'field', field: 'mobile' },
          { cell: 'E3', type: 'certificate', certificate_type_id: typeB.id, part: 'number' },
        ]),
      },
      await rosterTemplate(),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['cells.1.cell', 'cells.2.type', 'cells.3.cell', 'cells.4.certificate_type_id']);
  });

  it("refuses cells beyond Excel's grid (XFD, row 1,048,576) and photo ranges larger than 50 × 200 cells", async () => {
    const xlsx = await cardTemplate();
    const save = (cells: unknown[]) => createTemplate(writerA, { name: 'Far', layout: 'card', cells: JSON.stringify(cells) }, xlsx);
    for (const cell of ['ZZZ9999999', 'XFE1', 'A1048577']) {
      const res = await save([{ cell, type: 'field', field: 'name' }]);
      expect(res.statusCode, cell).toBe(400);
      expect(res.json().errors, cell).toEqual({ 'cells.0.cell': ['validate.error.cell_address_incorrect'] });
    }
    for (const range of ['A1:ZZZ9999999', 'A1:AY1', 'A1:A201', 'B2:A1']) {
      const res = await save([{ cell: 'A1', type: 'photo', range }]);
      expect(res.statusCode, range).toBe(400);
      expect(res.json().errors, range).toEqual({ 'cells.0.range': ['validate.error.cell_range_incorrect'] });
    }
    const edge = await createTemplate(
      writerA,
      {
        name: 'Edge',
        layout: 'card',
        cells: JSON.stringify([
          { cell: 'XFD1048576', type: 'field', field: 'name' },
          { cell: 'A1', type: 'photo', range: 'A1:AX200' },
        ]),
      },
      xlsx,
    );
    expect(edge.statusCode, edge.body).toBe(200);
    const res = await api(t.app, readerA).post(`${E}/export-merge/${edge.json().id}`, { staff_ids: [hua.id], options: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect((await open(res.rawPayload)).worksheets[0]!.getCell('XFD1048576').value).toBe('李小華');
  });

  it('patches and batch-patches allow-listed fields; deletes one and a batch', async () => {
    const a = (await createTemplate(writerA, { name: 'P1', layout: 'card' }, await cardTemplate())).json();
    const b = (await createTemplate(writerA, { name: 'P2', layout: 'card' }, await cardTemplate())).json();
    expect((await api(t.app, writerA).patch(`${E}/${a.id}`, { field: 'name', value: 'P1b' })).json().name).toBe('P1b');
    expect((await api(t.app, writerA).patch(`${E}/${a.id}`, { field: 'file_key', value: 'x' })).statusCode).toBe(400);
    expect((await api(t.app, writerA).patch(`${E}/batch`, { ids: [a.id, b.id], field: 'layout', value: 'roster' })).statusCode).toBe(200);
    expect((await api(t.app, writerA).get(`${E}/${b.id}`)).json().layout).toBe('roster');
    expect((await api(t.app, writerA).delete(`${E}/${a.id}`)).statusCode).toBe(200);
    expect((await api(t.app, writerA).delete(`${E}/batch`, { ids: [b.id] })).statusCode).toBe(200);
    expect((await api(t.app, writerA).get(`${E}/${b.id}`)).statusCode).toBe(404);
  });

  it('lets a staff reader read and export but not write (403)', async () => {
    const tpl = (
      await createTemplate(
        writerA,
        { name: 'R', layout: 'card', cells: JSON.stringify([{ cell: 'B2', type: 'field', field: 'name' }]) },
        await cardTemplate(),
      )
    ).json();
    expect((await api(t.app, readerA).get(`${E}/index`)).statusCode).toBe(200);
    expect((await createTemplate(readerA, { name: 'No', layout: 'card' }, await cardTemplate())).statusCode).toBe(403);
    expect((await api(t.app, readerA).put(`${E}/${tpl.id}`, { name: 'No', layout: 'card', cells: [] })).statusCode).toBe(403);
    expect((await api(t.app, readerA).patch(`${E}/${tpl.id}`, { field: 'name', value: 'No' })).statusCode).toBe(403);
    expect((await api(t.app, readerA).patch(`${E}/batch`, { ids: [tpl.id], field: 'name', value: 'No' })).statusCode).toBe(403);
    expect((await api(t.app, readerA).delete(`${E}/${tpl.id}`)).statusCode).toBe(403);
    expect((await api(t.app, readerA).delete(`${E}/batch`, { ids: [tpl.id] })).statusCode).toBe(403);
    expect((await api(t.app, readerA).post(`${E}/export-split/${tpl.id}/${ming.id}`, { options: {} })).statusCode).toBe(200);
  });
});

describe('exports', () => {
  it('merges card exports: one sheet per staff named after them, every mapped cell filled, styles, merges, print settings and the photo kept', async () => {
    const tpl = (
      await createTemplate(writerA, { name: '資料卡', layout: 'card', cells: JSON.stringify(cardCells()) }, await cardTemplate())
    ).json();
    const res = await api(t.app, readerA).post(`${E}/export-merge/${tpl.id}`, {
      staff_ids: [ming.id, hua.id],
      options: { export_date: '2026-11-22' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="___-20261122.xlsx"; filename*=UTF-8''${encodeURIComponent('資料卡-20261122.xlsx')}`,
    );
    const wb = await open(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['王大明 (阿明)', '李小華']);
    const [a, b] = wb.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(a.getCell('B2').value).toBe('王大明 (阿明)');
    expect(a.getCell('B3').value).toBe('A12****789');
    expect(a.getCell('B4').value).toBe('79/05/06');
    expect(a.getCell('B5').value).toBe('0912345678');
    expect(a.getCell('B6').value).toBe('S-001');
    expect(a.getCell('B7').value).toBe('2027/06/30');
    expect(a.getCell('B10').value).toBe('大安營造');
    expect(a.getCell('B11').value).toBe('2026年11月22日');
    expect(b.getCell('B2').value).toBe('李小華');
    expect(b.getCell('B6').value).toBe(null);
    for (const ws of [a, b]) {
      expect(ws.getCell('A1').value).toBe('人員資料卡');
      expect(ws.getCell('A1').font).toMatchObject({ bold: true, size: 18 });
      expect(ws.getCell('A2').fill).toMatchObject({ fgColor: { argb: 'FFDDEBF7' } });
      expect(ws.getCell('B2').font).toMatchObject({ size: 14, color: { argb: 'FFC00000' } });
      expect(ws.getCell('B3').border.top).toMatchObject({ style: 'thin' });
      expect((ws.model as any).merges).toEqual(expect.arrayContaining(['A1:D1', 'C2:D7']));
      expect(ws.getColumn(2).width).toBe(24);
      expect(ws.getRow(1).height).toBe(36);
      expect(ws.pageSetup).toMatchObject({ paperSize: 9, printArea: 'A1:D11', fitToPage: true });
    }
    // Only 王大明 has a photo: placed over C2:D7.
    expect(a.getImages()).toHaveLength(1);
    expect(a.getImages()[0]!.range.tl).toMatchObject({ nativeCol: 2, nativeRow: 1 });
    expect(b.getImages()).toHaveLength(0);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).some((f) => f.startsWith('xl/media/'))).toBe(true);
  });

  it("names a staff sheet like the template's own sheet, and audits each exported staff once", async () => {
    const namesake = (await api(t.app, writerA).post(S, { name: '人員資料卡' })).json();
    const tpl = (
      await createTemplate(writerA, { name: '同名', layout: 'card', cells: JSON.stringify(cardCells()) }, await cardTemplate())
    ).json();
    const res = await api(t.app, readerA).post(`${E}/export-merge/${tpl.id}`, {
      staff_ids: [namesake.id, ming.id, namesake.id],
      options: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = await open(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['人員資料卡', '王大明 (阿明)']);
    expect(wb.worksheets[0]!.getCell('B2').value).toBe('人員資料卡');
    expect(wb.worksheets[1]!.getImages()).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('after')
      .where('action', '=', 'export')
      .where('target_type', '=', 'staff_excel')
      .where('target_id', '=', String(tpl.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ mode: 'merge', staff_count: 2, staff_ids: [namesake.id, ming.id] });
    await api(t.app, writerA).delete(`${S}/${namesake.id}`);
  });

  it('writes text that looks like a formula as text, never as a formula', async () => {
    const tpl = (
      await createTemplate(
        writerA,
        {
          name: 'Inject',
          layout: 'card',
          cells: JSON.stringify([
            { cell: 'B2', type: 'field', field: 'job_title' },
            { cell: 'B3', type: 'field', field: 'notes' },
          ]),
        },
        await cardTemplate(),
      )
    ).json();
    const res = await api(t.app, writerA).post(`${E}/export-merge/${tpl.id}`, { staff_ids: [ming.id, hua.id], options: {} });
    const wb = await open(res.rawPayload);
    const [a, b] = wb.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(a.getCell('B2').value).toBe('=HYPERLINK("http://evil","x")');
    expect(a.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(a.getCell('B3').value).toBe('+SUM(1,2)');
    expect(b.getCell('B2').value).toBe('@cmd');
    expect(b.getCell('B3').value).toBe('-2+3');
    for (const ws of [a, b]) for (const addr of ['B2', 'B3']) expect(ws.getCell(addr).formula).toBeUndefined();
    const zip = await JSZip.loadAsync(res.rawPayload);
    for (const f of Object.keys(zip.files).filter((n) => n.startsWith('xl/worksheets/sheet'))) {
      expect(await zip.file(f)!.async('string')).not.toContain('<f>');
    }
  });

  it('fills a roster one row per staff from the start row, keeping row styles and what lies below', async () => {
    const cells = [
      { cell: 'A3', type: 'field', field: 'seq' },
      { cell: 'B3', type: 'field', field: 'display_name' },
      { cell: 'C3', type: 'field', field: 'national_id_full' },
      { cell: 'D3', type: 'date', field: 'birthday', format: 'YYYY/MM/DD' },
      { cell: 'E3', type: 'certificate', certificate_type_id: safetyType.id, part: 'number' },
      { cell: 'F3', type: 'certificate', certificate_type_id: safetyType.id, part: 'expires_at' },
      { cell: 'B5', type: 'fixed', value: 'organization_name' },
    ];
    const tpl = (
      await createTemplate(
        writerA,
        { name: '名冊', layout: 'roster', start_row: '3', cells: JSON.stringify(cells) },
        await rosterTemplate(),
      )
    ).json();
    const res = await api(t.app, writerA).post(`${E}/export-merge/${tpl.id}`, { staff_ids: [ming.id, hua.id], options: {} });
    expect(res.statusCode, res.body).toBe(200);
    const ws = (await open(res.rawPayload)).worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('進場人員名冊');
    expect(ws.getCell('B2').value).toBe('姓名');
    expect([
      ws.getCell('A3').value,
      ws.getCell('B3').value,
      ws.getCell('C3').value,
      ws.getCell('D3').value,
      ws.getCell('E3').value,
      ws.getCell('F3').value,
      // Masked by default, the full number too: only an export revealed on purpose carries it (docs/personal-data.md).
    ]).toEqual(['1', '王大明 (阿明)', 'A12****789', '1990/05/06', 'S-001', '2027-06-30']);
    expect([ws.getCell('A4').value, ws.getCell('B4').value, ws.getCell('C4').value]).toEqual(['2', '李小華', 'F13****093']);
    for (const r of [3, 4]) {
      expect(ws.getRow(r).height).toBe(22);
      expect(ws.getCell(`C${r}`).border.bottom).toMatchObject({ style: 'thin' });
      expect(ws.getCell(`C${r}`).font).toMatchObject({ name: 'Arial' });
    }
    // The footer moved down by one row with its merge; the print area grew with it.
    expect(ws.getCell('A6').value).toBe('製表：');
    expect(ws.getCell('B6').value).toBe('大安營造');
    expect((ws.model as any).merges).toEqual(expect.arrayContaining(['A1:F1', 'B6:C6']));
    expect(ws.pageSetup.printArea).toBe('A1:F6');
    expect(ws.pageSetup.orientation).toBe('landscape');
    expect(ws.getColumn(2).width).toBe(16);
  });

  it('exports one staff on its own with the staff name in the file name', async () => {
    const tpl = (
      await createTemplate(writerA, { name: '資料卡', layout: 'card', cells: JSON.stringify(cardCells()) }, await cardTemplate())
    ).json();
    const res = await api(t.app, writerA).post(`${E}/export-split/${tpl.id}/${hua.id}`, { options: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('資料卡-李小華.xlsx')}`);
    const wb = await open(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['李小華']);
    expect(wb.worksheets[0]!.getCell('B2').value).toBe('李小華');
  });

  it('exports every staff matching a filter', async () => {
    const org = await buildOrganization(t.db);
    const token = await login(t.app, await buildAdmin(t.db, { memberships: { [org.id]: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] } }), {
      organizationId: org.id,
    });
    await buildStaff(t.db, org.id, { name: 'Active 1' });
    await buildStaff(t.db, org.id, { name: 'Active 2' });
    await buildStaff(t.db, org.id, { name: 'Gone', status: 'left' });
    const tpl = (
      await createTemplate(
        token,
        { name: 'R', layout: 'roster', start_row: '3', cells: JSON.stringify([{ cell: 'B3', type: 'field', field: 'name' }]) },
        await rosterTemplate(),
      )
    ).json();
    const res = await api(t.app, token).post(`${E}/export-merge/${tpl.id}`, { filter: { status: 'active' }, options: {} });
    expect(res.statusCode, res.body).toBe(200);
    const ws = (await open(res.rawPayload)).worksheets[0]!;
    expect([ws.getCell('B3').value, ws.getCell('B4').value, ws.getCell('B5').value]).toEqual(['Active 1', 'Active 2', null]);
    expect((await api(t.app, token).post(`${E}/export-merge/${tpl.id}`, { options: {} })).statusCode).toBe(400);
  });
});

describe('organizations are kept apart', () => {
  it('organization B cannot list, read, change, export or delete organization A templates', async () => {
    const tpl = (
      await createTemplate(
        writerA,
        { name: 'A only', layout: 'card', cells: JSON.stringify([{ cell: 'B2', type: 'field', field: 'name' }]) },
        await cardTemplate(),
      )
    ).json();
    expect((await api(t.app, writerB).get(`${E}/index?keyword=A only`)).json().data).toHaveLength(0);
    expect((await api(t.app, writerB).get(`${E}/${tpl.id}`)).statusCode).toBe(404);
    expect((await api(t.app, writerB).get(`${E}/${tpl.id}/sheet`)).statusCode).toBe(404);
    expect((await api(t.app, writerB).get(`${E}/${tpl.id}/file`)).statusCode).toBe(404);
    expect((await api(t.app, writerB).put(`${E}/${tpl.id}`, { name: 'x', layout: 'card', cells: [] })).statusCode).toBe(404);
    expect((await api(t.app, writerB).patch(`${E}/${tpl.id}`, { field: 'name', value: 'x' })).statusCode).toBe(404);
    expect((await api(t.app, writerB).patch(`${E}/batch`, { ids: [tpl.id], field: 'name', value: 'x' })).statusCode).toBe(404);
    expect((await upload(t.app, writerB, `${E}/${tpl.id}/file`, {}, { name: 'x.xlsx', data: await cardTemplate() })).statusCode).toBe(404);
    expect((await api(t.app, writerB).post(`${E}/export-merge/${tpl.id}`, { staff_ids: [ming.id], options: {} })).statusCode).toBe(404);
    expect((await api(t.app, writerB).post(`${E}/export-split/${tpl.id}/${ming.id}`, { options: {} })).statusCode).toBe(404);
    expect((await api(t.app, writerB).delete(`${E}/${tpl.id}`)).statusCode).toBe(404);
    expect((await api(t.app, writerB).delete(`${E}/batch`, { ids: [tpl.id] })).statusCode).toBe(404);
    expect((await api(t.app, writerA).get(`${E}/${tpl.id}`)).json().name).toBe('A only');
  });

  it('refuses a batch holding one template of another organization and changes nothing', async () => {
    const cells = JSON.stringify([{ cell: 'B2', type: 'field', field: 'name' }]);
    const mine = (await createTemplate(writerB, { name: 'B mine', layout: 'card', cells }, await cardTemplate())).json();
    const theirs = (await createTemplate(writerA, { name: 'A theirs', layout: 'card', cells }, await cardTemplate())).json();
    expect(
      (await api(t.app, writerB).patch(`${E}/batch`, { ids: [mine.id, theirs.id], field: 'name', value: 'Hijacked' })).statusCode,
    ).toBe(404);
    expect((await api(t.app, writerB).delete(`${E}/batch`, { ids: [mine.id, theirs.id] })).statusCode).toBe(404);
    expect((await api(t.app, writerB).get(`${E}/${mine.id}`)).json().name).toBe('B mine');
    expect((await api(t.app, writerA).get(`${E}/${theirs.id}`)).json().name).toBe('A theirs');
  });

  it('refuses organization A staff ids in an organization B export and exports nothing', async () => {
    const own = await buildStaff(t.db, orgB.id, { name: 'B staff' });
    const tplB = (
      await createTemplate(
        writerB,
        {
          name: 'B',
          layout: 'roster',
          start_row: '3',
          cells: JSON.stringify([
            { cell: 'B3', type: 'field', field: 'name' },
            { cell: 'C3', type: 'field', field: 'national_id_full' },
          ]),
        },
        await rosterTemplate(),
      )
    ).json();
    const exportsBefore = await t.db.selectFrom('audit_logs').select('id').where('action', '=', 'export').execute();
    const res = await api(t.app, writerB).post(`${E}/export-merge/${tplB.id}`, { staff_ids: [own.id, ming.id], options: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).not.toContain('A123456789');
    expect((await api(t.app, writerB).post(`${E}/export-split/${tplB.id}/${ming.id}`, { options: {} })).statusCode).toBe(404);
    const exportsAfter = await t.db.selectFrom('audit_logs').select('id').where('action', '=', 'export').execute();
    expect(exportsAfter.length).toBe(exportsBefore.length);
    expect((await api(t.app, writerB).post(`${E}/export-merge/${tplB.id}`, { staff_ids: [own.id], options: {} })).statusCode).toBe(200);
  });
});

describe('certificate types in templates', () => {
  it('refuses to delete a certificate type a template maps (409)', async () => {
    const type = await buildCertificateType(t.db, orgA.id, 'Mapped type');
    await createTemplate(
      writerA,
      {
        name: 'Uses type',
        layout: 'card',
        cells: JSON.stringify([{ cell: 'B6', type: 'certificate', certificate_type_id: type.id, part: 'number' }]),
      },
      await cardTemplate(),
    );
    const res = await api(t.app, writerA).delete(`/api/admin/organization/certificate-type/${type.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ id: ['validate.error.in_use'] });
  });
});

describe('sheet names', () => {
  it('avoid the reserved History and an apostrophe at either end, even after cutting to 31 characters', () => {
    const names = sheetNames(['History', 'history', `${'y'.repeat(30)}'z`, "'quoted'"]);
    expect(names[0]).toBe('History (2)');
    expect(names[1]).toBe('history (3)');
    expect(names[2]).toBe('y'.repeat(30));
    expect(names[3]).toBe('quoted');
    for (const n of names) expect(n).not.toMatch(/^'|'$/);
  });

  it('are unique, at most 31 characters and free of []:*?/\\', () => {
    const names = sheetNames(['王大明', '王大明', 'a/b:c*d?e[f]g\\h', 'x'.repeat(40), 'x'.repeat(40), '']);
    expect(names[0]).toBe('王大明');
    expect(names[1]).toBe('王大明 (2)');
    expect(names[2]).toBe('a_b_c_d_e_f_g_h');
    expect(names[3]).toHaveLength(31);
    expect(names[4]).toHaveLength(31);
    expect(names[4]).not.toBe(names[3]);
    expect(names[5]).toBe('Sheet');
    for (const n of names) expect(n).not.toMatch(/[[\]:*?/\\]/);
  });
});
