import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.ts';
import { createTestApp } from './helpers.ts';
import { startServer, stopServer } from './server-process.ts';

/** Owner-only files (private-files.ts): the database, backups, stored files and logs are 0600 in 0700 folders. */
const POSIX = process.platform !== 'win32';
const mode = (path: string) => statSync(path).mode & 0o777;
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? [join(dir, e.name), ...walk(join(dir, e.name))] : [join(dir, e.name)],
  );

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bo-modes-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!POSIX)('file modes', () => {
  it('makes the data folder 0700 and the database, its -wal/-shm, the secret and the logs 0600 (the server process)', async () => {
    const dataDir = join(root, 'server-data');
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      expect(mode(dataDir)).toBe(0o700);
      const made = walk(dataDir).filter((f) => !f.endsWith('server.pid'));
      expect(made.map((f) => f.slice(dataDir.length + 1))).toEqual(expect.arrayContaining(['app.sqlite', 'jwt-secret', 'logs']));
      for (const f of made) expect([f, mode(f)]).toEqual([f, statSync(f).isDirectory() ? 0o700 : 0o600]);
    } finally {
      await stopServer(server);
    }
  });

  it('writes stored files 0600 in 0700 folders, and `backup --to FILE` 0600', async () => {
    const dataDir = join(root, 'app-data');
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      await t.app.storage.put('private/abc/report.pdf', Buffer.from('%PDF-1.4'));
      expect(walk(dataDir).some((f) => f.endsWith('report.pdf'))).toBe(true);
      for (const f of walk(dataDir)) expect([f, mode(f)]).toEqual([f, statSync(f).isDirectory() ? 0o700 : 0o600]);
    } finally {
      await t.close();
    }
    const copy = join(root, 'copy.sqlite');
    const res = await runCli(['backup', '--to', copy], {
      print: () => {},
      fail: () => {},
      env: { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'modes-test-secret-0123456789abcdef012345' },
    });
    expect(res).toBe(0);
    expect(mode(copy)).toBe(0o600);
  });
});
