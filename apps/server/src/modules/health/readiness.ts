import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { removeObjects } from '../../lib/storage/remove-objects.ts';
import { databaseAnswers, unappliedMigrations } from './health.repository.ts';

/** The parts readiness checks, in order; a failing part is named, never described (no internals in a public answer). */
export const READINESS_PARTS = ['database', 'migrations', 'storage'] as const;
export type ReadinessPart = (typeof READINESS_PARTS)[number];
export type PartState = 'ok' | 'failing' | 'not checked';

/**
 * A check that does not answer in time fails: a load balancer's probe must not hang on a stuck
 * database. Issue 33: an unreachable database is named within 2 s.
 */
const CHECK_TIMEOUT_MS = 1500;

async function timed(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A key of its own per check: instances sharing one bucket, and checks overlapping in one process, never
 * delete each other's probe (issue 34: overlapping checks answered 503 `storage`).
 */
const probeKey = () => `health-check/${hostname().replace(/[^A-Za-z0-9._-]/g, '-')}-${process.pid}-${randomUUID()}`;

const CHECKS: Record<ReadinessPart, (app: FastifyInstance) => Promise<void>> = {
  database: databaseAnswers,
  migrations: async (app) => {
    const pending = await unappliedMigrations(app);
    if (pending.length) throw new Error(`not applied: ${pending.join(', ')}`);
  },
  storage: async (app) => {
    const key = probeKey();
    try {
      await app.storage.put(key, Buffer.from('ok'), { contentType: 'text/plain' });
    } finally {
      // Also after a failed put, which may have landed: removeObjects tries again while S3 is away.
      await removeObjects(app.storage, [key], app.log);
    }
  },
};

/**
 * Whether this instance can serve: the database answers, every migration is applied, the file store
 * takes a write. Parts after a failing database are not checked (they need it). Each failure is
 * logged with its cause, for the operator; the answer only names the part.
 */
async function checkReadiness(app: FastifyInstance): Promise<Record<ReadinessPart, PartState>> {
  const states = Object.fromEntries(READINESS_PARTS.map((p) => [p, 'not checked'])) as Record<ReadinessPart, PartState>;
  for (const part of READINESS_PARTS) {
    if (part === 'migrations' && states.database !== 'ok') continue;
    try {
      await timed(() => CHECKS[part](app));
      states[part] = 'ok';
    } catch (err) {
      states[part] = 'failing';
      app.log.warn({ part, err: (err as Error).message }, `readiness: ${part} failing`);
    }
  }
  return states;
}

/** How long one check's outcome answers every probe: a flood of probes costs two checks a second, and an outage is named within 2 s (0.5 s reused + 1.5 s check). */
export const READINESS_REUSE_MS = 500;

/**
 * Readiness for the route (one per app): probes arriving while a check runs share it, and for
 * READINESS_REUSE_MS after it ends they get its outcome, so anonymous loops cannot make the instance
 * work (or fail) faster than two checks a second.
 */
export function sharedReadiness(app: FastifyInstance, reuseMs = READINESS_REUSE_MS) {
  let last: { at: number; states: Promise<Record<ReadinessPart, PartState>> } | null = null;
  return (): Promise<Record<ReadinessPart, PartState>> => {
    const now = performance.now();
    if (last && now - last.at < reuseMs) return last.states;
    const entry = { at: Number.POSITIVE_INFINITY, states: checkReadiness(app) };
    // Reused from when it ends, not from when it began: a check that took 3 s is not answered as fresh.
    void entry.states.finally(() => {
      entry.at = performance.now();
    });
    last = entry;
    return entry.states;
  };
}
