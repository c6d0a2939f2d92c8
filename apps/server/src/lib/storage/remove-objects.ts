import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './storage.ts';
import { StorageUnavailableError } from './storage-unavailable.ts';

/**
 * A deletion refused because the store could not be reached (S3 down) is tried again in this
 * process: after 1 s, doubling up to a minute, 20 tries (about a quarter of an hour). So an upload
 * that failed while S3 went away leaves no object behind once S3 is back.
 */
const RETRY_FIRST_MS = 1000;
const RETRY_LAST_MS = 60_000;
const RETRY_TRIES = 20;

const retries = new WeakMap<Storage, Set<NodeJS.Timeout>>();

/** Deletes stored objects after their rows are gone; a failure leaves an orphan object, never a dangling row. */
export async function removeObjects(storage: Storage, keys: string[], log: FastifyBaseLogger): Promise<void> {
  const results = await Promise.allSettled(keys.map((k) => storage.delete(k)));
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') return;
    const retried = r.reason instanceof StorageUnavailableError;
    log.warn(
      { err: r.reason, key: keys[i] },
      retried ? 'stored object not deleted yet: the store is unavailable, trying again' : 'stored object not deleted',
    );
    if (retried) retryRemoval(storage, keys[i], log, 1);
  });
}

function retryRemoval(storage: Storage, key: string, log: FastifyBaseLogger, attempt: number): void {
  const timers = retries.get(storage) ?? new Set<NodeJS.Timeout>();
  retries.set(storage, timers);
  const timer = setTimeout(
    async () => {
      timers.delete(timer);
      try {
        await storage.delete(key);
        log.info({ key }, 'stored object deleted once the store was back');
      } catch (err) {
        if (err instanceof StorageUnavailableError && attempt < RETRY_TRIES) retryRemoval(storage, key, log, attempt + 1);
        else log.error({ err, key }, 'stored object not deleted: an orphan object is left in the store');
      }
    },
    Math.min(RETRY_LAST_MS, RETRY_FIRST_MS * 2 ** (attempt - 1)),
  );
  timer.unref();
  timers.add(timer);
}

/** Drops the pending retries (the server is closing; what is left stays an orphan object). */
export function stopRemovalRetries(storage: Storage): void {
  for (const t of retries.get(storage) ?? []) clearTimeout(t);
  retries.delete(storage);
}
