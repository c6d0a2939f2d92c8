import { request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FINGERPRINT } from './helpers.ts';
import { http, loginOver, startServer, stopServer, type ServerProcess } from './server-process.ts';

// Real server processes (main.ts): start-up configuration and shutdown are process behaviour.
const dirs: string[] = [];
const servers: ServerProcess[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bo-life-'));
  dirs.push(d);
  return d;
};
afterAll(async () => {
  for (const s of servers) await stopServer(s, 'SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('start-up configuration', () => {
  it.concurrent.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
  ])(
    'refuses to start with a wrong %s, naming it, with a non-zero exit',
    async (name, value) => {
      const s = await startServer({ DATA_DIR: tempDir(), [name]: value }, { waitForListening: false });
      servers.push(s);
      const code = await s.exited;
      expect(code).not.toBe(0);
      expect(typeof code).toBe('number');
      expect(s.output()).toContain('Invalid configuration');
      expect(s.output()).toContain(`${name}:`);
      // Three servers compiled by tsx at once: about 14 s each on a quiet machine, longer under load.
    },
    60_000,
  );
});

describe('graceful shutdown', () => {
  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    // LOG_LEVEL=info: the "incoming request" line tells when the server holds the request.
    const s = await startServer({ DATA_DIR: tempDir(), ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'Sh0rtLived!', LOG_LEVEL: 'info' });
    servers.push(s);
    const token = await loginOver(s.url, 'root@example.com', 'Sh0rtLived!');
    const body = JSON.stringify({ name: 'Finished after SIGTERM' });
    const { port } = new URL(s.url);
    const until = async (cond: () => boolean) => {
      while (!cond()) await new Promise((r) => setTimeout(r, 20));
    };

    // A slow client: headers and half the body now, the rest after the signal.
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: '/api/admin/account/profile',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-fingerprint': FINGERPRINT,
        authorization: `Bearer ${token}`,
      },
    });
    const response = new Promise<{ status: number; body: string }>((res, rej) => {
      req.on('response', (r) => {
        let text = '';
        r.on('data', (c) => {
          text += c;
        });
        r.on('end', () => res({ status: r.statusCode!, body: text }));
      });
      req.on('error', rej);
    });
    req.write(body.slice(0, 10));
    await until(() => s.output().includes('"url":"/api/admin/account/profile"'));

    s.child.kill('SIGTERM');
    await until(() => s.output().includes('shutting down'));
    await new Promise((r) => setTimeout(r, 200));
    expect(s.child.exitCode).toBeNull(); // still waiting for the request in flight
    req.end(body.slice(10));

    const res = await response;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).name).toBe('Finished after SIGTERM');
    expect(await s.exited).toBe(0);
  });
});

/** Every byte of every file under a folder (database, WAL, secrets, storage), as latin1 text. */
const allFileText = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1'))
    .join('\n');

/** A raw request with headers fetch would not let us forge (Host). */
function rawPost(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  const { port } = new URL(base);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-fingerprint': FINGERPRINT,
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('first super admin and public address', () => {
  it('writes a generated first password to a 0600 file under DATA_DIR (stdout is not a terminal), prints only its path, and warns that PUBLIC_URL is not set', async () => {
    const dir = tempDir();
    const s = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'info' });
    servers.push(s);
    const file = join(dir, 'first-admin-password.txt');
    expect(s.output()).toContain(`password: in ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await loginOver(s.url, 'admin@example.com', password);
    expect(s.output()).not.toContain(password);
    // No PUBLIC_URL: links use the address printed at start-up, and the log says so.
    expect(s.output()).toContain(`Back office: ${s.url} `);
    const warning = s
      .output()
      .split('\n')
      .find((l) => l.includes('PUBLIC_URL is not set'));
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, publicUrl: s.url });
  });

  it('never prints or logs a password chosen through ADMIN_PASSWORD, and signs links on PUBLIC_URL whatever Host the request forges', async () => {
    const dir = tempDir();
    const chosen = 'Op3rator-Ch0sen-Secret';
    const s = await startServer({
      DATA_DIR: dir,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: chosen,
      LOG_LEVEL: 'trace',
      PUBLIC_URL: 'https://bo.example.com',
    });
    servers.push(s);
    const token = await loginOver(s.url, 'owner@example.com', chosen);
    await http(s.url).post('/api/admin/account/login', { email: 'owner@example.com', password: `${chosen}-wrong` });
    expect(s.output()).toContain('owner@example.com');
    expect(s.output()).toContain('Back office: https://bo.example.com ');
    expect(s.output()).not.toContain('PUBLIC_URL is not set');
    expect(existsSync(join(dir, 'first-admin-password.txt'))).toBe(false);

    const form = new FormData();
    form.append('file', new Blob(['the plan']), 'plan.txt');
    const uploaded = await fetch(`${s.url}/api/admin/file/upload?private=true`, {
      method: 'POST',
      body: form,
      headers: { 'x-fingerprint': FINGERPRINT, authorization: `Bearer ${token}` },
    });
    expect(uploaded.status).toBe(200);
    const signed = await rawPost(
      s.url,
      '/api/admin/file/signed-url',
      { path: (await uploaded.json()).path, ttl: 60 },
      { authorization: `Bearer ${token}`, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    );
    expect(signed.status).toBe(200);
    const link = new URL(signed.json.url);
    expect(link.origin).toBe('https://bo.example.com');
    expect((await http(s.url).get(`${link.pathname}${link.search}`)).text).toBe('the plan');

    // The signed-link answer may still be finishing when SIGTERM arrives: its keep-alive connection must not hold the exit.
    await stopServer(s);
    expect(await s.exited).toBe(0);
    expect(s.output()).not.toContain(chosen);
    // Nor in any file the server wrote (the database keeps an argon2 hash).
    expect(allFileText(dir)).not.toContain(chosen);
  });
});
