import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTaipei } from '../packages/shared/src/dates.ts';
import {
  apiAs,
  launchBrowser,
  openDatabase,
  ROOT,
  seedAdmin,
  seedOrganization,
  shot,
  signIn,
  startServer,
  type ApiSession,
  type TestServer,
} from './harness.ts';

/**
 * Issue 39 point 2, the camera path: the gate keeper's phone (390 px, zh-TW) reads a worker's pass QR
 * with the camera and lets him in. Chromium's fake camera plays a Y4M file of the pass's QR (its signed
 * `qr` text from the passes API), so the real video element, the frame reader (BarcodeDetector where
 * the browser has one, else zxing-wasm's WebAssembly from /assets/) and the scan loop all run under the
 * app's Content-Security-Policy and Permissions-Policy. The file is written once the pass exists, so the
 * browser starts after the seeding (not through startFlow).
 */
let server: TestServer;
let browser: Browser | undefined;
let siteId: number;
let orgId: number;
let office: ApiSession;
let videoDir: string;
const officeWho = { email: 'camera.office@example.com', password: 'Office#12345' };
const keeperWho = { email: 'camera.keeper@example.com', password: 'Keeper#12345' };
const WORKER = '張掃碼';

/** Width and height of the fake camera's frames. */
const W = 640;
const H = 480;

/** A YUV4MPEG2 (4:2:0) video of `frames` identical frames: `grey` as the Y plane, no colour. */
function y4m(grey: Buffer, frames: number): Buffer {
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F30:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), grey, chroma);
  return Buffer.concat(parts);
}

/** The pass's QR as the camera sees it: black on white, centred on a white 640×480 frame, as raw greyscale pixels. */
async function qrFrame(text: string): Promise<Buffer> {
  const QRCode = createRequire(join(ROOT, 'apps/web/package.json'))('qrcode') as typeof import('qrcode');
  const sharp = createRequire(join(ROOT, 'apps/server/package.json'))('sharp') as typeof import('sharp').default;
  const png = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, width: 480 });
  const size = (await sharp(png).metadata()).width ?? 480;
  const { data, info } = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
    .composite([{ input: png, left: Math.round((W - size) / 2), top: Math.round((H - size) / 2) }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // greyscale() keeps three equal channels before raw(): the first of each pixel is its brightness.
  const grey = Buffer.alloc(W * H);
  for (let i = 0; i < W * H; i++) grey[i] = data[i * info.channels];
  return grey;
}

beforeAll(async () => {
  server = await startServer();
  const officeId = await seedAdmin(server.dataDir, { ...officeWho, name: '工地辦公室', roles: [] });
  const keeperId = await seedAdmin(server.dataDir, { ...keeperWho, name: '門口老陳', roles: [] });
  orgId = seedOrganization(server.dataDir, {
    name: '信義營造',
    companyId: '13572468',
    uid: 'xinyi-camera',
    members: [
      { adminId: officeId, roles: ['SUB_ACCOUNT_ROLE_ADMIN'] },
      { adminId: keeperId, roles: ['SUB_ACCOUNT_ROLE_GATE'] },
    ],
  });
  office = await apiAs(server.url, officeWho.email, officeWho.password);
  await office.inOrganization(orgId);
  siteId = (await office.post('/api/admin/organization/sites', { name: '信義區住宅新建工程', status: 'active' })).id;
  const staffId = (await office.post('/api/admin/organization/staff', { name: WORKER, job_title: '技術工' })).id as number;
  await office.post(`/api/admin/organization/sites/${siteId}/roster`, {
    staff_ids: [staffId],
    site_role: 'worker',
    starts_on: todayInTaipei(),
  });
  // Everything in order, as the compliance engine would leave it after his evidence.
  const db = openDatabase(server.dataDir);
  try {
    db.prepare("UPDATE compliance_due_items SET state = 'satisfied', due_on = NULL WHERE staff_id = ?").run(staffId);
  } finally {
    db.close();
  }
  await office.post(`/api/admin/organization/sites/${siteId}/passes`, {});
  const passes = (await office.get(`/api/admin/organization/sites/${siteId}/passes`)).data as { staff_name: string; qr: string | null }[];
  const qr = passes.find((p) => p.staff_name === WORKER)?.qr;
  expect(qr).toMatch(/^BOP1\./);

  videoDir = mkdtempSync(join(tmpdir(), 'bo-e2e-camera-'));
  const video = join(videoDir, 'pass-qr.y4m');
  writeFileSync(video, y4m(await qrFrame(qr as string), 3));
  browser = await launchBrowser(
    [],
    ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

type LoggedEntry = { staff_name: string | null; verdict: string; admitted: boolean; offline: boolean };
const entries = async (): Promise<LoggedEntry[]> => (await office.get(`/api/admin/organization/sites/${siteId}/entries?per_page=100`)).data;

describe('the gate screen, by camera', () => {
  it("reads a worker's pass QR from the camera and lets him in, once (390 px, zh-TW)", async () => {
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-TW', isMobile: true, hasTouch: true });
    await context.addInitScript((id) => localStorage.setItem('active_organization', String(id)), orgId);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const wasm: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm'))
        wasm.push(`${r.status()} ${r.headers()['content-type']} ${new URL(r.url()).pathname}`);
    });
    await signIn(page, server.url, keeperWho.email, keeperWho.password);
    await page.goto(`${server.url}/admin/gate/${siteId}`);
    await expect.poll(() => page.getByTestId('gate-snapshot-age').textContent()).toMatch(/名冊更新於/);

    const camera = page.getByTestId('gate-camera');
    expect(await camera.textContent()).toContain('開啟相機');
    await camera.click();
    const verdict = page.getByTestId('gate-verdict');
    await verdict.waitFor({ timeout: 15_000 });
    expect(await verdict.getAttribute('data-verdict')).toBe('admit');
    expect(await verdict.locator('h2').textContent()).toBe('可進場');
    expect(await page.getByTestId('gate-verdict-name').textContent()).toBe(WORKER);
    // The camera really played: the video element shows the fake camera's frames.
    expect(await page.locator('.gate-camera video').evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([W, H]);
    await expect.poll(async () => (await entries()).length).toBe(1);
    // Which reader ran: Chromium on Linux has no BarcodeDetector, so zxing-wasm's WebAssembly came from our own /assets/.
    const detector = await page.evaluate(() => typeof (window as { BarcodeDetector?: unknown }).BarcodeDetector !== 'undefined');
    console.log(`camera reader: ${detector ? 'BarcodeDetector' : 'zxing-wasm'}; wasm: ${wasm.join(', ') || 'none'}`);
    if (!detector) expect(wasm).toEqual([expect.stringMatching(/^200 application\/wasm \/assets\/zxing_reader-[\w-]+\.wasm$/)]);
    await shot(page, 'site-gate-camera-admit-390', { fullPage: false });
    // The QR stays in front of the camera: the verdict on screen pauses the reader, so one pass held up is one entry.
    await page.waitForTimeout(1_500);
    const log = await entries();
    expect(log.map((e) => `${e.staff_name} ${e.verdict} ${e.admitted}${e.offline ? ' offline' : ''}`)).toEqual([`${WORKER} admit true`]);
    // Back to scanning: the camera's picture, the pass still in front of it (read again only after a pause).
    await page.getByTestId('gate-next').click();
    await verdict.waitFor({ state: 'hidden' });
    await shot(page, 'site-gate-camera-390', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
