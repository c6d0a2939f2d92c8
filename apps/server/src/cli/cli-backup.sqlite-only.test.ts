import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

describe('backup and restore (SQLite)', () => {
  it('backs up while the server runs, and restores only once it is stopped, keeping the replaced database', async () => {
    const server = await startServer({ DATA_DIR: dataDir, JWT_SECRET: env().JWT_SECRET });
    const copy = join(dataDir, 'backup.sqlite');
    try {
      expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe(String(server.child.pid));
      expect((await cli('create-admin', '--email', 'before-backup@example.com')).code).toBe(0);
      const backup = await cli('backup', '--to', copy);
      expect(backup.code, backup.err).toBe(0);
      expect((await cli('backup', '--to', copy)).err).toContain('exists');
      await cli('create-admin', '--email', 'after-backup@example.com');
      const refused = await cli('restore', '--from', copy);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('the server is running');
    } finally {
      await stopServer(server);
    }
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    const junk = join(dataDir, 'junk.sqlite');
    writeFileSync(junk, 'not a database');
    expect((await cli('restore', '--from', junk)).err).toContain('is not a database of this back office');
    const restored = await cli('restore', '--from', copy);
    expect(restored.code, restored.err).toBe(0);
    expect(readdirSync(dataDir).some((f) => f.startsWith('app.sqlite.before-restore-'))).toBe(true);
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
  });
});
