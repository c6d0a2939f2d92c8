import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createPostgresDatabase } from './postgres-database.ts';
import { killMidWork } from './kill-mid-work.ts';

// Issue 33: kill -9 in the middle of a staff import, an export and a photo upload, on PostgreSQL (kill-mid-work.ts).
const dataDir = mkdtempSync(join(tmpdir(), 'bo-kill-mid-work-pg-'));
let database: { url: string; drop(): Promise<void> } | undefined;
beforeAll(async () => {
  database = await createPostgresDatabase();
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 mid-work on PostgreSQL', () => {
  it('keeps nothing of an import, an export or a photo upload the process died in, and reports each as interrupted', async () => {
    await killMidWork({ env: { DATABASE_URL: database!.url }, databaseUrl: database!.url, dataDir });
  }, 90_000);
});
