import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSettings } from './check-settings.ts';
import { DataFolderBusy, lockDataFolder } from './data-folder-lock.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'bo-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the data folder lock', () => {
  it('is held by one holder at a time, names it to the others, and is free again once released', async () => {
    const held = lockDataFolder(dataDir, 'restore');
    try {
      expect(() => lockDataFolder(dataDir, 'server')).toThrow(DataFolderBusy);
      expect(() => lockDataFolder(dataDir, 'server')).toThrow(`is in use by a restore (pid ${process.pid})`);
      expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe(`${process.pid} restore`);
      // `npm start` checks it before it builds anything.
      const problem = await checkSettings({ ENV_FILE: 'off', NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), PORT: '0' });
      expect(problem).toBe(
        `DATA_DIR ${dataDir} is in use by a restore (pid ${process.pid}): stop it first, or give this server a DATA_DIR of its own`,
      );
    } finally {
      held.release();
    }
    lockDataFolder(dataDir, 'server').release();
  });
});
