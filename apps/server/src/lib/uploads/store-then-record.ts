import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage/storage.ts';
import { removeObjects } from '../storage/remove-objects.ts';

export interface ObjectToStore {
  key: string;
  body: Readable | Buffer;
  contentType: string;
}

/**
 * Puts the objects, then runs `record` (the transaction writing the rows that point at them, given
 * each object's stored size). When a put or `record` fails, every object of the batch is removed
 * (a put that failed may still have landed: the store kept the body and the answer was cut) and the
 * original error is rethrown, so a failed upload leaves neither a row nor an object.
 */
export async function storeThenRecord<T>(
  storage: Storage,
  log: FastifyBaseLogger,
  objects: ObjectToStore[],
  record: (stored: { size: number }[]) => Promise<T>,
): Promise<T> {
  const puts = await Promise.allSettled(objects.map((o) => storage.put(o.key, o.body, { contentType: o.contentType })));
  const failed = puts.find((p) => p.status === 'rejected');
  if (failed) {
    await removeObjects(
      storage,
      objects.map((o) => o.key),
      log,
    );
    throw failed.reason;
  }
  try {
    return await record(puts.map((p) => (p as PromiseFulfilledResult<{ size: number }>).value));
  } catch (err) {
    await removeObjects(
      storage,
      objects.map((o) => o.key),
      log,
    );
    throw err;
  }
}
