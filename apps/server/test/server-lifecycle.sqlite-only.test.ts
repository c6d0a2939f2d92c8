import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FINGERPRINT } from './helpers.ts';
import { loginOver, startServer, stopServer, type ServerProcess } from './server-process.ts';

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
  ])('refuses to start with a wrong %s, naming it, with a non-zero exit', async (name, value) => {
    const s = await startServer({ DATA_DIR: tempDir(), [name]: value }, { waitForListening: false });
    servers.push(s);
    const code = await s.exited;
    expect(code).not.toBe(0);
    expect(typeof code).toBe('number');
    expect(s.output()).toContain('Invalid configuration');
    expect(s.output()).toContain(`${name}:`);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    // LOG_LEVEL=info: the "incoming request" line tells when the server holds the request.
    const s = await startServer({ DATA_DIR: tempDir(), ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'Sh0rtLived!', LOG_LEVEL: 'info' });
    servers.push(s);
    const token = await loginOver(s.url, 'root@example.com', 'Sh0rtLived!');
    const body = JSON.stringify({ name: 'Finished after SIGTERM' });
    const { port } = new URL(s.url);
    const until = async (cond: () => boolean) => { while (!cond()) await new Promise((r) => setTimeout(r, 20)); };

    // A slow client: headers and half the body now, the rest after the signal.
    let response!: Promise<{ status: number; body: string }>;
    const req = request({
      host: '127.0.0.1', port, method: 'PUT', path: '/api/admin/account/profile',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-fingerprint': FINGERPRINT, authorization: `Bearer ${token}` },
    });
    response = new Promise((res, rej) => {
      req.on('response', (r) => {
        let text = '';
        r.on('data', (c) => { text += c; });
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
