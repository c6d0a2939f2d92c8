import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { killMidWork } from './kill-mid-work.ts';

// Issue 33: kill -9 in the middle of a staff import, an export and a photo upload, on SQLite (kill-mid-work.ts).
const dataDir = mkdtempSync(join(tmpdir(), 'bo-kill-mid-work-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('kill -9 mid-work on SQLite', () => {
  it('keeps nothing of an import, an export or a photo upload the process died in, and reports each as interrupted', async () => {
    await killMidWork({ env: {}, databaseUrl: `sqlite:${join(dataDir, 'app.sqlite')}`, dataDir });
  }, 90_000);
});
