import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiAs,
  closeToasts,
  expectAccessible,
  openPage,
  SCREENSHOTS,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  uploadLibraryPhoto,
  waitForSettled,
  type ApiSession,
  type TestServer,
  scrollToOverviewCards,
} from './harness.ts';

/**
 * Issue 39 points 1, 2 and 4 in the browser (docs/site-gate.md): a site office issues passes to a site's
 * roster in the site's 通行證 tab, prints badges on A4 (no national ID on them), reissues a lost one,
 * hands a worker the phone pass link; the gate scans and the site director lets a refused worker in;
 * the 進場紀錄 tab and the overview's overrides card show it.
 */
let server: TestServer;
let browser: Browser;
let orgId: number;
let siteId: number;
let office: ApiSession;
const officeWho = { email: 'pass.office@example.com', password: 'Office#12345' };
const directorWho = { email: 'pass.director@example.com', password: 'Director#12345' };
const WORKERS = 10;

/** A national id with its check digit: A1nnnnnnn?. */
function nationalId(n: number): string {
  const body = `1${String(n).padStart(7, '0')}`;
  let sum = 1;
  for (let i = 0; i < 8; i++) sum += Number(body[i]) * (8 - i);
  return `A${body}${(10 - (sum % 10)) % 10}`;
}
const IDS = Array.from({ length: WORKERS }, (_, i) => nationalId(300 + i));

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const officeId = await seedAdmin(server.dataDir, { ...officeWho, name: '工地辦公室', roles: [] });
  const directorId = await seedAdmin(server.dataDir, { ...directorWho, name: '林主任', roles: [] });
  orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    companyId: '24681357',
    uid: 'daan-passes',
    members: [
      { adminId: officeId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] },
      { adminId: directorId, roles: ['SUB_ACCOUNT_ROLE_SITE_DIRECTOR'] },
    ],
  });
  office = await apiAs(server.url, officeWho.email, officeWho.password);
  await office.inOrganization(orgId);
  const contractorId = (await office.post('/api/admin/organization/contractors', { name: '永信工程行' })).id;
  siteId = (await office.post('/api/admin/organization/sites', { name: '信義區住宅新建工程', status: 'active' })).id;
  await office.put(`/api/admin/organization/sites/${siteId}/contractors`, { contractor_ids: [contractorId] });
  // One worker's photo from the library (a plain colour), for the badge.
  const admin = await apiAs(server.url, server.admin.email, server.admin.password);
  const photoId = await uploadLibraryPhoto(server.url, admin, '陳大明', '#3a7bd5');
  const staffIds: number[] = [];
  for (let i = 0; i < WORKERS; i++) {
    const s = await office.post('/api/admin/organization/staff', {
      name: `永信工人${String(i + 1).padStart(2, '0')}`,
      national_id: IDS[i],
      birthday: `${1975 + i}-03-15`,
      job_title: i % 2 ? '鋼筋工' : '模板工',
      contractor_id: contractorId,
      ...(i === 0 ? { photo_id: photoId } : {}),
    });
    staffIds.push(s.id);
  }
  await office.post(`/api/admin/organization/sites/${siteId}/roster`, {
    staff_ids: staffIds,
    site_role: 'worker',
    work_kinds: [],
    starts_on: '2026-01-01',
  });
});

async function officePage(width: number, language: 'zh-TW' | 'en-US' = 'zh-TW') {
  const opened = await openPage(browser, {
    width,
    height: width < 600 ? 844 : 900,
    language,
    context: { acceptDownloads: true, ...(width < 600 ? { isMobile: true, hasTouch: true } : {}) },
  });
  await opened.context.addInitScript((id) => {
    if (!localStorage.getItem('active_organization')) localStorage.setItem('active_organization', String(id));
  }, orgId);
  await signIn(opened.page, server.url, officeWho.email, officeWho.password);
  return opened;
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function openTab(page: Page, name: RegExp) {
  await page.goto(`${server.url}/admin/site/${siteId}/update`);
  await page.getByTestId('roster-add').waitFor();
  await page.getByRole('tab', { name }).click();
}

const passRows = (page: Page) => page.getByTestId('site-passes-table').locator('tbody tr.ant-table-row');

describe('site passes, badges and the entry log, in the browser', () => {
  it('issues passes to the roster, prints badges on A4 without national IDs, reissues a lost pass and opens the phone pass (1440 px, zh-TW)', async () => {
    const { context, page, errors } = await officePage(1440);
    await openTab(page, /通行證/);
    await page.getByTestId('passes-issue-all').click();
    await page.getByTestId('passes-issue-ok').click();
    await expect.poll(() => passRows(page).count()).toBe(WORKERS);
    await closeToasts(page);
    await page.getByTestId('site-name').hover();
    await waitForSettled(page);
    await expectAccessible(page, 'passes tab 1440');
    await shot(page, 'site-passes-tab-1440');

    // Choose every row and print their badges.
    await page.getByTestId('site-passes-table').locator('thead .ant-checkbox-input').check();
    await page.getByTestId('passes-print-selected').click();
    await page.waitForURL(/\/admin\/sites\/\d+\/badges\?ids=/);
    const sheet = page.getByTestId('badge-sheet');
    await expect.poll(() => sheet.getAttribute('data-ready')).toBe('true');
    expect(await page.getByTestId('badge').count()).toBe(WORKERS);
    expect(await page.getByTestId('badge-page').count()).toBe(2);
    const text = await page.locator('main').innerText();
    for (const id of IDS) expect(text).not.toContain(id);
    expect(text).not.toMatch(/19\d\d[-/]03[-/]15/);
    expect(await page.content()).not.toMatch(/A1\d{8}/);
    await expect.poll(() => page.locator('.badge-photo img').count()).toBe(1);
    await expectAccessible(page, 'badge sheet 1440');
    await shot(page, 'site-badges-1440');
    // The print: A4, the app's chrome hidden; the PDF kept beside the screenshots, and a print preview.
    mkdirSync(SCREENSHOTS, { recursive: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    writeFileSync(join(SCREENSHOTS, 'site-badges-a4.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Two A4 pages for ten badges (8 a page): /Type /Page objects.
    expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(2);
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 794, height: 1123 });
    expect(await page.locator('.admin-header').isVisible()).toBe(false);
    await shot(page, 'site-badges-print-preview');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Reissue the first worker's pass: the old code is revoked, a new one takes its place.
    await openTab(page, /通行證/);
    await expect.poll(() => passRows(page).count()).toBe(WORKERS);
    const firstRow = passRows(page).filter({ hasText: '永信工人01' });
    const oldCode = (await firstRow.locator('code').innerText()).trim();
    await firstRow.getByTestId('pass-reissue').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').innerText()).toContain(oldCode);
    await page.getByTestId('pass-reissue-ok').click();
    await expect.poll(async () => (await firstRow.locator('code').innerText()).trim()).not.toBe(oldCode);
    const scanOld = await office.request('POST', `/api/admin/organization/gate/sites/${siteId}/scans`, {
      client_entry_id: 'e2e-old-pass-0001',
      code: oldCode,
    });
    expect(scanOld.status).toBe(200);
    expect(scanOld.body.verdict).toBe('refuse');
    expect(scanOld.body.reasons.map((r: { code: string }) => r.code)).toContain('pass_revoked');
    await closeToasts(page);

    // The phone pass link, opened on a phone without signing in.
    await firstRow.getByTestId('pass-phone-link').click();
    const url = await page.getByTestId('pass-phone-url').inputValue();
    expect(url).toMatch(/\/pass\/[^/]+$/);
    await expectAccessible(page, 'phone link dialog');
    await shot(page, 'site-passes-phone-link-1440');
    await page.keyboard.press('Escape');
    const phone = await openPage(browser, { width: 390, height: 844, context: { isMobile: true, hasTouch: true } });
    const path = new URL(url).pathname;
    await phone.page.goto(`${server.url}${path}`);
    await phone.page.getByTestId('phone-pass').waitFor();
    expect(await phone.page.getByTestId('phone-pass-name').innerText()).toBe('永信工人01');
    expect(await phone.page.getByTestId('phone-pass-code').innerText()).toContain((await firstRow.locator('code').innerText()).trim());
    expect(await phone.page.content()).not.toContain(IDS[0]);
    await noSideScroll(phone.page, 390);
    await expectAccessible(phone.page, 'phone pass 390');
    await shot(phone.page, 'phone-pass-390');
    await phone.page.setViewportSize({ width: 1440, height: 900 });
    await shot(phone.page, 'phone-pass-1440');

    // Revoked: the same link now says it no longer works.
    await firstRow.getByTestId('pass-revoke').click();
    await page.getByTestId('pass-revoke-ok').click();
    await expect.poll(() => passRows(page).count()).toBe(WORKERS - 1);
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await phone.page.reload();
    await phone.page.getByTestId('phone-pass-gone').waitFor();
    await expectAccessible(phone.page, 'phone pass gone 390');
    await shot(phone.page, 'phone-pass-gone-390');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the entry log shows scans, the director’s override and attendance; the dashboard card lists the override (1440 px, zh-TW)', async () => {
    const passes = await office.get(`/api/admin/organization/sites/${siteId}/passes?per_page=100&state=current`);
    const [a, b] = passes.data as { id: number; code: string; qr: string }[];
    const scan = async (id: string, code: string) =>
      office.post(`/api/admin/organization/gate/sites/${siteId}/scans`, { client_entry_id: id, code });
    const first = await scan('e2e-scan-a-0001', a.qr);
    await scan('e2e-scan-b-0001', b.code);
    // The workers have no training or health check on record: refused, until the director lets one in.
    expect(first.verdict).toBe('refuse');
    const director = await apiAs(server.url, directorWho.email, directorWho.password);
    await director.inOrganization(orgId);
    await director.post(`/api/admin/organization/gate/sites/${siteId}/entries/${first.entry.id}/override`, {
      reason: '體檢報告已補交，紙本在工務所',
    });

    const { context, page, errors } = await officePage(1440);
    await openTab(page, /進場紀錄/);
    const log = page.getByTestId('site-entry-log');
    await log.waitFor();
    await expect.poll(() => page.getByTestId('entry-count-overridden').locator('.entry-log-count-value').innerText()).toBe('1');
    await expect.poll(() => page.getByTestId('site-entries-table').locator('tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('entry-override').first().innerText()).toContain('體檢報告已補交');
    await page.getByTestId('site-name').hover();
    await waitForSettled(page);
    await expectAccessible(page, 'entry log 1440');
    await shot(page, 'site-entry-log-1440');

    // The attendance workbook downloads with the app's progress.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('attendance-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    await page.goto(`${server.url}/admin`);
    await scrollToOverviewCards(page);
    const card = page.getByTestId('overrides-card');
    await card.getByTestId('override-row').first().waitFor();
    const cardText = await card.innerText();
    for (const s of ['信義區住宅新建工程', '林主任', '體檢報告已補交']) expect(cardText).toContain(s);
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'overview with the overrides card');
    await shot(page, 'overview-overrides-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a 390 px phone in en-US: the passes tab, the badge sheet and the entry log', async () => {
    const { context, page, errors } = await officePage(390, 'en-US');
    await openTab(page, /Passes/);
    await expect.poll(() => passRows(page).count()).toBeGreaterThan(0);
    await waitForSettled(page);
    await noSideScroll(page, 390);
    await expectAccessible(page, 'passes tab 390 en-US');
    await shot(page, 'site-passes-tab-390');

    await page.getByTestId('passes-print-all').click();
    await page.waitForURL(/\/badges$/);
    await expect.poll(() => page.getByTestId('badge-sheet').getAttribute('data-ready')).toBe('true');
    expect(await page.getByTestId('badge').count()).toBe(WORKERS - 1);
    await expectAccessible(page, 'badge sheet 390 en-US');
    await shot(page, 'site-badges-390');

    await openTab(page, /Entry log/);
    await page.getByTestId('site-entries-table').locator('tbody tr.ant-table-row').first().waitFor();
    await waitForSettled(page);
    await noSideScroll(page, 390);
    await expectAccessible(page, 'entry log 390 en-US');
    await shot(page, 'site-entry-log-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
