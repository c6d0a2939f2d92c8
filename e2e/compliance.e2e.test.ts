import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import {
  apiAs,
  closeToasts,
  expectAccessible,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  waitForSettled,
  type TestServer,
} from './harness.ts';

/**
 * Issue 38 "Done when", as a site office would: create a site, import 20 workers of a subcontractor from
 * a workbook with two bad rows, put them on the site's roster, record a training and a health check for
 * one of them, see the compliance dashboard change, and export it (docs/compliance.md).
 */
let server: TestServer;
let browser: Browser;
let orgId: number;
let contractorId: number;
const office = { email: 'site.office@example.com', password: 'Office#12345' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A national id with its check digit: A1nnnnnnn?. */
function nationalId(n: number): string {
  const body = `1${String(n).padStart(7, '0')}`;
  let sum = 1;
  for (let i = 0; i < 8; i++) sum += Number(body[i]) * (8 - i);
  return `A${body}${(10 - (sum % 10)) % 10}`;
}

/** 20 workers, and two rows the import refuses: a wrong check digit and a row without a name. */
async function workers(prefix: string, first: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('工班名冊');
  ws.addRow(['姓名', '身分證字號', '手機', '生日', '職稱']);
  for (let i = 0; i < 20; i++) {
    ws.addRow([
      `${prefix}${String(i + 1).padStart(2, '0')}`,
      nationalId(first + i),
      `09${String(12345600 + i).padStart(8, '0')}`,
      `${1975 + i}/03/15`,
      '技術工',
    ]);
    if (i === 6) ws.addRow([`${prefix}錯號`, 'A123456788', '0933444555', '1980/01/01', '技術工']);
    if (i === 13) ws.addRow([null, nationalId(first + 90), '0933444556', '1981/01/01', '技術工']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const officeId = await seedAdmin(server.dataDir, { ...office, name: '工地辦公室', roles: [] });
  orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    companyId: '24681357',
    uid: 'daan-compliance',
    members: [{ adminId: officeId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] }],
  });
  const api = await apiAs(server.url, office.email, office.password);
  await api.inOrganization(orgId);
  contractorId = (await api.post('/api/admin/organization/contractors', { name: '永信工程行', contact_email: 'yongxin@example.com' })).id;
  await api.post('/api/admin/organization/contractors', { name: '板橋工程行' });
});

async function newPage(width: number, height: number, language?: 'en-US') {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'zh-TW',
    acceptDownloads: true,
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(
    ([id, lang]) => {
      if (!localStorage.getItem('active_organization')) localStorage.setItem('active_organization', String(id));
      if (lang) localStorage.setItem('app_language', lang);
    },
    [orgId, language ?? null] as const,
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, server.url, office.email, office.password);
  return { context, page, errors };
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const cardCount = async (page: Page, status: string) =>
  Number((await page.getByTestId(`status-card-${status}`).locator('.compliance-card-count').textContent())?.trim());

/** Picks an option of an antd select by its visible text. */
async function choose(page: Page, select: ReturnType<Page['getByTestId']>, text: string | RegExp) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

async function createSite(page: Page, name: string, width: number, label: string) {
  await page.goto(`${server.url}/admin/site/create`);
  await page.getByTestId('site-name').waitFor();
  await expectAccessible(page, `site form ${label}`);
  await shot(page, `compliance-site-create-${width}`);
  await page.getByTestId('site-name').fill(name);
  await page.getByTestId('form-submit').click();
  const api = await apiAs(server.url, office.email, office.password);
  await api.inOrganization(orgId);
  let siteId = 0;
  await expect
    .poll(async () => {
      const list = await api.get('/api/admin/organization/sites/index?per_page=100');
      siteId = list.data.find((s: { name: string; id: number }) => s.name === name)?.id ?? 0;
      return siteId;
    })
    .toBeGreaterThan(0);
  return siteId;
}

async function importWorkers(page: Page, contractor: string, prefix: string, first: number, words: { refused: string[]; total: string }) {
  await page.goto(`${server.url}/admin/staff/import`);
  await page.getByTestId('import-upload').waitFor();
  await choose(page, page.getByTestId('import-company'), contractor);
  await page.locator('input[type=file]').setInputFiles({ name: '工班名冊.xlsx', mimeType: XLSX, buffer: await workers(prefix, first) });
  await page.getByTestId('import-mapping').waitFor();
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-preview').waitFor();
  expect(await page.getByTestId('import-total').locator('.ant-statistic-content').textContent()).toBe('22');
  expect(await page.getByTestId('import-valid-count').locator('.ant-statistic-content').textContent()).toBe('20');
  expect(await page.getByTestId('import-invalid-count').locator('.ant-statistic-content').textContent()).toBe('2');
  // The preview lists the two refused rows, each with its reason.
  const refused = await page.getByTestId('preview-table').textContent();
  for (const reason of words.refused) expect(refused).toContain(reason);
  await page.getByTestId('import-run').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: words.total }).click();
  await page.getByTestId('import-result').waitFor();
  expect(await page.getByTestId('result-created').locator('.ant-statistic-content').textContent()).toBe('20');
  expect(await page.getByTestId('result-failed').locator('.ant-statistic-content').textContent()).toBe('2');
}

/**
 * The subcontractor put on the site (its workers become pickable), then its `count` workers picked one by
 * one in the roster dialog's staff select (the only pickable ones: the organization has no own staff).
 */
async function assignAll(page: Page, siteId: number, contractor: string, count: number, role: string | RegExp) {
  await page.goto(`${server.url}/admin/site/${siteId}/update`);
  await page.getByTestId('roster-add').waitFor();
  await page.getByRole('tab').nth(1).click();
  await choose(page, page.getByTestId('site-contractors'), contractor);
  await page.keyboard.press('Escape');
  await page.getByTestId('site-contractors-save').click();
  const api = await apiAs(server.url, office.email, office.password);
  await api.inOrganization(orgId);
  await expect.poll(async () => JSON.stringify(await api.get(`/api/admin/organization/sites/${siteId}/contractors`))).toContain(contractor);
  await closeToasts(page);

  await page.getByRole('tab').nth(0).click();
  await page.getByTestId('roster-add').click();
  const staff = page.getByTestId('roster-staff');
  await staff.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Escape');
  await expect.poll(() => staff.locator('.ant-select-selection-item').count()).toBeGreaterThan(0);
  await choose(page, page.getByTestId('roster-role'), role);
  await page.getByTestId('roster-save').click();
  await expect
    .poll(async () => (await api.get(`/api/admin/organization/sites/${siteId}/roster?per_page=100`)).meta?.total ?? 0)
    .toBe(count);
  await page.getByTestId('site-roster-table').locator('tbody tr.ant-table-row').first().waitFor();
  // The last tap leaves a row hovered (its buttons mid-transition): move away and let the toast go before axe looks.
  await page.getByTestId('site-name').hover();
  await expect.poll(() => page.locator('.ant-table-cell-row-hover').count()).toBe(0);
  await closeToasts(page);
  await waitForSettled(page);
}

/** A training and a health check for one worker, on the evidence tabs of the staff form. */
async function recordEvidence(page: Page, staffId: number, words: { general: string; check: string; healthTab: RegExp }) {
  await page.goto(`${server.url}/admin/staff/${staffId}/update`);
  await page.getByTestId('staff-evidence').waitFor();
  await page.getByTestId('evidence-add-trainings').click();
  const training = page.getByTestId('evidence-form-trainings');
  await training.waitFor();
  await choose(page, training.locator('#course_kind').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), words.general);
  await training.locator('#course_name').fill('營造業一般安全衛生教育訓練');
  await training.locator('#hours').fill('6');
  await training.locator('#completed_on').fill('2026-11-20');
  await training.locator('#completed_on').press('Enter');
  await page.locator('.ant-modal:visible .ant-btn-primary').click();
  await training.waitFor({ state: 'hidden' });
  await closeToasts(page);

  await page.getByTestId('staff-evidence').getByRole('tab', { name: words.healthTab }).click();
  await page.getByTestId('evidence-add-health-checks').click();
  const check = page.getByTestId('evidence-form-health-checks');
  await check.waitFor();
  await choose(page, check.locator('#check_kind').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'), words.check);
  await check.locator('#checked_on').fill('2026-11-18');
  await check.locator('#checked_on').press('Enter');
  await page.locator('.ant-modal:visible .ant-btn-primary').click();
  await check.waitFor({ state: 'hidden' });
}

async function exportDashboard(page: Page, name: string) {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('compliance-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await download.path())!) as any);
  const text = wb.worksheets.map((ws) => ws.getSheetValues().flat().join(' ')).join(' ');
  expect(text).toContain(name);
  return wb;
}

describe('sites and the law, in the browser', () => {
  it('creates a site, imports a subcontractor’s 20 workers (two rows refused), assigns them, records evidence, and the dashboard and its export follow (1440 px, zh-TW)', async () => {
    const { context, page, errors } = await newPage(1440, 900);
    const siteId = await createSite(page, '信義區住宅新建工程', 1440, '1440 zh-TW');

    await importWorkers(page, '永信工程行', '永信工人', 700, { refused: ['身分證字號：格式或檢查碼不正確', '姓名：必填'], total: '匯入' });
    await shot(page, 'compliance-import-result-1440');

    await assignAll(page, siteId, '永信工程行', 20, '一般作業人員');
    await expectAccessible(page, 'site roster 1440 zh-TW');
    await shot(page, 'compliance-site-roster-1440');

    await page.goto(`${server.url}/admin/compliance`);
    await page.getByTestId('compliance-cards').waitFor();
    await expect.poll(() => cardCount(page, 'missing')).toBeGreaterThan(0);
    const missingBefore = await cardCount(page, 'missing');
    await expectAccessible(page, 'compliance dashboard 1440 zh-TW');
    await shot(page, 'compliance-dashboard-before-1440');

    const api = await apiAs(server.url, office.email, office.password);
    await api.inOrganization(orgId);
    const worker = (await api.get(`/api/admin/organization/staff/index?per_page=100&keyword=${encodeURIComponent('永信工人01')}`)).data[0];
    // The import made them the subcontractor's workers.
    expect(worker.contractor_id).toBe(contractorId);
    await recordEvidence(page, worker.id, { general: '一般安全衛生教育', check: '一般體格檢查', healthTab: /健康檢查/ });
    await shot(page, 'compliance-evidence-1440');

    await page.goto(`${server.url}/admin/compliance`);
    await page.getByTestId('compliance-cards').waitFor();
    // The training and the pre-employment check each settle one of the worker's missing items.
    await expect.poll(() => cardCount(page, 'missing')).toBeLessThan(missingBefore);
    await shot(page, 'compliance-dashboard-after-1440');

    const wb = await exportDashboard(page, '永信工人02');
    expect(wb.worksheets.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a 390 px phone in en-US: the site, the import, the roster and the dashboard with its export', async () => {
    const { context, page, errors } = await newPage(390, 844, 'en-US');
    const siteId = await createSite(page, 'Banqiao plant extension', 390, '390 en-US');
    await noSideScroll(page, 390);

    await importWorkers(page, '板橋工程行', '板橋工人', 800, {
      refused: ['National ID: wrong format or check digit', 'Name: required'],
      total: 'Import',
    });
    await noSideScroll(page, 390);

    await assignAll(page, siteId, '板橋工程行', 20, 'General worker');
    await expectAccessible(page, 'site roster 390 en-US');
    await shot(page, 'compliance-site-roster-390');
    await noSideScroll(page, 390);

    await page.goto(`${server.url}/admin/compliance`);
    await page.getByTestId('compliance-cards').waitFor();
    await expect.poll(() => cardCount(page, 'missing')).toBeGreaterThan(0);
    await expectAccessible(page, 'compliance dashboard 390 en-US');
    await shot(page, 'compliance-dashboard-390');
    await noSideScroll(page, 390);
    await exportDashboard(page, '板橋工人01');
    expect(errors).toEqual([]);
    await context.close();
  });
});
