import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { rosterTemplate } from '../apps/server/src/modules/staff-excel/staff-excel.fixtures.ts';
import {
  apiAs,
  closeToasts,
  expectAccessible,
  noSideScroll,
  seedAdmin,
  seedOrganization,
  shot,
  signedInPage,
  startFlow,
  type TestServer,
} from './harness.ts';

// Issue 37 item 4: a personal data viewer shows a staff member's masked national ID for a reason, with its
// identity proven, for 60 seconds; the reveal is in the audit log.
let server: TestServer;
let browser: Browser;
let staffId: number;
let templateId: number;
const viewer = { email: 'pd.viewer@example.com', password: 'Viewer#1234' };
const writer = { email: 'pd.writer@example.com', password: 'Writer#1234' };
const admin = { email: 'pd.super@example.com', password: 'Super#12345' };
const CANARY = 'A123456789';

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const viewerId = await seedAdmin(server.dataDir, { ...viewer, name: '個資檢視員', roles: [] });
  const writerId = await seedAdmin(server.dataDir, { ...writer, name: '人員編輯', roles: [] });
  await seedAdmin(server.dataDir, { ...admin, name: 'Super', roles: ['ROLE_SUPER_ADMIN'] });
  const orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    companyId: '24681357',
    uid: 'daan',
    members: [
      { adminId: viewerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_READ', 'SUB_ACCOUNT_ROLE_PERSONAL_DATA'] },
      { adminId: writerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] },
    ],
  });
  const api = await apiAs(server.url, writer.email, writer.password);
  await api.inOrganization(orgId);
  staffId = (
    await api.post('/api/admin/organization/staff', { name: '王大明', national_id: CANARY, blood_type: 'O', birthday: '1990-05-06' })
  ).id;
  const fd = new FormData();
  fd.set('name', '勞保名冊');
  fd.set('layout', 'roster');
  fd.set('start_row', '3');
  fd.set(
    'cells',
    JSON.stringify([
      { cell: 'B3', type: 'field', field: 'name' },
      { cell: 'C3', type: 'field', field: 'national_id_full' },
    ]),
  );
  fd.set('file', new Blob([new Uint8Array(await rosterTemplate())]), '勞保名冊.xlsx');
  const r = await fetch(`${server.url}/api/admin/organization/staff-excel`, {
    method: 'POST',
    body: fd,
    headers: { 'x-fingerprint': api.fingerprint, authorization: `Bearer ${api.token}` },
  });
  if (!r.ok) throw new Error(`template ${r.status} ${await r.text()}`);
  templateId = (await r.json()).id;
});

async function revealNationalId(page: Page, language: 'zh-TW' | 'en-US') {
  await page.goto(`${server.url}/admin/staff/${staffId}/update`);
  const masked = page.getByTestId('masked-national_id');
  await masked.waitFor();
  expect(await masked.textContent()).toBe('A12****789');
  await page.getByTestId('reveal-button-national_id').click();

  // The test id is on the modal's root, which has no box of its own.
  const reasons = page.locator('.ant-modal').filter({ has: page.getByTestId('reveal-reasons') });
  await reasons.waitFor();
  // "Other" needs words: the dialog stays open until they are typed.
  await reasons.getByText(language === 'zh-TW' ? '其他（請說明）' : 'Other (please explain)').click();
  await reasons.getByRole('button', { name: language === 'zh-TW' ? '顯示' : 'Show' }).click();
  await reasons.getByText(language === 'zh-TW' ? '請說明原因' : 'Explain the reason').waitFor();
  await reasons.getByText(language === 'zh-TW' ? '勞保加保／投保作業' : 'Labour insurance enrolment').click();
  await expectAccessible(page, `reveal reason dialog ${language}`);
  await shot(page, `reveal-reason-dialog-${page.viewportSize()?.width}-${language}`, { fullPage: false });
  await reasons.getByRole('button', { name: language === 'zh-TW' ? '顯示' : 'Show' }).click();
}

describe('reveal a national ID', () => {
  it('asks the reason and the identity proof, shows the value for 60 s, and logs it once', async () => {
    const { page, context, errors } = await signedInPage(browser, server.url, viewer, { width: 1440 });
    await revealNationalId(page, 'zh-TW');
    // No proof on this device yet: the verify-identity dialog opens, then the reveal goes on by itself.
    await page.getByTestId('verify-password').fill(viewer.password);
    await page.getByTestId('verify-submit').click();
    const shown = page.getByTestId('revealed-national_id');
    await shown.waitFor();
    expect(await shown.textContent()).toBe(CANARY);
    const countdown = page.getByTestId('reveal-countdown-national_id');
    expect(await countdown.textContent()).toMatch(/^(60|59|58) 秒後隱藏$/);
    await closeToasts(page);
    await shot(page, 'reveal-national-id-1440');
    await expectAccessible(page, 'staff form with a revealed national ID');
    // Counting down; hiding it masks it again at once.
    await page.waitForFunction(() =>
      /^5[0-7] /.test(document.querySelector('[data-testid="reveal-countdown-national_id"]')?.textContent ?? ''),
    );
    await page.getByRole('button', { name: '隱藏' }).click();
    await page.getByTestId('masked-national_id').waitFor();
    expect(await page.getByTestId('revealed-national_id').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    const superApi = await apiAs(server.url, admin.email, admin.password);
    const log = await superApi.get(`/api/admin/audit-log/index?action=reveal&target_type=staff&target_id=${staffId}`);
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ target_label: '王大明', after: { field: 'national_id', reason_code: 'labor_insurance' } });
    expect(JSON.stringify(log.data[0])).not.toContain(CANARY);
  });

  it("works at 390 px in English; a second reveal within the proof's five minutes asks only the reason", async () => {
    const { page, context, errors } = await signedInPage(browser, server.url, viewer, { width: 390, height: 844, language: 'en-US' });
    await revealNationalId(page, 'en-US');
    // A new sign-in is another device: its proof is its own.
    await page.getByTestId('verify-password').fill(viewer.password);
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('revealed-national_id').waitFor();
    expect(await page.getByTestId('reveal-countdown-national_id').textContent()).toMatch(/^Hidden again in (60|59|58) s$/);
    expect(await noSideScroll(page)).toBe(true);
    await closeToasts(page);
    await shot(page, 'reveal-national-id-390-en');
    await expectAccessible(page, 'staff form with a revealed national ID at 390 px');

    // Within the proof's five minutes another reveal asks only the reason.
    await page.getByRole('button', { name: 'Hide' }).click();
    await page.getByTestId('reveal-button-national_id').click();
    const reasons = page.locator('.ant-modal').filter({ has: page.getByTestId('reveal-reasons') });
    await reasons.getByText('Request of the person').click();
    await reasons.getByRole('button', { name: 'Show' }).click();
    await page.getByTestId('revealed-national_id').waitFor();
    expect(await page.getByTestId('verify-password').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('export with national IDs unmasked', () => {
  it('asks the reason and the proof, exports the full number, and its log entry names the field', async () => {
    const { page, context, errors } = await signedInPage(browser, server.url, viewer, {
      width: 1440,
      context: { acceptDownloads: true },
    });
    await page.goto(`${server.url}/admin/staff-excel/${templateId}/export`);
    const option = page.getByTestId('export-unmasked');
    await option.waitFor();
    await option.getByText('身分證字號').click();
    await shot(page, 'export-unmasked-option-1440');
    await expectAccessible(page, 'export screen with the unmasked option');
    await page.getByTestId('export-all').click();
    const reasons = page.locator('.ant-modal').filter({ has: page.getByTestId('reveal-reasons') });
    await reasons.getByText('主管機關查核').click();
    await reasons.getByRole('button', { name: '顯示' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('verify-password').fill(viewer.password);
    await page.getByTestId('verify-submit').click();
    const download = await downloading;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as any);
    const ws = wb.worksheets[0]!;
    expect([ws.getCell('B3').value, ws.getCell('C3').value]).toEqual(['王大明', CANARY]);
    expect(errors).toEqual([]);
    await context.close();

    const superApi = await apiAs(server.url, admin.email, admin.password);
    const log = await superApi.get(`/api/admin/audit-log/index?action=export&target_type=staff_excel&target_id=${templateId}`);
    expect(log.data[0]).toMatchObject({ after: { unmasked: ['national_id'], reason_code: 'authority_inspection' } });
  });
});
