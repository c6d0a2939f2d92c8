import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { startServer, stopServer } from '../../test/server-process.ts';
import { runCli } from './main.ts';

let dataDir: string;
const env = () => ({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'cli-test-secret-0123456789abcdef0123' });
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bo-cli-backup-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { print: (t) => out.push(t), fail: (t) => err.push(t), env: env() });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('one data folder, one server (SQLite)', () => {
  it('refuses a second server and a restore while a server holds the folder; after kill -9 nothing stale refuses them', {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({ DATA_DIR: dataDir, JWT_SECRET: env().JWT_SECRET });
    const copy = join(dataDir, 'backup.tar.gz');
    try {
      expect(server.output()).toContain(`Data folder: ${dataDir}`);
      expect((await cli('create-admin', '--email', 'before-backup@example.com')).code).toBe(0);
      const backup = await cli('backup', '--to', copy);
      expect(backup.code, backup.err).toBe(0);
      await cli('create-admin', '--email', 'after-backup@example.com');

      const second = await startServer({ DATA_DIR: dataDir, JWT_SECRET: env().JWT_SECRET }, { waitForListening: false });
      expect(await second.exited).toBe(1);
      const line = second.output().trim();
      expect(line).toBe(
        `DATA_DIR ${dataDir} is in use by another server (pid ${server.child.pid}): stop it first, or give this server a DATA_DIR of its own`,
      );
      // The first one still serves, its pid still named.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe(String(server.child.pid));

      const refused = await cli('restore', '--from', copy);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`is in use by another server (pid ${server.child.pid}): stop it before a restore`);
    } finally {
      // A crash, `docker kill`, a power cut: the lock goes with the process, server.pid stays behind.
      await stopServer(server, 'SIGKILL');
    }
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(true);
    const restored = await cli('restore', '--from', copy);
    expect(restored.code, restored.err).toBe(0);
    expect(readdirSync(dataDir).some((f) => f.startsWith('before-restore-'))).toBe(true);
    const { db } = createDatabase(`sqlite:${join(dataDir, 'app.sqlite')}`);
    try {
      const emails = (await db.selectFrom('admins').select('email').execute()).map((e) => e.email);
      expect(emails).toContain('before-backup@example.com');
      expect(emails).not.toContain('after-backup@example.com');
      const backups = await db.selectFrom('audit_logs').select('action').where('action', '=', 'backup').execute();
      expect(backups).toHaveLength(0); // recorded after the copy was taken: not in the copy
    } finally {
      await db.destroy();
    }

    // A server starts on the restored folder, and its graceful stop leaves no server.pid.
    const again = await startServer({ DATA_DIR: dataDir, JWT_SECRET: env().JWT_SECRET });
    await stopServer(again);
    expect(await again.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  });
});
