import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './storage.ts';

/** Deletes stored objects after their rows are gone; a failure leaves an orphan object, never a dangling row. */
export async function removeObjects(storage: Storage, keys: string[], log: FastifyBaseLogger): Promise<void> {
  const results = await Promise.allSettled(keys.map((k) => storage.delete(k)));
  for (const r of results) if (r.status === 'rejected') log.warn({ err: r.reason }, 'stored object not deleted');
}
