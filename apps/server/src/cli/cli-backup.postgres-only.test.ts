import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/helpers.ts';
import { runCli } from './main.ts';

let dataDir: string;
let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bo-cli-pg-'));
  pg = await createPostgresDatabase();
});
afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: pg.url, JWT_SECRET: 'cli-test-secret-0123456789abcdef0123' };
  const code = await runCli(argv, { print: (t) => out.push(t), fail: (t) => err.push(t), env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('backup and restore (PostgreSQL)', () => {
  it("archives the data folder's files, prints the pg_dump command without the connection secret, and restores the files", async () => {
    const archive = join(dataDir, 'site.tar.gz');
    const backup = await cli('backup', '--to', archive);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toContain(`pg_dump --format=custom --file=${join(dataDir, 'site')}.pgdump "$DATABASE_URL"`);
    expect(backup.out).toContain('JWT_SECRET is set in the environment');
    expect(backup.out).not.toContain(pg.url);
    const restore = await cli('restore', '--from', archive);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toContain('pg_restore');
    expect(restore.out).not.toContain(pg.url);
  });
});
