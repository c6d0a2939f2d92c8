/**
 * Smoke check of the compiled server on other Node majors (the machines here run Node 20; the image
 * and `engines` name 22 and 24): for each major, fetch that Node from the npm registry (the
 * node-<platform>-<arch> package), build better-sqlite3 for its ABI (from the sources in
 * node_modules, with that Node's own headers: nothing is downloaded from nodejs.org or GitHub),
 * start apps/server/dist on a new data folder, check readiness, sign in, stop with SIGTERM.
 *
 *   npm run build && node scripts/node-smoke.mjs [22 …]   (24 aborts today: README "Other Node versions")
 *
 * Everything fetched or built is kept in node_modules/.cache/node-smoke/<major>: the first run per
 * major takes minutes (compiling SQLite), later runs seconds. One line per step; exit 1 on a failure.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules/.cache/node-smoke');
const SERVER_MODULES = join(ROOT, 'apps/server/node_modules');
const SQLITE_SOURCES = existsSync(join(SERVER_MODULES, 'better-sqlite3'))
  ? join(SERVER_MODULES, 'better-sqlite3')
  : join(ROOT, 'node_modules/better-sqlite3');
const NODE_GYP = join(dirname(dirname(process.execPath)), 'lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js');
const majors = process.argv.slice(2).length ? process.argv.slice(2) : ['22'];
const say = (line) => console.log(line);

if (!existsSync(join(ROOT, 'apps/server/dist/main.mjs'))) {
  say('apps/server/dist is missing: run `npm run build` first');
  process.exit(1);
}

/** That major's newest Node from the registry, unpacked into dir/node (bin/node, include/node). */
function fetchNode(major, dir) {
  const nodeDir = join(dir, 'node');
  if (existsSync(join(nodeDir, 'bin/node'))) return nodeDir;
  mkdirSync(dir, { recursive: true });
  const pkg = `node-${process.platform}-${process.arch}@${major}`;
  const tarball = execFileSync('npm', ['pack', pkg, '--pack-destination', dir, '--silent'], { cwd: dir, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  mkdirSync(nodeDir, { recursive: true });
  execFileSync('tar', ['xzf', join(dir, tarball), '-C', nodeDir, '--strip-components', '1']);
  rmSync(join(dir, tarball));
  return nodeDir;
}

/**
 * A copy of the compiled server whose better-sqlite3 is built for this Node: apps/server/dist, the
 * server's own node_modules with better-sqlite3 replaced, the root node_modules linked.
 */
function prepareApp(dir, nodeDir) {
  const app = join(dir, 'app');
  const sqlite = join(app, 'apps/server/node_modules/better-sqlite3');
  const version = JSON.parse(readFileSync(join(SQLITE_SOURCES, 'package.json'), 'utf8')).version;
  const marker = join(sqlite, `.built-${version}`);
  if (!existsSync(marker)) {
    rmSync(sqlite, { recursive: true, force: true });
    cpSync(SQLITE_SOURCES, sqlite, { recursive: true, filter: (src) => !src.startsWith(join(SQLITE_SOURCES, 'build')) });
    const started = performance.now();
    say(`  better-sqlite3 ${version}: compiling for this Node (minutes, once)…`);
    execFileSync(join(nodeDir, 'bin/node'), [NODE_GYP, 'rebuild', '--release', `--nodedir=${nodeDir}`, `--jobs=${2}`], {
      cwd: sqlite,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    execFileSync('touch', [marker]);
    say(`  better-sqlite3 ${version}: compiled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  for (const entry of readdirSync(SERVER_MODULES)) {
    const link = join(app, 'apps/server/node_modules', entry);
    if (entry !== 'better-sqlite3' && !existsSync(link)) symlinkSync(join(SERVER_MODULES, entry), link);
  }
  if (!existsSync(join(app, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'));
  rmSync(join(app, 'apps/server/dist'), { recursive: true, force: true });
  cpSync(join(ROOT, 'apps/server/dist'), join(app, 'apps/server/dist'), { recursive: true });
  return join(app, 'apps/server/dist/main.mjs');
}

const freePort = () =>
  new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

/** Start on a new data folder, readiness, sign-in, SIGTERM: answers what failed, or null. */
async function smoke(node, main) {
  const data = mkdtempSync(join(tmpdir(), 'bo-smoke-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ENV_FILE: 'off',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: data,
    LOG_LEVEL: 'warn',
  };
  Object.assign(env, { ADMIN_EMAIL: 'smoke@example.com', ADMIN_PASSWORD: 'Smoke-check-1', WEB_DIST: join(data, 'no-web') });
  const child = spawn(node, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((res) => child.once('exit', (code, signal) => res(code ?? signal)));
  const started = performance.now();
  try {
    while (!out.includes('Back office:')) {
      if (child.exitCode !== null) return `exited during start-up:\n${out}`;
      if (performance.now() - started > 30_000) return `not listening after 30 s:\n${out}`;
      await new Promise((r) => setTimeout(r, 50));
    }
    const listening = ((performance.now() - started) / 1000).toFixed(1);
    const ready = await fetch(`${base}/api/health/ready`);
    if (ready.status !== 200) return `readiness ${ready.status}: ${await ready.text()}`;
    const login = await fetch(`${base}/api/admin/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint': 'node-smoke' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    if (login.status !== 200 || !(await login.json()).token) return `sign-in answered ${login.status}`;
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) return `exit ${code} after SIGTERM:\n${out}`;
    if (existsSync(join(data, 'server.pid'))) return 'server.pid left behind';
    say(`  listening in ${listening} s, ready, signed in, stopped on SIGTERM with exit 0`);
    return null;
  } finally {
    child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }
}

let failed = 0;
for (const major of majors) {
  const dir = join(CACHE, major);
  try {
    const nodeDir = fetchNode(major, dir);
    const node = join(nodeDir, 'bin/node');
    say(`node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()} (${node})`);
    const problem = await smoke(node, prepareApp(dir, nodeDir));
    if (problem) {
      failed++;
      say(`  FAILED: ${problem}`);
    }
  } catch (err) {
    failed++;
    say(`  FAILED: ${err.message.split('\n')[0]}`);
  }
}
process.exit(failed ? 1 : 0);
