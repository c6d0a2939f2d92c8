import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
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

/**
 * A company roster: a title row, headers, three good rows (ROC, Gregorian and Excel dates) and one
 * with a wrong check digit; `change` replaces 王大明's job title, `more` adds rows.
 */
async function roster(first: number, o: { change?: string; bad?: boolean; more?: (string | null)[][] } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('人員名冊');
  ws.addRow(['大安營造 114 年度人員名冊']);
  ws.addRow(['姓名', '身分證字號', '手機', '生日', '職稱']);
  ws.addRow(['王大明', nationalId(first), '0912345678', '民國85年3月7日', o.change ?? '領班']);
  ws.addRow(['李小華', nationalId(first + 1), '0922333444', '1990/05/06', '技術士']);
  if (o.bad !== false) ws.addRow(['陳阿土', 'A123456788', '0933444555', '75/12/01', '工人']);
  ws.addRow(['林美麗', nationalId(first + 2), '0955666777', new Date(Date.UTC(1988, 6, 9)), '會計']);
  for (const r of o.more ?? []) ws.addRow(r);
  ws.getColumn(4).numFmt = 'yyyy/mm/dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const statistic = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-statistic-content').textContent();

/** The screen passes axe in light and in dark (the system's setting, followed by the app), with a screenshot of each. */
async function inBothSchemes(page: Page, name: string) {
  await expectAccessible(page, `${name} light`);
  await shot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expectAccessible(page, `${name} dark`);
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
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
    // Some rows failed: a warning saying how many were imported and failed, and how to fix them.
    expect(await page.getByTestId('import-result').getAttribute('data-outcome')).toBe('warning');
    expect(await page.locator('[data-testid=import-result].ant-result-warning').count()).toBe(1);
    expect(await page.getByTestId('import-result-title').textContent()).toBe('部分匯入：3 列已匯入，1 列失敗');
    expect(await page.getByTestId('import-result-detail').textContent()).toContain('請下載錯誤檔：有問題的儲存格標成紅色並附註原因');
    expect(await page.getByTestId('result-created').locator('.ant-statistic-content').textContent()).toBe('3');
    expect(await page.getByTestId('result-failed').locator('.ant-statistic-content').textContent()).toBe('1');
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
    // The bad cell itself is marked: filled, with the reason in its note; the good ones are not.
    expect((ws.getCell('B2').fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE');
    expect(JSON.stringify(ws.getCell('B2').note)).toContain('身分證字號：格式或檢查碼不正確');
    expect(ws.getCell('C2').fill).toBeUndefined();
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
    expect(await page.getByTestId('import-result-title').textContent()).toBe('Partly imported: 3 imported, 1 failed');
    await shot(page, 'staff-import-result-390');
    // The page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const api = await apiAs(server.url, manager.email, manager.password);
    await api.inOrganization(orgId);
    expect((await api.get('/api/admin/organization/staff/index?per_page=20')).meta.total).toBe(6);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates and updates by national id and says honestly what happened: a warning at 1440 px (zh-TW), a success at 390 px (en-US), light and dark', async () => {
    const api = await apiAs(server.url, manager.email, manager.password);
    await api.inOrganization(orgId);
    const total = async () => (await api.get('/api/admin/organization/staff/index?per_page=20')).meta.total;
    const before = await total();

    const { context, page, errors } = await newPage(1440, 900);
    await page.goto(`${server.url}/admin/staff/import`);
    await page.getByTestId('import-upload').waitFor();
    // The upload screen says which field matches staff when updating.
    expect(await page.getByTestId('import-mode').textContent()).toContain('以「身分證字號」比對本公司的人員');
    await page.getByTestId('import-mode-upsert').click();
    // The first test's roster again: 王大明 changes job, 李小華 and 林美麗 are as stored, 張三 is new, 陳阿土 is still bad.
    const again = await roster(500, { change: '主任', more: [['張三', nationalId(503), '0966777888', '1991-02-03', '工人']] });
    await page.locator('input[type=file]').setInputFiles({ name: '人員名冊.xlsx', mimeType: XLSX, buffer: again });
    await page.getByTestId('import-mapping').waitFor();
    await page.getByTestId('import-next').click();
    await page.getByTestId('import-preview').waitFor();
    expect(
      await Promise.all(
        ['import-create-count', 'import-update-count', 'import-unchanged-count', 'import-invalid-count'].map((id) => statistic(page, id)),
      ),
    ).toEqual(['1', '1', '2', '1']);
    await page.getByTestId('preview-tab').getByText('可匯入的列（4）').click();
    const validTable = await page.getByTestId('preview-table').textContent();
    expect(validTable).toContain('處理方式');
    expect(validTable).toContain('更新');
    expect(validTable).toContain('不變');
    expect(await page.getByTestId('import-run').textContent()).toContain('匯入 2 列');
    await inBothSchemes(page, 'staff-import-preview-upsert-1440');
    await page.getByTestId('import-run').click();
    await page.locator('.ant-modal-confirm', { hasText: '新增 1 位、更新 1 位人員？' }).getByRole('button', { name: '匯入' }).click();
    await page.getByTestId('import-result').waitFor();
    expect(await page.getByTestId('import-result').getAttribute('data-outcome')).toBe('warning');
    expect(await page.getByTestId('import-result-title').textContent()).toBe('部分匯入：4 列已匯入，1 列失敗');
    expect(await page.getByTestId('import-result-detail').textContent()).toContain('匯入方式：新增並更新');
    expect(
      await Promise.all(['result-created', 'result-updated', 'result-unchanged', 'result-failed'].map((id) => statistic(page, id))),
    ).toEqual(['1', '1', '2', '1']);
    await page.getByTestId('import-download-errors').waitFor();
    await inBothSchemes(page, 'staff-import-result-upsert-1440');
    expect(errors).toEqual([]);
    await context.close();
    expect(await total()).toBe(before + 1);
    const wang = (await api.get('/api/admin/organization/staff/index?keyword=王大明&per_page=20')).data;
    expect(wang.map((s: { job_title: string }) => s.job_title).sort()).toEqual(['主任', '領班']);

    // 390 px, en-US: every row handled, so a plain success, no error file.
    const phone = await newPage(390, 844, 'en-US');
    await phone.page.goto(`${server.url}/admin/staff/import`);
    await phone.page.getByTestId('import-upload').waitFor();
    expect(await phone.page.getByTestId('import-mode').textContent()).toContain("matched to this company's staff by National ID");
    await phone.page.getByTestId('import-mode-upsert').click();
    await shot(phone.page, 'staff-import-upload-mode-390');
    const good = await roster(600, {
      change: 'Foreman',
      bad: false,
      more: [['Ada', nationalId(604), '0966777888', '1991-02-03', 'Clerk']],
    });
    await phone.page.locator('input[type=file]').setInputFiles({ name: 'roster.xlsx', mimeType: XLSX, buffer: good });
    await phone.page.getByTestId('import-mapping').waitFor();
    await phone.page.getByTestId('import-next').click();
    await phone.page.getByTestId('import-preview').waitFor();
    await shot(phone.page, 'staff-import-preview-upsert-390');
    await phone.page.getByTestId('import-run').click();
    await phone.page
      .locator('.ant-modal-confirm', { hasText: 'Add 1 and update 1 staff?' })
      .getByRole('button', { name: 'Import' })
      .click();
    await phone.page.getByTestId('import-result').waitFor();
    expect(await phone.page.getByTestId('import-result').getAttribute('data-outcome')).toBe('success');
    expect(await phone.page.getByTestId('import-result-title').textContent()).toBe('Import complete');
    expect(
      await Promise.all(['result-created', 'result-updated', 'result-unchanged', 'result-failed'].map((id) => statistic(phone.page, id))),
    ).toEqual(['1', '1', '2', '0']);
    expect(await phone.page.getByTestId('import-download-errors').count()).toBe(0);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await inBothSchemes(phone.page, 'staff-import-result-upsert-390');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    expect(await total()).toBe(before + 2);
  });
});
