import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { todayInTaipei } from '../packages/shared/src/dates.ts';
import {
  apiAs,
  expectAccessible,
  noSideScroll,
  openDatabase,
  ROOT,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startFlow,
  waitForSettled,
  type ApiSession,
  type TestServer,
  scrollToOverviewCards,
} from './harness.ts';

/**
 * Issue 39 points 2 and 3, "Done when": the gate keeper's phone at 390 px (zh-TW) lets one worker in and
 * refuses another by their typed pass codes, goes offline (the browser's offline mode), scans from the
 * signed snapshot, comes back online, and the site's entry log holds each scan exactly once.
 */
let server: TestServer;
let browser: Browser;
let orgId: number;
let siteId: number;
let office: ApiSession;
const officeWho = { email: 'gate.office@example.com', password: 'Office#12345' };
const keeperWho = { email: 'gate.keeper@example.com', password: 'Keeper#12345' };
const directorWho = { email: 'site.director@example.com', password: 'Director#12345' };
const codes: Record<string, string> = {};
const GOOD = '王合格';
const BAD = '李缺件';

beforeAll(async () => {
  ({ server, browser } = await startFlow());
  const officeId = await seedAdmin(server.dataDir, { ...officeWho, name: '工地辦公室', roles: [] });
  const keeperId = await seedAdmin(server.dataDir, { ...keeperWho, name: '門口老陳', roles: [] });
  const directorId = await seedAdmin(server.dataDir, { ...directorWho, name: '林主任', roles: [] });
  orgId = seedOrganization(server.dataDir, {
    name: '信義營造',
    companyId: '13572468',
    uid: 'xinyi-gate',
    members: [
      { adminId: officeId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] },
      { adminId: keeperId, roles: ['SUB_ACCOUNT_ROLE_GATE'] },
      { adminId: directorId, roles: ['SUB_ACCOUNT_ROLE_SITE_DIRECTOR'] },
    ],
  });
  office = await apiAs(server.url, officeWho.email, officeWho.password);
  await office.inOrganization(orgId);
  siteId = (await office.post('/api/admin/organization/sites', { name: '信義區住宅新建工程', status: 'active' })).id;
  const staff: Record<string, number> = {};
  for (const name of ['王合格', '李缺件'])
    staff[name] = (await office.post('/api/admin/organization/staff', { name, job_title: '技術工' })).id;
  await office.post(`/api/admin/organization/sites/${siteId}/roster`, {
    staff_ids: Object.values(staff),
    site_role: 'worker',
    starts_on: todayInTaipei(),
  });
  // 王合格's photo, for the keeper to compare with the face in front of them.
  const sharp = createRequire(join(ROOT, 'apps/server/package.json'))('sharp') as typeof import('sharp').default;
  const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const uploaded = await fetch(`${server.url}/api/admin/organization/staff/${staff[GOOD]}/photo?organization_id=${orgId}`, {
    method: 'POST',
    headers: { 'x-fingerprint': office.fingerprint, authorization: `Bearer ${office.token}`, 'if-match': '*' },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const issued = await office.post(`/api/admin/organization/sites/${siteId}/passes`, {});
  for (const p of issued.data as { staff_name: string; code: string }[]) codes[p.staff_name] = p.code;
  expect(Object.keys(codes).sort()).toEqual(['李缺件', '王合格'].sort());

  // 王合格 has everything in order (his due items settled, as the compliance engine would after his
  // evidence); 李缺件 keeps what the roster gave him: every item missing.
  const db = openDatabase(server.dataDir);
  try {
    db.prepare("UPDATE compliance_due_items SET state = 'satisfied', due_on = NULL WHERE staff_id = ?").run(staff[GOOD]);
    const missing = db
      .prepare("SELECT COUNT(*) AS n FROM compliance_due_items WHERE staff_id = ? AND state = 'missing'")
      .get(staff[BAD]) as {
      n: number;
    };
    expect(missing.n).toBeGreaterThan(0);
  } finally {
    db.close();
  }
});

async function keeperPage(
  width: number,
  height: number,
  who = keeperWho,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'zh-TW',
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((id) => {
    if (!localStorage.getItem('active_organization')) localStorage.setItem('active_organization', String(id));
  }, orgId);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, server.url, who.email, who.password);
  return { context, page, errors };
}

/** Types a pass code and waits for the verdict to fill the screen. */
async function typeCode(page: Page, code: string) {
  await page.getByTestId('gate-code').fill(code);
  await page.getByTestId('gate-check').click();
  const verdict = page.getByTestId('gate-verdict');
  await verdict.waitFor();
  return verdict;
}

async function nextScan(page: Page) {
  await page.getByTestId('gate-next').click();
  await page.getByTestId('gate-verdict').waitFor({ state: 'hidden' });
}

type LoggedEntry = { client_entry_id: string; staff_name: string | null; verdict: string; offline: boolean };
const entries = async (): Promise<LoggedEntry[]> => (await office.get(`/api/admin/organization/sites/${siteId}/entries?per_page=100`)).data;

describe('the gate screen, online and offline', () => {
  it('lets one worker in, refuses another, answers offline from the snapshot and sends the queue once (390 px, zh-TW)', async () => {
    const { context, page, errors } = await keeperPage(390, 844);

    // The keeper's menu holds the gate screen (and the overview) only.
    await page.goto(`${server.url}/admin/gate`);
    await page.getByTestId(`gate-site-${siteId}`).waitFor();
    await expectAccessible(page, 'gate sites 390');
    await shot(page, 'site-gate-sites-390');
    await page.getByTestId(`gate-site-${siteId}`).click();
    await page.waitForURL(`**/admin/gate/${siteId}`);
    await expect.poll(() => page.getByTestId('gate-snapshot-age').textContent()).toMatch(/名冊更新於 (剛剛|\d+ 分鐘前)/);
    await expect.poll(() => page.getByTestId('gate-online').textContent()).toBe('連線中');
    await expectAccessible(page, 'gate screen 390');
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'site-gate-390');

    // Online: 王合格 goes in.
    let verdict = await typeCode(page, codes[GOOD]);
    expect(await verdict.getAttribute('data-verdict')).toBe('admit');
    expect(await verdict.locator('h2').textContent()).toBe('可進場');
    expect(await page.getByTestId('gate-verdict-name').textContent()).toBe('王合格');
    expect(await verdict.textContent()).toContain('信義營造');
    await expect.poll(() => verdict.locator('img.gate-verdict-photo').getAttribute('src')).toMatch(/^blob:/);
    expect(await verdict.locator('img.gate-verdict-photo').getAttribute('alt')).toBe('王合格 的照片');
    await expectAccessible(page, 'gate admit 390');
    await shot(page, 'site-gate-admit-390', { fullPage: false });
    await nextScan(page);

    // Online: 李缺件 is refused, each failing rule in words; the keeper may not override.
    verdict = await typeCode(page, codes[BAD].replace('-', '').toLowerCase());
    expect(await verdict.getAttribute('data-verdict')).toBe('refuse');
    expect(await verdict.locator('h2').textContent()).toBe('不可進場');
    const reasons = await page.getByTestId('gate-reasons').locator('li').allTextContents();
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) expect(r).toMatch(/^(未有|未投保|.+逾期|.+無法判斷)/);
    expect(await page.getByTestId('gate-override').count()).toBe(0);
    await expectAccessible(page, 'gate refuse 390');
    await shot(page, 'site-gate-refuse-390', { fullPage: false });
    await nextScan(page);

    // Offline: the verdict comes from the signed snapshot, marked, and the scan waits in the queue.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('gate-online').textContent()).toBe('離線');
    verdict = await typeCode(page, codes[GOOD]);
    expect(await verdict.getAttribute('data-verdict')).toBe('admit');
    expect(await page.getByTestId('gate-offline-verdict').textContent()).toBe('離線判定');
    await shot(page, 'site-gate-offline-admit-390', { fullPage: false });
    await nextScan(page);
    expect(await page.getByTestId('gate-queued').textContent()).toBe('1 筆待傳送');
    await expectAccessible(page, 'gate offline 390');
    await shot(page, 'site-gate-offline-390');
    expect((await entries()).length).toBe(2);
    // Signing out would clear the device's storage: the screen asks first, and staying keeps the queue.
    // (Online, with the queue's call held back: the user menu's code loads only with a connection.)
    await page.route('**/scans/batch', (route) => route.abort());
    await context.setOffline(false);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '登出' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '還有離線紀錄未傳送' });
    await ask.waitFor();
    expect(await ask.innerText()).toContain('1 筆離線進場紀錄');
    await ask.getByRole('button', { name: '留下' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByTestId('gate-queued').textContent()).toBe('1 筆待傳送');

    // Back online: the queue goes, and the log holds every scan exactly once.
    await context.setOffline(true);
    await page.unroute('**/scans/batch');
    await context.setOffline(false);
    await page.getByTestId('gate-queued').waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => (await entries()).length).toBe(3);
    // A second 'online' (a flapping signal) sends nothing again.
    await context.setOffline(true);
    await context.setOffline(false);
    await waitForSettled(page);
    const log = await entries();
    expect(log).toHaveLength(3);
    expect(new Set(log.map((e) => e.client_entry_id)).size).toBe(3);
    const summary = log.map((e) => `${e.staff_name} ${e.verdict}${e.offline ? ' offline' : ''}`).sort();
    expect(summary).toEqual(['李缺件 refuse', '王合格 admit', '王合格 admit offline'].sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the site director let a refused worker in, with a reason (390 px)', async () => {
    const { context, page, errors } = await keeperPage(390, 844, directorWho);
    await page.goto(`${server.url}/admin/gate`);
    await page.getByTestId(`gate-site-${siteId}`).click();
    await expect.poll(() => page.getByTestId('gate-snapshot-age').textContent()).toMatch(/名冊更新於/);
    const verdict = await typeCode(page, codes[BAD]);
    expect(await verdict.getAttribute('data-verdict')).toBe('refuse');
    await page.getByTestId('gate-override').click();
    const reason = page.getByTestId('gate-override-reason');
    await reason.waitFor();
    await page.locator('.ant-modal:visible .ant-btn-primary').click();
    await expect.poll(() => page.locator('.gate-override-error').textContent()).toBe('請輸入至少 2 個字的理由');
    await reason.fill('已當場完成危害告知，補件中');
    await expectAccessible(page, 'gate override 390');
    await shot(page, 'site-gate-override-390', { fullPage: false });
    await page.locator('.ant-modal:visible .ant-btn-primary').click();
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('admit');
    expect(await verdict.textContent()).toContain('已由工地主任放行');
    await shot(page, 'site-gate-overridden-390', { fullPage: false });
    await nextScan(page);
    const overridden = (await office.get(`/api/admin/organization/sites/${siteId}/entries?per_page=100`)).data.filter(
      (e: { override_reason: string | null }) => e.override_reason,
    );
    expect(overridden).toHaveLength(1);
    expect(overridden[0]).toMatchObject({
      staff_name: BAD,
      verdict: 'refuse',
      admitted: true,
      override_reason: '已當場完成危害告知，補件中',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is usable at 1440 px: the screen and a refusal', async () => {
    const { context, page, errors } = await keeperPage(1440, 900);
    // The device remembers nothing yet (a fresh context): the list, then the site.
    await page.goto(`${server.url}/admin/gate`);
    await page.getByTestId(`gate-site-${siteId}`).click();
    await expect.poll(() => page.getByTestId('gate-snapshot-age').textContent()).toMatch(/名冊更新於/);
    const menu = await page.getByTestId('admin-menu').innerText();
    expect(menu).toContain('工地門禁');
    expect(menu).not.toContain('法規遵循');
    await expectAccessible(page, 'gate screen 1440');
    await shot(page, 'site-gate-1440');
    const verdict = await typeCode(page, codes[BAD]);
    expect(await verdict.getAttribute('data-verdict')).toBe('refuse');
    await shot(page, 'site-gate-refuse-1440', { fullPage: false });
    await nextScan(page);
    // Opened again, /admin/gate goes straight to the site this device used last.
    await page.goto(`${server.url}/admin/gate`);
    await page.waitForURL(`**/admin/gate/${siteId}`);
    // After signing in the keeper lands on the overview: its gate card opens that site in one click.
    await page.goto(`${server.url}/admin`);
    await scrollToOverviewCards(page);
    const card = page.getByTestId('gate-card');
    await card.getByRole('button', { name: '開啟 信義區住宅新建工程 門禁' }).click();
    await page.waitForURL(`**/admin/gate/${siteId}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
