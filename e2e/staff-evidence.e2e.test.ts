import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

// Issue 38 item 2: the staff form's evidence tabs: a training added in its dialog, a health check's grade masked.
let server: TestServer;
let browser: Browser;
let staffId: number;
const writer = { email: 'ev.writer@example.com', password: 'Writer#1234' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const writerId = await seedAdmin(server.dataDir, { ...writer, name: '人員編輯', roles: [] });
  const orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    companyId: '24681357',
    uid: 'daan',
    members: [{ adminId: writerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }],
  });
  const api = await apiAs(server.url, writer.email, writer.password);
  await api.inOrganization(orgId);
  staffId = (await api.post('/api/admin/organization/staff', { name: '王大明' })).id;
});

describe('evidence a worker holds, on the staff form', () => {
  it('adds a training in its dialog, uploads its scan and shows a health check masked, at 1440 and 390 px', async () => {
    const { page, context, errors } = await signedInPage(browser, server.url, writer, { width: 1440 });
    await page.goto(`${server.url}/admin/staff/${staffId}/update`);
    const section = page.getByTestId('staff-evidence');
    await section.waitFor();
    expect(await section.getByRole('tab').allTextContents()).toEqual(['訓練紀錄', '健康檢查', '保險']);
    await section.getByText('尚無紀錄').waitFor();

    await page.getByTestId('evidence-add-trainings').click();
    const dialog = page.getByTestId('evidence-form-trainings');
    await dialog.waitFor();
    await dialog.getByLabel('課程類別').click();
    await page.getByTitle('在職教育訓練').click();
    await dialog.getByLabel('課程名稱').fill('營造業在職教育訓練');
    await dialog.getByLabel('時數').fill('3');
    await dialog.getByLabel('完訓日期').fill('2025-03-02');
    await dialog.getByLabel('完訓日期').press('Enter');
    await dialog.getByLabel('職安卡號').fill('OSH-CARD-778812345');
    await expectAccessible(page, 'evidence dialog');
    await page
      .getByRole('button', { name: /儲\s?存/ })
      .last()
      .click();
    await section.getByText('營造業在職教育訓練').waitFor();
    expect(await section.getByText('OSH************345').count()).toBe(1);

    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: /上傳掃描檔/ }).click();
    await (await chooser).setFiles({ name: '結訓證明.pdf', mimeType: 'application/pdf', buffer: PDF });
    await section.getByRole('button', { name: /下載/ }).waitFor();

    await section.getByRole('tab', { name: '健康檢查' }).click();
    await page.getByTestId('evidence-add-health-checks').click();
    const check = page.getByTestId('evidence-form-health-checks');
    await check.getByLabel('檢查類別').click();
    await page.getByTitle('一般健康檢查').click();
    await check.getByLabel('檢查日期').fill('2025-05-06');
    await check.getByLabel('檢查日期').press('Enter');
    await check.getByLabel('健康管理分級').fill('第二級');
    await page
      .getByRole('button', { name: /儲\s?存/ })
      .last()
      .click();
    await section.getByText('已記錄').waitFor();
    await check.waitFor({ state: 'hidden' });
    expect(await page.locator('input[value="第二級"]').count()).toBe(0);
    expect(await page.getByText('第二級').count()).toBe(0);
    await closeToasts(page);
    await shot(page, 'staff-evidence-1440');
    await expectAccessible(page, 'staff form with its evidence');
    expect(errors).toEqual([]);
    await context.close();

    const phone = await signedInPage(browser, server.url, writer, { width: 390, height: 844, language: 'en-US' });
    await phone.page.goto(`${server.url}/admin/staff/${staffId}/update`);
    const small = phone.page.getByTestId('staff-evidence');
    await small.getByText('In-service training').waitFor();
    await small.scrollIntoViewIfNeeded();
    expect(await noSideScroll(phone.page)).toBe(true);
    await closeToasts(phone.page);
    await shot(phone.page, 'staff-evidence-390-en');
    await expectAccessible(phone.page, 'staff form with its evidence at 390 px');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
