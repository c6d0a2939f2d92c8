import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { apiAs, expectAccessible, seedAdmin, seedOrganization, shot, signIn, startFlow, type TestServer } from './harness.ts';

let server: TestServer;
let browser: Browser;
let orgId: number;
const manager = { email: 'import.manager@example.com', password: 'Manager#1234' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A national id with its check digit: A1nnnnnnn?. */
function nationalId(n: number): string {
  const body = `1${String(n).padStart(7, '0')}`;
  let sum = 1;
  for (let i = 0; i < 8; i++) sum += Number(body[i]) * (8 - i);
  return `A${body}${(10 - (sum % 10)) % 10}`;
}

/** A company roster: a title row, headers, three good rows (ROC, Gregorian and Excel dates) and one with a wrong check digit. */
async function roster(first: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('人員名冊');
  ws.addRow(['大安營造 114 年度人員名冊']);
  ws.addRow(['姓名', '身分證字號', '手機', '生日', '職稱']);
  ws.addRow(['王大明', nationalId(first), '0912345678', '民國85年3月7日', '領班']);
  ws.addRow(['李小華', nationalId(first + 1), '0922333444', '1990/05/06', '技術士']);
  ws.addRow(['陳阿土', 'A123456788', '0933444555', '75/12/01', '工人']);
  ws.addRow(['林美麗', nationalId(first + 2), '0955666777', new Date(Date.UTC(1988, 6, 9)), '會計']);
  ws.getColumn(4).numFmt = 'yyyy/mm/dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const managerId = await seedAdmin(server.dataDir, { ...manager, name: 'Import Manager', roles: [] });
  orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    companyId: '24681357',
    uid: 'daan-import',
    members: [{ adminId: managerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }],
  });
});

async function newPage(width: number, height: number, language?: 'en-US') {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-TW', acceptDownloads: true });
  if (language) await context.addInitScript((l) => localStorage.setItem('app_language', l), language);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, server.url, manager.email, manager.password);
  return { context, page, errors };
}

describe('staff import', () => {
  it('imports a roster with one bad row, shows the counts, asks before leaving and gives back the error workbook (1440 px, zh-TW)', async () => {
    const { context, page, errors } = await newPage(1440, 900);
    await page.goto(`${server.url}/admin/staff`);
    await page.getByTestId('staff-import').click();
    await page.waitForURL((u) => u.pathname === '/admin/staff/import');
    await page.getByTestId('import-upload').waitFor();
    await shot(page, 'staff-import-upload-1440');
    await expectAccessible(page, 'staff import 1440 zh-TW');

    await page.locator('input[type=file]').setInputFiles({ name: '人員名冊.xlsx', mimeType: XLSX, buffer: await roster(500) });
    await page.getByTestId('import-mapping').waitFor();
    await expect.poll(() => page.getByTestId('mapping-source').textContent()).toContain('已依標題名稱建議欄位對應');
    expect(await page.getByTestId('mapping-A').textContent()).toContain('姓名');
    expect(await page.getByTestId('mapping-D').textContent()).toContain('生日');
    await shot(page, 'staff-import-mapping-1440');

    // Leaving now would lose the mapping: the app asks, and staying keeps it.
    await page
      .locator('.ant-layout-sider .ant-menu-item', { hasText: /^人員報表$/ })
      .first()
      .click();
    const leave = page.locator('.ant-modal-confirm', { hasText: '離開匯入？' });
    await leave.waitFor();
    await leave.getByRole('button', { name: '留下' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/staff/import');

    await page.getByTestId('import-next').click();
    await page.getByTestId('import-preview').waitFor();
    expect(await page.getByTestId('import-total').locator('.ant-statistic-content').textContent()).toBe('4');
    expect(await page.getByTestId('import-valid-count').locator('.ant-statistic-content').textContent()).toBe('3');
    expect(await page.getByTestId('import-invalid-count').locator('.ant-statistic-content').textContent()).toBe('1');
    const table = page.getByTestId('preview-table');
    expect(await table.textContent()).toContain('陳阿土');
    expect(await table.textContent()).toContain('身分證字號：格式或檢查碼不正確');
    await shot(page, 'staff-import-preview-1440');
    await expectAccessible(page, 'staff import preview 1440 zh-TW');

    await page.getByTestId('import-run').click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '匯入 3 位人員？' });
    await confirm.getByRole('button', { name: '匯入' }).click();
    await page.getByTestId('import-result').waitFor();
    expect(await page.getByTestId('import-result-title').textContent()).toBe('已匯入 3 位人員');
    expect(await page.getByTestId('import-result-detail').textContent()).toContain('1 列未匯入');
    await shot(page, 'staff-import-result-1440');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('import-download-errors').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('人員名冊-錯誤.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as any);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('人員名冊');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['姓名', '身分證字號', '手機', '生日', '職稱', '錯誤原因', '原始列號']);
    expect((ws.getRow(2).values as unknown[]).slice(1, 6)).toEqual(['陳阿土', 'A123456788', '0933444555', '75/12/01', '工人']);
    expect(ws.getCell('F2').value).toBe('身分證字號：格式或檢查碼不正確');
    expect(ws.getCell('G2').value).toBe(5);
    expect(ws.rowCount).toBe(2);

    // The staff list shows the three new staff.
    await page.getByTestId('import-to-list').click();
    await page.waitForURL((u) => u.pathname === '/admin/staff');
    await expect
      .poll(async () => (await page.getByTestId('staff-name').allTextContents()).sort())
      .toEqual(['李小華', '林美麗', '王大明'].sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a 390 px phone in en-US: the remembered mapping, the refused rows, the import', async () => {
    const { context, page, errors } = await newPage(390, 844, 'en-US');
    await page.goto(`${server.url}/admin/staff/import`);
    await page.getByTestId('import-upload').waitFor();
    await shot(page, 'staff-import-upload-390');
    // The organization's last import left its mapping: this roster starts from it.
    await page.locator('input[type=file]').setInputFiles({ name: 'roster.xlsx', mimeType: XLSX, buffer: await roster(600) });
    await page.getByTestId('import-mapping').waitFor();
    expect(await page.getByTestId('mapping-source').textContent()).toContain('The mapping of your last import is applied');
    await shot(page, 'staff-import-mapping-390');
    await expectAccessible(page, 'staff import mapping 390');
    await page.getByTestId('import-next').click();
    await page.getByTestId('import-preview').waitFor();
    expect(await page.getByTestId('import-invalid-count').locator('.ant-statistic-content').textContent()).toBe('1');
    expect(await page.getByTestId('preview-table').textContent()).toContain('National ID: wrong format or check digit');
    await shot(page, 'staff-import-preview-390');
    await page.getByTestId('import-run').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Import' }).click();
    await page.getByTestId('import-result').waitFor();
    expect(await page.getByTestId('import-result-title').textContent()).toBe('3 staff imported');
    await shot(page, 'staff-import-result-390');
    // The page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const api = await apiAs(server.url, manager.email, manager.password);
    await api.inOrganization(orgId);
    expect((await api.get('/api/admin/organization/staff/index?per_page=20')).meta.total).toBe(6);
    expect(errors).toEqual([]);
    await context.close();
  });
});
