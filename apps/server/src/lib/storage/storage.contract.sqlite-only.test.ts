import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/**
 * One contract, both drivers. The S3 run talks to s3rver started here on loopback (offline,
 * path-style). No database involved, so this file runs once (sqlite-only project).
 */
const read = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

interface Driver {
  name: string;
  make(): Promise<{ storage: Storage; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    async make() {
      const dir = mkdtempSync(join(tmpdir(), 'bo-storage-'));
      return { storage: new LocalStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3 (s3rver)',
    async make() {
      const dir = mkdtempSync(join(tmpdir(), 'bo-s3rver-'));
      const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
      const { port } = await server.run();
      const storage = new S3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'bo-contract',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        timeoutMs: 5000,
      });
      await storage.client.send(new CreateBucketCommand({ Bucket: 'bo-contract' }));
      return {
        storage,
        async close() {
          storage.client.destroy();
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(drivers)('storage contract: $name', (driver) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await driver.make());
  });
  afterAll(async () => {
    await close?.();
  });

  it('stores a buffer and reads it back', async () => {
    await storage.put('a/b/hello.txt', Buffer.from('hello world'), { contentType: 'text/plain' });
    expect((await read(await storage.get('a/b/hello.txt'))).toString()).toBe('hello world');
  });

  it('stores a stream of unknown length larger than one upload part', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 9; i++) yield chunk;
        yield Buffer.from('end');
      })(),
    );
    const { size } = await storage.put('big/file.bin', body);
    expect(size).toBe(9 * 1024 * 1024 + 3);
    expect((await storage.stat('big/file.bin'))?.size).toBe(size);
    const back = await read(await storage.get('big/file.bin'));
    expect(back.length).toBe(size);
    expect(back.subarray(-3).toString()).toBe('end');
  });

  it('reads a byte range', async () => {
    await storage.put('range.txt', Buffer.from('0123456789'));
    expect((await read(await storage.get('range.txt', { start: 2, end: 5 }))).toString()).toBe('2345');
  });

  it('stats, tells existence and deletes', async () => {
    await storage.put('x/y.bin', Buffer.from([1, 2, 3]));
    const s = await storage.stat('x/y.bin');
    expect(s?.size).toBe(3);
    expect(s?.modifiedAt).toBeInstanceOf(Date);
    expect(await storage.exists('x/y.bin')).toBe(true);
    await storage.delete('x/y.bin');
    expect(await storage.exists('x/y.bin')).toBe(false);
    expect(await storage.stat('x/y.bin')).toBeNull();
  });

  it('overwrites a key', async () => {
    await storage.put('over.txt', Buffer.from('one'));
    await storage.put('over.txt', Readable.from([Buffer.from('two!')]));
    expect((await read(await storage.get('over.txt'))).toString()).toBe('two!');
  });

  it('deleting a missing key is not an error; reading one rejects with ENOENT', async () => {
    await expect(storage.delete('never/there.txt')).resolves.toBeUndefined();
    await expect(storage.get('never/there.txt')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses keys that are not server-generated', async () => {
    for (const key of ['../etc/passwd', '/abs/path', 'a/../b', 'a//b', 'a\\b', 'a\0b', '%2e%2e/x', '', 'a/./b']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});
