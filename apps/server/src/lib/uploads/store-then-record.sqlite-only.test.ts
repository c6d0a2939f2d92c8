import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { LocalStorage } from '../storage/local-storage.ts';
import { storeThenRecord } from './store-then-record.ts';

/** No database involved: the real local storage driver on a temporary folder, so this runs once (sqlite-only). */
let dir: string;
let storage: LocalStorage;
const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const filesUnder = (sub: string) => {
  try {
    return readdirSync(join(dir, sub));
  } catch {
    return [];
  }
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bo-store-then-record-'));
  storage = new LocalStorage(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('storeThenRecord', () => {
  it('stores the objects, then answers what the record step returns, given the stored sizes', async () => {
    const out = await storeThenRecord(
      storage,
      log,
      [
        { key: 'up/a.txt', body: Buffer.from('hello'), contentType: 'text/plain' },
        { key: 'up/b.txt', body: Readable.from([Buffer.from('abc')]), contentType: 'text/plain' },
      ],
      async (stored) => ({ sizes: stored.map((s) => s.size) }),
    );
    expect(out).toEqual({ sizes: [5, 3] });
    expect(filesUnder('up').sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('removes the stored objects when the record step throws and rethrows its error', async () => {
    const failure = new Error('transaction failed');
    const run = storeThenRecord(
      storage,
      log,
      [
        { key: 'up/a.txt', body: Buffer.from('hello'), contentType: 'text/plain' },
        { key: 'up/b.txt', body: Buffer.from('world'), contentType: 'text/plain' },
      ],
      async () => {
        expect(await storage.exists('up/a.txt')).toBe(true);
        throw failure;
      },
    );
    await expect(run).rejects.toBe(failure);
    expect(await storage.exists('up/a.txt')).toBe(false);
    expect(await storage.exists('up/b.txt')).toBe(false);
    expect(filesUnder('up')).toEqual([]);
  });

  it('removes the objects already stored when another put fails, without running the record step', async () => {
    const failure = new Error('stream broke');
    const broken = new Readable({
      read() {
        this.destroy(failure);
      },
    });
    const record = vi.fn(async () => 'never');
    const run = storeThenRecord(
      storage,
      log,
      [
        { key: 'up/ok.txt', body: Buffer.from('fine'), contentType: 'text/plain' },
        { key: 'up/broken.txt', body: broken, contentType: 'text/plain' },
      ],
      record,
    );
    await expect(run).rejects.toBe(failure);
    expect(record).not.toHaveBeenCalled();
    expect(filesUnder('up')).toEqual([]);
  });
});
