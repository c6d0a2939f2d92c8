import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage, type StoredObject } from './storage.ts';

/** Files under a root folder; writes go to a temporary name first so readers never see half a file. */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Readable | Buffer): Promise<{ size: number }> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmp));
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { size: (await stat(file)).size };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.path(key);
    await stat(file);
    return createReadStream(file, range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** The temporary files of `key` (`<name>.<random>.tmp`), and its folder when that leaves it empty. */
  async discardPartial(key: string): Promise<void> {
    const file = this.path(key);
    const dir = dirname(file);
    const prefix = `${basename(file)}.`;
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(prefix) && n.endsWith('.tmp')).map((n) => rm(join(dir, n), { force: true })));
    await rmdir(dir).catch(() => undefined);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.path(key));
      return { size: s.size, contentType: null, modifiedAt: s.mtime };
    } catch {
      return null;
    }
  }
}
