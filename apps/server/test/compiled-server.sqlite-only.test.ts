import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT } from './helpers.ts';
import { freePort, startServer, stopServer, type ServerProcess } from './server-process.ts';

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

  it('sanitises in its HTML worker without tsx', async () => {
    const worker = new Worker(join(out, 'sanitize.worker.mjs'));
    try {
      const answers: { ready?: boolean; id?: number; ok?: boolean; values?: string[] }[] = [];
      await new Promise<void>((res, rej) => {
        worker.on('error', rej);
        worker.on('message', (m) => {
          answers.push(m);
          if (m.ready) worker.postMessage({ id: 1, kind: 'rich', values: ['<p onclick="x()">a<script>b</script></p>'] });
          else res();
        });
      });
      expect(answers[1]).toEqual({ id: 1, ok: true, values: ['<p>a</p>'] });
    } finally {
      await worker.terminate();
    }
  });
});

describe('the compiled server stopping and failing to start', () => {
  const started: ServerProcess[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'bo-start-'));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    for (const s of started) await stopServer(s, 'SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  describe('start-up failures', () => {
    /** The one line a failed start printed on stderr (stdout may have announced the first admin). */
    const failureOf = async (s: ServerProcess) => {
      const code = await s.exited;
      const lines = s.output().trim().split('\n');
      expect(s.output()).not.toMatch(/^\s+at /m); // no stack trace
      return { code, line: lines[lines.length - 1] };
    };

    it.concurrent.each([
      [
        'an unreachable DATABASE_URL',
        { DATABASE_URL: 'postgres://app:pw-not-shown@127.0.0.1:1/backoffice' },
        /^DATABASE_URL: cannot connect to 127\.0\.0\.1:1\/backoffice \(connection refused\)$/,
      ],
      ['a HOST that is not this machine', { HOST: '192.0.2.123' }, /^HOST 192\.0\.2\.123 is not an address of this machine$/],
    ])('names the setting in one line for %s, exit code 1', async (_, env, expected) => {
      const s = await startServer({ DATA_DIR: tempDir(), ...env }, { waitForListening: false, args: [join(out, 'main.mjs')] });
      started.push(s);
      const { code, line } = await failureOf(s);
      expect(code).toBe(1);
      expect(line).toMatch(expected);
      expect(s.output()).not.toContain('pw-not-shown');
    });

    it('says the PORT is in use, exit code 1', async () => {
      const busy = createServer();
      await new Promise<void>((res) => busy.listen(0, '127.0.0.1', res));
      const port = (busy.address() as AddressInfo).port;
      try {
        const s = await startServer(
          { DATA_DIR: tempDir(), PORT: String(port) },
          { waitForListening: false, args: [join(out, 'main.mjs')] },
        );
        started.push(s);
        const { code, line } = await failureOf(s);
        expect(code).toBe(1);
        expect(line).toBe(`PORT ${port} is in use (another process listens on 127.0.0.1:${port})`);
      } finally {
        busy.close();
      }
    });
  });

  it('stops as on SIGTERM when npm, the process that started it, exits without passing the signal on', async () => {
    const dir = tempDir();
    const port = await freePort();
    // As `npm start` runs it: npm, then a shell, then node; npm exits on SIGTERM and the shell with it.
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${join(out, 'main.mjs')}"; true`], {
      cwd: ROOT,
      // The server keeps these pipes after the shell is gone: what it said is in a timeout's message.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ENV_FILE: 'off',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dir,
        WEB_DIST: join(dir, 'none'),
        LOG_LEVEL: 'info',
        npm_lifecycle_event: 'start',
      },
    });
    let said = '';
    for (const stream of [shell.stdout, shell.stderr]) stream?.on('data', (d: Buffer) => (said = (said + d.toString()).slice(-4000)));
    const pidFile = join(dir, 'server.pid');
    const until = async (cond: () => boolean, what: string) => {
      const deadline = Date.now() + 25_000;
      while (!cond()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the server said:\n${said}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // server.pid names the data folder's holder from before the database opens: listening is the banner.
    await until(() => said.includes('Back office:'), 'the server to listen');
    const serverPid = Number(readFileSync(pidFile, 'utf8'));
    shell.kill('SIGKILL');
    await until(() => !existsSync(pidFile), 'server.pid to be removed');
    // Exited: gone, or a zombie its new parent has not reaped yet (the server is then done all the same).
    const exited = () => {
      try {
        process.kill(serverPid, 0);
      } catch {
        return true;
      }
      const stat = existsSync(`/proc/${serverPid}/stat`) ? readFileSync(`/proc/${serverPid}/stat`, 'utf8') : '';
      return / Z /.test(stat.slice(stat.lastIndexOf(')') + 1, stat.lastIndexOf(')') + 4));
    };
    await until(exited, 'the server to exit');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);
});
