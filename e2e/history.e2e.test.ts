import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  apiAs,
  type ApiSession,
  expectAccessible,
  noSideScroll,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  type TestServer,
} from './harness.ts';

/**
 * Issue 36, history and restore: a staff member's certificate deleted with its scan comes back, scan
 * and all, from the History panel of the staff form; the scan then downloads. Screens at 1440 and 390 px,
 * axe on the drawer and on the confirmation.
 */
let server: TestServer;
let browser: Browser;
let api: ApiSession;
let staffId: number;
let certId: number;
const manager = { email: 'history.manager@example.com', password: 'History#2026' };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const managerId = await seedAdmin(server.dataDir, { ...manager, name: '王小明', roles: [] });
  const orgId = seedOrganization(server.dataDir, {
    name: '大安營造',
    companyId: '24681357',
    uid: 'daan-history',
    members: [{ adminId: managerId, roles: ['SUB_ACCOUNT_ROLE_STAFF_WRITE'] }],
  });
  api = await apiAs(server.url, manager.email, manager.password);
  await api.inOrganization(orgId);
  const { data: types } = await api.post('/api/admin/organization/certificate-type/defaults');
  const staff = await api.post('/api/admin/organization/staff', {
    name: '王大明',
    job_title: '領班',
    certificates: [{ certificate_type_id: types[0].id, number: 'S-2029', issued_at: '2024-12-01', expires_at: '2029-12-01' }],
  });
  staffId = staff.id;
  certId = staff.certificates[0].id;
  const fd = new FormData();
  fd.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), '安全證照.pdf');
  const r = await fetch(`${server.url}/api/admin/organization/staff/${staffId}/certificates/${certId}/file`, {
    method: 'POST',
    body: fd,
    headers: { 'x-fingerprint': api.fingerprint, authorization: `Bearer ${api.token}` },
  });
  if (!r.ok) throw new Error(`scan upload ${r.status} ${await r.text()}`);
  // Someone saves the record without the certificate: the row goes, its scan is kept for the history.
  const { version } = await api.get(`/api/admin/organization/staff/${staffId}`);
  const put = await fetch(`${server.url}/api/admin/organization/staff/${staffId}`, {
    method: 'PUT',
    body: JSON.stringify({ name: '王大明', job_title: '領班', certificates: [], organization_id: orgId }),
    headers: {
      'content-type': 'application/json',
      'if-match': `"${version ?? 0}"`,
      'x-fingerprint': api.fingerprint,
      authorization: `Bearer ${api.token}`,
    },
  });
  if (!put.ok) throw new Error(`staff save ${put.status} ${await put.text()}`);
});

async function newPage(width: number, height = 900) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-TW', acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, server.url, manager.email, manager.password);
  return { context, page, errors };
}

describe('the History panel', () => {
  it('restores a deleted certificate with its scan, which then downloads', async () => {
    const { context, page, errors } = await newPage(1440);
    await page.goto(`${server.url}/admin/staff/${staffId}/update`);
    await page.getByTestId('staff-name-input').waitFor();
    await page.getByTestId('history-open').click();
    const drawer = page.locator('.history-drawer');
    const removal = drawer.locator('.history-entry').first();
    await removal.getByText('更新').first().waitFor();
    expect(await removal.locator('.history-who').textContent()).toContain('王小明');
    await removal.getByRole('row').filter({ hasText: '證照 1' }).filter({ hasText: 'S-2029' }).waitFor();
    await shot(page, 'history-drawer-1440');
    await expectAccessible(page, 'history drawer');

    await removal.getByRole('button', { name: '還原「證照」' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '還原「證照」？' }).waitFor();
    expect(await confirm.textContent()).toContain('S-2029');
    await shot(page, 'history-restore-confirm-1440');
    await expectAccessible(page, 'history restore confirmation');
    await confirm.getByTestId('history-restore-ok').click();
    await expect.poll(() => confirm.count()).toBe(0);
    await drawer.locator('.history-entry').first().getByText('還原了').waitFor();
    await page.keyboard.press('Escape');

    const saved = await api.get(`/api/admin/organization/staff/${staffId}`);
    expect(saved.certificates).toMatchObject([{ id: certId, number: 'S-2029', has_file: true, file_name: '安全證照.pdf' }]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '安全證照.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('安全證照.pdf');
    expect(readFileSync((await file.path())!).equals(pdf)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the drawer at 390 px with the as-of day', async () => {
    const { context, page, errors } = await newPage(390, 844);
    await page.goto(`${server.url}/admin/staff/${staffId}/update`);
    await page.getByTestId('staff-name-input').waitFor();
    await page.getByTestId('history-open').click();
    const drawer = page.locator('.history-drawer');
    await drawer.locator('.history-entry').first().waitFor();
    await page.locator('#history-as-of').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
    await drawer.getByTestId('history-as-of-state').waitFor();
    expect(await drawer.getByTestId('history-as-of-state').textContent()).toContain('王大明');
    await shot(page, 'history-drawer-390');
    expect(await noSideScroll(page)).toBe(true);
    await expectAccessible(page, 'history drawer at 390 px');
    expect(errors).toEqual([]);
    await context.close();
  });
});
