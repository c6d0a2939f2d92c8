/**
 * Website home benchmark (bench/README.md): the company website's home page (issue 12) with 50 published
 * pages, 10 home banners and 100 products, all created through the admin API, served by the application
 * at /site, next to a bare Fastify handler sending the same HTML from memory. autocannon, 10 connections
 * for BENCH_SECONDS (10) after a 2 s warm-up, without and with `Accept-Encoding: br`. SQLite by default;
 * with DATABASE_URL (postgres://...) a fresh database on that server.
 *
 *   cd bench && node --import tsx site-home.bench.ts   (BENCH_SECONDS, BENCH_ROUNDS to change the run;
 *                                                        BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the app server)
 *
 * Prints figures; it asserts nothing and is never part of npm test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { brotliCompressSync, constants } from 'node:zlib';
import autocannon from 'autocannon';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { createPostgresDatabase } from '../apps/server/test/helpers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const ROOT = resolve(import.meta.dirname, '..');
const serverRequire = createRequire(join(ROOT, 'apps/server/package.json'));
const dataDir = mkdtempSync(join(tmpdir(), 'bo-site-bench-'));
const JWT_SECRET = randomBytes(32).toString('hex');
const FINGERPRINT = 'site-bench';
const admin = { email: 'bench@example.com', password: 'Bench#12345' };

async function prepareDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { url: `sqlite:${join(dataDir, 'bench.sqlite')}`, drop: async () => {} };
  return createPostgresDatabase(server, 'bo_site_bench');
}

async function seedAdmin(url: string) {
  const { db } = createDatabase(url);
  await migrateToLatest(db);
  const t = new Date().toISOString();
  await db
    .insertInto('admins')
    .values({
      email: admin.email,
      name: 'Bench',
      password_hash: await hashPassword(admin.password),
      has_change_default_password: 1,
      roles: JSON.stringify(['ROLE_SUPER_ADMIN', 'ROLE_BASE', 'ROLE_PHOTO', 'ROLE_PAGE', 'ROLE_BANNER', 'ROLE_VIDEO', 'ROLE_PRODUCT']),
      group_id: null,
      status: 'active',
      created_at: t,
      updated_at: t,
    })
    .execute();
  await db.destroy();
}

async function startServer(mode: 'app' | 'bare', env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const prof = process.env.BENCH_CPU_PROF && mode === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', join(ROOT, 'bench/site-home-servers.ts'), mode], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
  });
  const port = await new Promise<number>((res, rej) => {
    createInterface({ input: child.stdout! }).on('line', (l) => {
      const m = /^LISTENING (\d+)/.exec(l);
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`${mode} server exited with ${code}`)));
  });
  return { port, child };
}

async function stop(child: ChildProcess) {
  child.kill(process.env.BENCH_CPU_PROF ? 'SIGTERM' : 'SIGKILL');
  await new Promise((r) => child.once('exit', r));
}

/** Content through the admin API, as editors would make it. */
async function seedContent(base: string): Promise<void> {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-fingerprint': FINGERPRINT,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as any;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { token } = await call('POST', '/api/admin/account/login', admin);
  const sharp = serverRequire('sharp') as typeof import('sharp').default;
  const photos: number[] = [];
  for (const [i, color] of ['#1d4ed8', '#15803d', '#b45309', '#334155', '#be123c', '#0f766e'].entries()) {
    const jpeg = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `bench-${i}.jpg`);
    const res = await fetch(`${base}/api/admin/photo/upload?title=${encodeURIComponent(`照片 ${i}`)}`, {
      method: 'POST',
      headers: { 'x-fingerprint': FINGERPRINT, authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`photo upload: ${res.status} ${await res.text()}`);
    photos.push(((await res.json()) as { id: number }).id);
  }
  const photo = (i: number) => photos[i % photos.length]!;
  const types = ['article', 'project', 'default'] as const;
  for (let i = 0; i < 50; i++) {
    const type = types[i % 3]!;
    await call(
      'POST',
      '/api/admin/page',
      {
        type,
        slug: `${type}-${i}`,
        title: `${type === 'article' ? '最新消息' : type === 'project' ? '工程實績' : '頁面'} ${i}：新北市辦公大樓新建工程`,
        summary: '地上十二層、地下三層之鋼骨鋼筋混凝土辦公大樓，預計明年完工。',
        body: `<h2>工程概要</h2><p>${'本工程位於新北市板橋區，基地面積約一千五百坪。'.repeat(8)}</p>`,
        cover_photo_id: photo(i),
        ...(type === 'project' ? { location: '新北市板橋區', client: '某建設公司', gallery: [photo(i), photo(i + 1), photo(i + 2)] } : {}),
        status: 'published',
      },
      token,
    );
  }
  for (let i = 0; i < 10; i++)
    await call(
      'POST',
      '/api/admin/banner',
      { title: `主打橫幅 ${i}`, position: 'home', photo_id: photo(i), link: '/projects', sort_order: i },
      token,
    );
  for (let i = 0; i < 2; i++)
    await call(
      'POST',
      '/api/admin/video',
      { title: `工地紀錄 ${i}`, youtube_url: 'https://youtu.be/dQw4w9WgXcQ', photo_id: photo(i) },
      token,
    );
  for (let i = 0; i < 100; i++) {
    const p = await call(
      'POST',
      '/api/admin/product',
      {
        slug: `product-${i}`,
        name: `建材 ${i}`,
        summary: '一般用途卜特蘭水泥',
        description: '<p>適用於結構混凝土。</p>',
        photo_ids: [photo(i)],
        attributes: [{ name: '規格', values: ['20kg', '40kg'] }],
        status: 'published',
      },
      token,
    );
    const { data } = await call('POST', `/api/admin/product/${p.id}/instances/generate`, {}, token);
    await call(
      'PATCH',
      `/api/admin/product/${p.id}/instances/batch`,
      { ids: data.map((x: { id: number }) => x.id), price: 100 + i, stock: 10 },
      token,
    );
  }
}

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string>): Promise<Figure> {
  await autocannon({ url, connections: 10, duration: 2, headers });
  const r = await autocannon({ url, connections: 10, duration: SECONDS, headers });
  const f = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: r.throughput.total / Math.max(1, r.requests.total),
    errors: r.errors + r.timeouts + r.non2xx,
  };
  console.log(
    `  ${name.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms   ${(f.bytes / 1024).toFixed(1).padStart(5)} KB/response${f.errors ? `   ${f.errors} errors/non-2xx` : ''}`,
  );
  return f;
}

async function main() {
  const db = await prepareDatabase();
  const engine = db.url.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL';
  let app: { port: number; child: ChildProcess } | null = null;
  let bare: { port: number; child: ChildProcess } | null = null;
  try {
    await seedAdmin(db.url);
    app = await startServer('app', { BENCH_DATABASE_URL: db.url, DATA_DIR: dataDir, JWT_SECRET, WEB_DIST: join(dataDir, 'no-web') });
    const base = `http://127.0.0.1:${app.port}`;
    const started = Date.now();
    await seedContent(base);
    console.log(`seeded 50 pages, 10 banners, 100 products through the admin API in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const home = await fetch(`${base}/site`);
    const html = await home.text();
    if (home.status !== 200 || !html.includes('主打橫幅 9')) throw new Error(`the home page is not what was seeded: ${home.status}`);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!;
    const file = join(dataDir, 'home.html');
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
    bare = await startServer('bare', { BENCH_HTML_FILE: file });

    console.log(
      `\n${engine}, home page ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML (${(readFileSync(`${file}.br`).length / 1024).toFixed(1)} KB brotli), 10 connections, ${SECONDS} s per run`,
    );
    console.log(
      `machine: ${cpus().length} CPUs (${cpus()[0]?.model}), load average before the runs ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    const runs: [string, string, string, Record<string, string>][] = [
      ['bare', 'bare Fastify, from memory', `http://127.0.0.1:${bare.port}/`, {}],
      ['app', 'website /site', `${base}/site`, {}],
      ['bareBr', 'bare Fastify, brotli', `http://127.0.0.1:${bare.port}/`, { 'accept-encoding': 'br' }],
      ['appBr', 'website /site, brotli', `${base}/site`, { 'accept-encoding': 'br' }],
      // The floor of any answer of the app (its hooks and security headers): its smallest file, compressed.
      ['appFloor', 'app floor: site.css, brotli', `${base}${stylesheet}`, { 'accept-encoding': 'br' }],
    ];
    const results: Record<string, Figure> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}`);
      for (const [key, name, url, headers] of runs) {
        const f = await measure(name, url, headers);
        if (!results[key] || f.rps > results[key].rps) results[key] = f;
      }
    }
    const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
    console.log(
      `\nload average after the runs ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log('\nratios (goal: website >= 70% of bare, p99 <= 20 ms)');
    console.log(`  plain:  ${pct(results.app!.rps, results.bare!.rps)}   website p99 ${results.app!.p99} ms`);
    console.log(`  brotli: ${pct(results.appBr!.rps, results.bareBr!.rps)}   website p99 ${results.appBr!.p99} ms`);
    console.log(`  brotli home / the app's floor (its stylesheet, same hooks): ${pct(results.appBr!.rps, results.appFloor!.rps)}`);
  } finally {
    if (app) await stop(app.child);
    if (bare) await stop(bare.child);
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
