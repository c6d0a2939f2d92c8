import type { FastifyInstance } from 'fastify';
import type { ReadDb } from '../../db/database.ts';
import type { Scope } from '../../lib/context/scope.ts';
import { generationsOf } from './compliance-dashboard.repository.ts';

/** Answers kept per app instance; the oldest used goes first. */
const MAX_ENTRIES = 500;
const caches = new WeakMap<FastifyInstance, Map<string, Promise<unknown>>>();

/**
 * A dashboard answer (summary, a page of workers) kept under the counters of the organizations it
 * covers (compliance_generations), which the transaction of every change the dashboards show raises
 * (lib/compliance/recompute.ts, recompute-on-audit.ts), and under the Taipei day its statuses were
 * read against. A counter read is one indexed row, so every instance sees another's change at once;
 * the same question asked while it is being answered waits for that answer instead of asking again.
 */
export async function cachedAnswer<T>(
  app: FastifyInstance,
  db: ReadDb,
  scope: Scope,
  question: unknown,
  compute: () => Promise<T>,
): Promise<T> {
  // Read before the answer is computed: a change committed meanwhile raises the counter past this key.
  const generations = await generationsOf(db, scope);
  const key = JSON.stringify([scope, generations.map((g) => [g.organization_id, g.generation]), question]);
  let cache = caches.get(app);
  if (!cache) {
    cache = new Map();
    caches.set(app, cache);
  }
  const kept = cache.get(key);
  if (kept) {
    cache.delete(key);
    cache.set(key, kept);
    return kept as Promise<T>;
  }
  const answer = compute();
  cache.set(key, answer);
  const own = cache;
  answer.catch(() => own.delete(key));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return answer;
}
