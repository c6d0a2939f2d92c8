#!/usr/bin/env node
// Lighthouse (mobile preset: Moto G-class CPU, slow 4G, simulated throttling) on the cold sign-in page
// of the production build served by the real server. Prints the performance score and the metrics of
// each run (with Lighthouse's CPU benchmark index and the load average after it) and their medians; asserts nothing. Run `npm run build -w apps/web` first, then
// `node bench/lighthouse.mjs` (BENCH_RUNS=3 by default; CHROME_PATH=/usr/bin/chromium by default;
// LIGHTHOUSE_REPORT=<file.html> keeps the HTML report of the last run, and with it LIGHTHOUSE_TRACE=<file.json>
// its trace, for Chromium's performance panel). `node bench/lighthouse.mjs overview`:
// the overview (/admin) instead, signed in beforehand in each run's profile, its caches emptied.
//
// `node bench/lighthouse.mjs site`: the company website (issue 12) instead, at `/site` on the back
// office's host as a fresh `npm start` serves it (no SITE_HOST: the host's robots.txt must leave it
// open); `site-host`: at the root of its own host (SITE_HOST=127.0.0.1:<port>). Content is published
// through the admin API first (banners, news, project cases with galleries, videos); all four categories
// (performance, accessibility, best practices, SEO) on the home page and on a project case, mobile preset.
// Every sitting prints the machine's load average before and after (the figures are CPU-bound).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const siteMode = process.argv[2] === 'site' || process.argv[2] === 'site-host';
// `overview`: the first signed-in screen (/admin) on a phone, signed in beforehand in the run's own profile.
const overviewMode = process.argv[2] === 'overview';
const ownHost = process.argv[2] === 'site-host';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
console.log(`load average before: ${load()}`);
const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
// The website needs no web build (its pages are rendered by the server).
if (!siteMode && !existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseBin = join(root, 'node_modules/.bin/lighthouse');
// A cold profile every run (chrome-launcher makes a fresh one); nothing leaves the machine.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
].join(' ');

const port = await new Promise((resolve, reject) => {
  const s = createServer()
    .once('error', reject)
    .listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
});
const dataDir = mkdtempSync(join(tmpdir(), 'bo-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: dist,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'Bench#12345',
    ...(ownHost ? { SITE_HOST: `127.0.0.1:${port}`, PUBLIC_URL: `http://localhost:${port}` } : {}),
  },
});
let out = '';
server.stdout.on('data', (d) => {
  out += d;
});
server.stderr.on('data', (d) => {
  out += d;
});
const deadline = Date.now() + 60_000;
while (!out.includes('Back office:')) {
  if (server.exitCode !== null || Date.now() > deadline) {
    console.error(`server did not start:\n${out}`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
const urls = siteMode
  ? await seedSite(`http://localhost:${port}`, `http://127.0.0.1:${port}`)
  : [`http://127.0.0.1:${port}/${overviewMode ? 'admin' : ''}`];
if (overviewMode) {
  const { createRequire } = await import('node:module');
  const Database = createRequire(join(root, 'apps/server/package.json'))('better-sqlite3');
  const db = new Database(join(dataDir, 'app.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare("UPDATE admins SET has_change_default_password = 1 WHERE email = 'bench@example.com'").run();
  db.close();
}

/**
 * A Chrome profile signed in through the sign-in page, then emptied of everything but the session
 * (HTTP cache, service worker, cache storage), so Lighthouse loads the overview cold but signed in.
 */
async function signedInProfile() {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'bo-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromePath, headless: true, args: ['--no-sandbox'] });
  const page = context.pages()[0] ?? (await context.newPage());
  const origin = `http://127.0.0.1:${port}`;
  await page.goto(`${origin}/`);
  await page.locator('#email').fill('bench@example.com');
  await page.locator('#password').fill('Bench#12345');
  await page.getByTestId('sign-in-submit').click();
  await page.waitForURL(`${origin}/admin`);
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await context.close();
  return profile;
}

/**
 * Website content through the admin API (the back office at localhost, the site at 127.0.0.1): the
 * first admin gets the content roles, photos are made with the server's sharp. Answers the pages to audit.
 */
async function seedSite(admin, site) {
  const { createRequire } = await import('node:module');
  const serverRequire = createRequire(join(root, 'apps/server/package.json'));
  const sharp = serverRequire('sharp');
  const Database = serverRequire('better-sqlite3');
  const db = new Database(join(dataDir, 'app.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare("UPDATE admins SET roles = ?, has_change_default_password = 1 WHERE email = 'bench@example.com'").run(
    JSON.stringify(['ROLE_SUPER_ADMIN', 'ROLE_BASE', 'ROLE_PHOTO', 'ROLE_PAGE', 'ROLE_BANNER', 'ROLE_VIDEO', 'ROLE_PRODUCT']),
  );
  db.close();
  const headers = { 'x-fingerprint': 'lighthouse' };
  const call = async (method, path, body, token) => {
    const res = await fetch(`${admin}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { token } = await call('POST', '/api/admin/account/login', { email: 'bench@example.com', password: 'Bench#12345' });
  const photos = [];
  // Photo-like pictures (gradients and shapes, not flat colour): their JPEG and WebP weigh like real ones.
  for (const [i, [a, b]] of [
    ['#1d4ed8', '#93c5fd'],
    ['#15803d', '#bbf7d0'],
    ['#b45309', '#fde68a'],
    ['#334155', '#cbd5e1'],
  ].entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="1920" height="1080" fill="url(#g)"/><rect x="${300 + i * 200}" y="300" width="500" height="600" fill="#ffffff" opacity="0.35"/><circle cx="1500" cy="250" r="140" fill="#fef3c7" opacity="0.8"/></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `site-${i}.jpg`);
    const res = await fetch(
      `${admin}/api/admin/photo/upload?title=${encodeURIComponent(`工地照片 ${i}`)}&alt=${encodeURIComponent(`工地照片 ${i}`)}`,
      {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: form,
      },
    );
    if (!res.ok) throw new Error(`photo upload: ${res.status} ${await res.text()}`);
    photos.push((await res.json()).id);
  }
  await call(
    'PUT',
    '/api/admin/app-config/app/update',
    { title: '大成營造', description: '三十年住宅與廠房營造經驗，從規劃、施工到交屋一次到位。' },
    token,
  );
  for (const [i, title] of ['用心打造每一座建築', '工地安全零事故', '綠建築標章認證'].entries())
    await call('POST', '/api/admin/banner', { title, position: 'home', photo_id: photos[i], link: '/projects' }, token);
  const page = (body) =>
    call(
      'POST',
      '/api/admin/page',
      { status: 'published', body: '<p>本工程位於台中市西屯區，地上四層鋼筋混凝土住宅，採耐震設計，工期十個月。</p>', ...body },
      token,
    );
  for (let i = 0; i < 4; i++)
    await page({
      type: 'article',
      slug: `news-${i}`,
      title: `最新消息 ${i + 1}：新北市辦公大樓動土`,
      summary: '地上十二層辦公大樓正式動土，預計明年完工。',
      cover_photo_id: photos[i % 4],
    });
  for (let i = 0; i < 4; i++)
    await page({
      type: 'project',
      slug: `project-${i}`,
      title: `台中透天住宅新建工程 ${i + 1}`,
      summary: '地上四層鋼筋混凝土住宅。',
      location: '台中市西屯區',
      client: '王先生',
      period_start: '2025-03-01',
      period_end: '2025-12-20',
      cover_photo_id: photos[i % 4],
      gallery: photos,
      seo_description: '台中市西屯區地上四層透天住宅新建工程：耐震設計、十個月完工。',
    });
  await call(
    'POST',
    '/api/admin/video',
    { title: '工地空拍紀錄', youtube_url: 'https://youtu.be/dQw4w9WgXcQ', photo_id: photos[0] },
    token,
  );
  const at = ownHost ? site : `${site}/site`;
  return [`${at}/`, `${at}/projects/project-0`];
}

const ms = (v) => `${(v / 1000).toFixed(2)} s`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const categories = siteMode ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance'];
try {
  for (const url of urls) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const json = join(dataDir, `run-${i}.json`);
      const last = i === runs - 1 && process.env.LIGHTHOUSE_REPORT;
      // A loaded machine sometimes loses the trace (NO_NAVSTART): that run is tried again, twice at most.
      let r;
      for (let attempt = 0; attempt < 3 && r?.status !== 0; attempt++) {
        const profile = overviewMode ? await signedInProfile() : null;
        r = spawnSync(
          lighthouseBin,
          [
            url,
            `--only-categories=${categories.join(',')}`,
            '--quiet',
            `--chrome-flags=${chromeFlags}${profile ? ` --user-data-dir=${profile}` : ''}`,
            // The session lives in the profile's storage; its HTTP cache was emptied above.
            ...(profile ? ['--disable-storage-reset'] : []),
            '--output=json',
            ...(last ? ['--output=html'] : []),
            ...(last && process.env.LIGHTHOUSE_TRACE ? ['--save-assets'] : []),
            `--output-path=${last ? join(dataDir, `run-${i}`) : json}`,
          ],
          {
            env: { ...process.env, CHROME_PATH: chromePath },
            stdio: ['ignore', 'inherit', 'inherit'],
          },
        );
        if (profile) rmSync(profile, { recursive: true, force: true });
      }
      if (r.status !== 0) throw new Error(`lighthouse exited with ${r.status}`);
      const report = JSON.parse(readFileSync(last ? join(dataDir, `run-${i}.report.json`) : json, 'utf8'));
      if (last) spawnSync('cp', [join(dataDir, `run-${i}.report.html`), process.env.LIGHTHOUSE_REPORT]);
      if (last && process.env.LIGHTHOUSE_TRACE) spawnSync('cp', [join(dataDir, `run-${i}-0.trace.json`), process.env.LIGHTHOUSE_TRACE]);
      const a = report.audits;
      const run = {
        score: Math.round(report.categories.performance.score * 100),
        scores: categories.map((c) => Math.round(report.categories[c].score * 100)),
        fcp: a['first-contentful-paint'].numericValue,
        lcp: a['largest-contentful-paint'].numericValue,
        tbt: a['total-blocking-time'].numericValue,
        cls: a['cumulative-layout-shift'].numericValue,
        si: a['speed-index'].numericValue,
        bytes: a['total-byte-weight'].numericValue,
        requests: a['network-requests']?.details?.items?.length ?? 0,
      };
      results.push(run);
      if (siteMode)
        for (const c of categories)
          for (const [id, audit] of Object.entries(report.audits))
            if (report.categories[c].auditRefs.some((r) => r.id === id && r.weight > 0) && audit.score !== null && audit.score < 0.9)
              console.log(`    ${c}: ${id} ${audit.score} ${audit.displayValue ?? ''} ${audit.explanation ?? ''}`);
      console.log(
        `run ${i + 1}: ${siteMode ? `${categories.map((c, k) => `${c} ${run.scores[k]}`).join('  ')}  ` : ''}score ${run.score}  FCP ${ms(run.fcp)}  LCP ${ms(run.lcp)}  TBT ${Math.round(run.tbt)} ms  CLS ${run.cls.toFixed(3)}  SI ${ms(run.si)}  ${(run.bytes / 1024).toFixed(1)} KB in ${run.requests} requests  benchmark index ${Math.round(report.environment?.benchmarkIndex ?? 0)}  load ${load()}`,
      );
    }
    console.log(
      `\nLighthouse ${JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset, cold, ${url}`,
    );
    if (siteMode)
      console.log(`median of ${runs}: ${categories.map((c, k) => `${c} ${median(results.map((r) => r.scores[k]))}`).join('  ')}`);
    console.log(
      `median of ${runs}: score ${median(results.map((r) => r.score))}  FCP ${ms(median(results.map((r) => r.fcp)))}  LCP ${ms(median(results.map((r) => r.lcp)))}  TBT ${Math.round(median(results.map((r) => r.tbt)))} ms  transferred ${(median(results.map((r) => r.bytes)) / 1024).toFixed(1)} KB`,
    );
  }
} finally {
  console.log(`load average after: ${load()}`);
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
