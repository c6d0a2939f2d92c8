import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT } from './helpers.ts';
import { startServer, stopServer, type ServerProcess } from './server-process.ts';

/**
 * Issue 15: `npm start` runs the server compiled by scripts/build-server.mjs, not TypeScript through
 * tsx. The compiled output must start, migrate a new database, answer the API and the website, and
 * its ExcelJS workers must load without tsx.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
let out: string;
let dataDir: string;
let server: ServerProcess | undefined;
beforeAll(() => {
  // Inside the project, so the compiled files find node_modules as apps/server/dist does.
  mkdirSync(join(ROOT, 'apps/server/node_modules/.cache'), { recursive: true });
  out = mkdtempSync(join(ROOT, 'apps/server/node_modules/.cache/bo-dist-'));
  dataDir = mkdtempSync(join(tmpdir(), 'bo-data-'));
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), '--outdir', out], { cwd: ROOT, stdio: 'pipe' });
}, 60_000);
afterAll(async () => {
  await stopServer(server);
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('holds every migration, the workers and no TypeScript', () => {
    const files = readdirSync(out, { recursive: true }).map(String);
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['main.mjs', 'cli.mjs', 'staff-excel.worker.mjs', 'staff-import.worker.mjs']));
    const sources = readdirSync(join(ROOT, 'apps/server/src/db/migrations')).filter(
      (f) => /^\d{4}-.*\.ts$/.test(f) && !f.endsWith('.test.ts'),
    );
    expect(readdirSync(join(out, 'migrations')).filter((f) => f.endsWith('.mjs'))).toHaveLength(sources.length);
  });

  it('starts on a new database and answers the API and the website', async () => {
    server = await startServer({ DATA_DIR: dataDir }, { args: [join(out, 'main.mjs')] });
    const settings = await fetch(`${server.url}/api/settings`, { headers: { 'x-fingerprint': FINGERPRINT } });
    expect(settings.status).toBe(200);
    const login = await fetch(`${server.url}/api/admin/account/login`, {
      method: 'POST',
      headers: { 'x-fingerprint': FINGERPRINT, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong' }),
    });
    expect(login.status).toBe(401);
    expect((await fetch(`${server.url}/site/`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    expect(server.output()).not.toContain('tsx');
  });

  it('runs the operator CLI compiled, its --json output alone on stdout', () => {
    const stdout = execFileSync(process.execPath, [join(out, 'cli.mjs'), 'list-admins', '--json'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ENV_FILE: 'off' },
      encoding: 'utf8',
    });
    expect(JSON.parse(stdout)).toEqual([expect.objectContaining({ email: 'admin@example.com' })]);
  });

  it('starts its ExcelJS workers without tsx', async () => {
    for (const name of ['staff-excel.worker.mjs', 'staff-import.worker.mjs']) {
      const worker = new Worker(join(out, name));
      let error: Error | null = null;
      worker.once('error', (e) => {
        error = e;
      });
      await new Promise((res) => worker.once('online', res));
      // A missing module fails the worker's top-level imports within moments of coming online.
      await new Promise((res) => setTimeout(res, 500));
      expect(error, `${name}: ${String(error)}`).toBeNull();
      await worker.terminate();
    }
  });
});
