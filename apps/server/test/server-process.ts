import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { FINGERPRINT } from './fingerprint.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const MAIN = resolve(ROOT, 'apps/server/src/main.ts');

/** A port free right now on loopback (main.ts prints its port, so PORT=0 would not do). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Runs the real server (`node --import tsx apps/server/src/main.ts`) with only the given settings
 * (nothing inherited from the test run's own environment but PATH and HOME), and waits until it
 * listens. `waitForListening: false` returns at once (for start-ups expected to fail).
 */
export async function startServer(
  env: Record<string, string>,
  opts: { waitForListening?: boolean /** Node's arguments; the TypeScript sources through tsx by default. */; args?: string[] } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, opts.args ?? ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: port,
      LOG_LEVEL: 'warn',
      WEB_DIST: resolve(ROOT, 'no-web-dist'),
      // A developer's .env must not change what the tests start.
      ENV_FILE: 'off',
      ...env,
    },
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | string>((res) => child.once('exit', (code, signal) => res(code ?? signal ?? -1)));
  const server: ServerProcess = { url: `http://127.0.0.1:${port}`, child, output: () => out, exited };
  if (opts.waitForListening === false) return server;
  const deadline = Date.now() + 45_000;
  while (!out.includes('Back office:')) {
    const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]);
    if (done) throw new Error(`server exited during start-up:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${out}`);
    }
  }
  return server;
}

export async function stopServer(s: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill(signal);
  await s.exited;
}

/** fetch against a server process with the fingerprint header and an optional Bearer token. */
export function http(base: string, token?: string) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-fingerprint': FINGERPRINT,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, json, text };
  };
  return {
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body ?? {}, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) => call('PUT', path, body ?? {}, headers),
    delete: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
  };
}

export async function loginOver(base: string, email: string, password: string): Promise<string> {
  const r = await http(base).post('/api/admin/account/login', { email, password });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
  return r.json.token;
}
