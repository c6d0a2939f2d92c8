import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import {
  apiAs,
  type ApiSession,
  expectAccessible,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  type TestServer,
  scrollToOverviewCards,
} from './harness.ts';
import { cardTemplate, samplePhoto } from '../apps/server/src/modules/staff-excel/staff-excel.fixtures.ts';
import { addDays, todayInTaipei } from '../packages/shared/src/dates.ts';

let server: TestServer;
let browser: Browser;
let orgId: number;
let api: ApiSession;
const manager = { email: 'staff.manager@example.com', password: 'Manager#1234' };
const staffIds: number[] = [];

async function uploadPhoto(staffId: number, data: Buffer) {
  const fd = new FormData();
  fd.set('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
  const r = await fetch(`${server.url}/api/admin/organization/staff/${staffId}/photo`, {
    method: 'POST',
    body: fd,
    headers: { 'x-fingerprint': api.fingerprint, authorization: `Bearer ${api.token}` },
  });
  if (!r.ok) throw new Error(`photo upload ${r.status} ${await r.text()}`);
}

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const managerId = await seedAdmin(server.dataDir, { ...manager, name: 'Staff Manager', roles: [] });
  orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    companyId: '24681357',
    uid: 'daan',
    members: [{ adminId: managerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }],
  });
  api = await apiAs(server.url, manager.email, manager.password);
  await api.inOrganization(orgId);
  const { data: types } = await api.post('/api/admin/organization/certificate-type/defaults');
  const safety = types[0];
  const soon = addDays(todayInTaipei(), 10);
  const a = await api.post('/api/admin/organization/staff', {
    name: '王大明',
    nickname: '阿明',
    national_id: 'A123456789',
    birthday: '1990-05-06',
    mobile: '0912345678',
    job_title: '領班',
    certificates: [{ certificate_type_id: safety.id, number: 'S-001', issued_at: '2024-01-01', expires_at: '2027-06-30' }],
  });
  const b = await api.post('/api/admin/organization/staff', {
    name: '李小華',
    national_id: 'F131104093',
    birthday: '1985-12-31',
    job_title: '=1+1',
    certificates: [{ certificate_type_id: safety.id, number: 'S-002', expires_at: soon }],
  });
  staffIds.push(a.id, b.id);
  await uploadPhoto(a.id, await samplePhoto('#2563eb', 300, 400));
  // A template made through the API, so each flow below can also run on its own.
  const fd = new FormData();
  fd.set('name', '既有範本');
  fd.set('layout', 'card');
  fd.set(
    'cells',
    JSON.stringify([
      { cell: 'B2', type: 'field', field: 'display_name' },
      { cell: 'C2', type: 'photo', range: 'C2:D7' },
    ]),
  );
  fd.set('file', new Blob([new Uint8Array(await cardTemplate())]), '既有範本.xlsx');
  const r = await fetch(`${server.url}/api/admin/organization/staff-excel`, {
    method: 'POST',
    body: fd,
    headers: { 'x-fingerprint': api.fingerprint, authorization: `Bearer ${api.token}` },
  });
  if (!r.ok) throw new Error(`template ${r.status} ${await r.text()}`);
});

async function newPage(width = 1280, height = 860, language?: 'en-US') {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-TW', acceptDownloads: true });
  if (language) await context.addInitScript((l) => localStorage.setItem('app_language', l), language);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await signIn(page, server.url, manager.email, manager.password);
  } catch (e) {
    await shot(page, 'staff-sign-in-failed');
    throw new Error(`${(e as Error).message}\nurl: ${page.url()}\nerrors: ${errors.join('; ')}\nserver: ${server.output().slice(-2000)}`);
  }
  return { context, page, errors };
}

/** Picks an option of an antd Select found by its test id. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

async function mapCell(page: Page, cell: string, type: string, field?: string) {
  await page.locator(`[data-cell="${cell}"]`).click();
  await page.getByTestId('mapping-editor').getByText(`儲存格 ${cell}`).waitFor();
  await choose(page, 'mapping-type', type);
  if (field) await choose(page, 'mapping-field', field);
}

/** Issue 14.5: axe on the certificate types dialog, opened from the staff list and closed again. */
async function checkCertificateTypesDialog(page: Page, name: string, screen: string) {
  await page.getByTestId('certificate-types').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('type-name') });
  await dialog.locator('.ant-list-item').first().waitFor();
  await shot(page, name);
  await expectAccessible(page, screen);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** Issue 14.5: axe on the template list and on its delete confirmation, which is cancelled (the template stays). */
async function checkTemplateList(page: Page, name: string, where: string) {
  await page.goto(`${server.url}/admin/staff-excel`);
  const first = page.getByTestId('template-link').first();
  await first.waitFor();
  const template = await first.textContent();
  await shot(page, name);
  await expectAccessible(page, `Excel template list ${where}`);
  await page.getByTestId('staff-excel-table').locator('tbody tr').filter({ hasText: template! }).locator('.ant-btn-dangerous').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByTestId('confirm-ok').waitFor();
  await shot(page, `${name}-delete-confirm`);
  await expectAccessible(page, `delete confirmation ${where}`);
  await confirm.getByRole('button', { name: /取\s*消|Cancel/ }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByTestId('template-link').filter({ hasText: template! }).waitFor();
}

describe('staff and staff spreadsheet exports', () => {
  it('lists staff with certificate states and filters them', async () => {
    const { context, page, errors } = await newPage();
    // The overview counts certificates expired or expiring within 30 days.
    await scrollToOverviewCards(page);
    const card = page.getByTestId('certificate-expiry-card');
    await card.getByText('李小華 · 職業安全衛生教育訓練').waitFor();
    expect(await card.locator('.ant-statistic-content-value').allTextContents()).toEqual(['0', '1']);
    await shot(page, 'staff-overview-expiry');
    await page.goto(`${server.url}/admin/staff`);
    await page.getByTestId('staff-name').first().waitFor();
    expect(await page.getByTestId('staff-name').count()).toBe(2);
    expect(await page.getByText('A12****789').count()).toBe(1);
    await page.getByTestId('cert-status-expiring').first().waitFor();
    await shot(page, 'staff-list');
    await expectAccessible(page, 'staff list 1280 zh-TW');
    await page.setViewportSize({ width: 1440, height: 900 });
    await checkCertificateTypesDialog(page, 'certificate-types', 'certificate types dialog 1440 zh-TW');
    await page.setViewportSize({ width: 1280, height: 860 });
    await choose(page, 'filter-certificate-status', '即將到期');
    await page.waitForURL(/certificate_status=expiring/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="staff-name"]').length === 1);
    expect(await page.getByTestId('staff-name').textContent()).toBe('李小華');
    await page.getByTestId('staff-name').click();
    await page.waitForURL(/\/admin\/staff\/\d+\/update/);
    await page.getByTestId('certificate-rows').waitFor();
    await shot(page, 'staff-form');
    await expectAccessible(page, 'staff form 1280 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a staff through the form with a certificate, its scanned file and a photo', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${server.url}/admin/staff/create`);
    await page.getByTestId('staff-name-input').fill('陳志強');
    await page.locator('#national_id').fill('A123456788');
    await page.locator('#mobile').fill('0987654321');
    await page.getByTestId('form-submit').click();
    await page.getByText('身分證字號格式或檢查碼不正確').waitFor();
    await page.locator('#national_id').fill('A223456781');
    await page
      .getByTestId('staff-photo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto('#9333ea', 240, 320) });
    await page.getByTestId('certificate-add').click();
    await page.locator('#certificates_0_number').fill('FA-77');
    await page.locator('#certificates_0_expires_at').fill('2028-03-31');
    // Tab, not Enter: Enter in a field submits the form.
    await page.locator('#certificates_0_expires_at').press('Tab');
    await page
      .locator('.staff-cert-row input[type=file]')
      .setInputFiles({ name: '急救證.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByText('待上傳：急救證.pdf').waitFor();
    await shot(page, 'staff-create');
    await expectAccessible(page, 'new staff form 1280 zh-TW');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/admin\/staff\/\d+\/update/);
    const id = Number(/staff\/(\d+)\/update/.exec(page.url())![1]);
    // The photo and the certificate's file are uploaded after the save answers.
    let saved: any;
    await expect
      .poll(async () => {
        saved = await api.get(`/api/admin/organization/staff/${id}`);
        return Boolean(saved.has_photo && saved.certificates[0]?.has_file);
      })
      .toBe(true);
    expect(saved).toMatchObject({ name: '陳志強', national_id: 'A22****781', mobile: '0987654321', has_photo: true });
    expect(saved.certificates).toHaveLength(1);
    expect(saved.certificates[0]).toMatchObject({ number: 'FA-77', expires_at: '2028-03-31', has_file: true, file_name: '急救證.pdf' });
    expect(errors).toEqual([]);
    await context.close();
    await api.delete(`/api/admin/organization/staff/${id}`);
  });

  it('creates a template from an .xlsx, maps cells, previews and exports two staff into one workbook', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${server.url}/admin/staff-excel/create`);
    await page
      .locator('[data-testid="template-file"] input[type=file], .ant-upload input[type=file]')
      .first()
      .setInputFiles({
        name: '業主資料卡.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await cardTemplate(),
      });
    await page.getByTestId('template-name').fill('業主資料卡');
    await shot(page, 'staff-excel-create');
    await expectAccessible(page, 'Excel template form 1280 zh-TW');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/admin\/staff-excel\/\d+\/update/);
    await page.getByTestId('sheet-grid').waitFor();

    await mapCell(page, 'B2', '人員欄位', '姓名（暱稱）');
    await mapCell(page, 'B3', '人員欄位', '身分證字號（遮蔽）');
    await mapCell(page, 'B4', '日期欄位');
    await mapCell(page, 'B6', '證照');
    await mapCell(page, 'C2', '照片');
    await mapCell(page, 'B10', '固定內容');
    expect(await page.getByTestId('cells-count').textContent()).toBe('6 / 50 格');
    await page.getByTestId('mapping-save').click();
    await page.getByText('對應已儲存').waitFor();
    await shot(page, 'staff-excel-mapping');
    await expectAccessible(page, 'Excel template mapping 1280 zh-TW');

    await page.getByTestId('view-switch').getByText('預覽').click();
    await page.locator('[data-cell="B10"]', { hasText: '大安營造' }).waitFor();
    await shot(page, 'staff-excel-preview');

    await page.getByTestId('go-export').click();
    await page.waitForURL(/\/export$/);
    await page.getByTestId('export-staff-table').locator('tbody input[type=checkbox]').first().waitFor();
    // antd draws its own box over the input: check the header box (select all on this page).
    await page.getByTestId('export-staff-table').locator('thead input[type=checkbox]').check({ force: true });
    await page.getByTestId('export-selected').waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-selected').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^業主資料卡-\d{8}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as any);
    expect(wb.worksheets.map((w) => w.name).sort()).toEqual(['李小華', '王大明 (阿明)']);
    const ming = wb.getWorksheet('王大明 (阿明)')!;
    const hua = wb.getWorksheet('李小華')!;
    expect(ming.getCell('B2').value).toBe('王大明 (阿明)');
    expect(ming.getCell('B3').value).toBe('A12****789');
    expect(ming.getCell('B4').value).toBe('1990-05-06');
    expect(ming.getCell('B6').value).toBe('S-001');
    expect(ming.getCell('B10').value).toBe('大安營造');
    expect(ming.getImages()).toHaveLength(1);
    expect(hua.getCell('B2').value).toBe('李小華');
    expect(hua.getCell('B6').value).toBe('S-002');
    expect(hua.getImages()).toHaveLength(0);
    for (const ws of [ming, hua]) {
      expect(ws.getCell('A1').value).toBe('人員資料卡');
      expect((ws.model as any).merges).toEqual(expect.arrayContaining(['A1:D1', 'C2:D7']));
      expect(ws.getColumn(2).width).toBe(24);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'staff-excel-export');
    await expectAccessible(page, 'Excel export 1440 zh-TW');
    await checkTemplateList(page, 'staff-excel-list', '1440 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at phone width (390 px)', async () => {
    const { context, page, errors } = await newPage(390, 844);
    await page.goto(`${server.url}/admin/staff`);
    await page.getByTestId('staff-name').first().waitFor();
    await shot(page, 'staff-list-phone');
    await expectAccessible(page, 'staff list 390 zh-TW');
    await checkCertificateTypesDialog(page, 'certificate-types-phone', 'certificate types dialog 390 zh-TW');
    await page.goto(`${server.url}/admin/staff/${staffIds[0]}/update`);
    await page.getByTestId('certificate-rows').waitFor();
    await shot(page, 'staff-form-phone');
    await expectAccessible(page, 'staff form 390 zh-TW');
    await checkTemplateList(page, 'staff-excel-list-phone', '390 zh-TW');
    await page.getByTestId('template-link').first().click();
    await page.getByTestId('sheet-grid').waitFor();
    await shot(page, 'staff-excel-mapping-phone');
    await expectAccessible(page, 'Excel template mapping 390 zh-TW');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.getByTestId('go-export').click();
    await page.getByTestId('export-staff-table').locator('tbody tr[data-row-key]').first().waitFor();
    await shot(page, 'staff-excel-export-phone');
    await expectAccessible(page, 'Excel export 390 zh-TW');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a saved national id masked and the blood type as recorded, and keeps both when the form saves', async () => {
    const created = await api.post('/api/admin/organization/staff', { name: '周大同', national_id: 'A800000014', blood_type: 'O' });
    const { context, page, errors } = await newPage();
    await page.goto(`${server.url}/admin/staff/${created.id}/update`);
    await expect.poll(() => page.locator('#national_id').inputValue()).toBe('A80****014');
    await page.getByText('已記錄（不顯示）').waitFor();
    await page.locator('#nickname').fill('阿同');
    await page.getByTestId('form-submit').click();
    await expect.poll(async () => (await api.get(`/api/admin/organization/staff/${created.id}`)).nickname).toBe('阿同');
    expect(await api.get(`/api/admin/organization/staff/${created.id}`)).toMatchObject({ national_id: 'A80****014', blood_type: '已記錄' });
    const found = await api.get('/api/admin/organization/staff/index?keyword=A800000014');
    expect(found.data.map((s: { id: number }) => s.id)).toEqual([created.id]);
    expect(errors).toEqual([]);
    await context.close();
    await api.delete(`/api/admin/organization/staff/${created.id}`);
  });

  it('speaks en-US on the staff and template screens', async () => {
    const { context, page, errors } = await newPage(1440, 900, 'en-US');
    await page.goto(`${server.url}/admin/staff`);
    await page.getByTestId('staff-name').first().waitFor();
    await page.getByText('1 expiring').first().waitFor();
    await page.getByText('National ids are masked in lists').waitFor();
    await shot(page, 'staff-list-en');
    await expectAccessible(page, 'staff list 1440 en-US');
    await page.goto(`${server.url}/admin/staff-excel`);
    await page.getByTestId('template-link').first().waitFor();
    await shot(page, 'staff-excel-list-en');
    await expectAccessible(page, 'Excel template list 1440 en-US');
    await page.getByTestId('template-link').first().click();
    await page.getByTestId('sheet-grid').waitFor();
    await page.getByText('Click a cell of the sheet to map it').first().waitFor();
    await page.locator('[data-cell="B3"]').click();
    await page.getByText('Cell B3').waitFor();
    await shot(page, 'staff-excel-mapping-en');
    await expectAccessible(page, 'Excel template mapping 1440 en-US');
    await page.getByTestId('go-export').click();
    await page.getByText('Tick the staff to export, or export everyone matching the filters').waitFor();
    await page.getByTestId('export-staff-table').locator('tbody tr[data-row-key]').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
    expect(await page.getByTestId('export-all').isEnabled()).toBe(true);
    await shot(page, 'staff-excel-export-en');
    await expectAccessible(page, 'Excel export 1440 en-US');
    expect(errors).toEqual([]);
    await context.close();
  });
});
