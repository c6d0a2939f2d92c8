import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
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

/** A key of its own per process, so instances sharing one bucket never delete each other's probe. */
const probeKey = `health-check/${hostname().replace(/[^A-Za-z0-9._-]/g, '-')}-${process.pid}`;

const CHECKS: Record<ReadinessPart, (app: FastifyInstance) => Promise<void>> = {
  database: databaseAnswers,
  migrations: async (app) => {
    const pending = await unappliedMigrations(app);
    if (pending.length) throw new Error(`not applied: ${pending.join(', ')}`);
  },
  storage: async (app) => {
    await app.storage.put(probeKey, Buffer.from('ok'), { contentType: 'text/plain' });
    await app.storage.delete(probeKey);
  },
};

/**
 * Whether this instance can serve: the database answers, every migration is applied, the file store
 * takes a write. Parts after a failing database are not checked (they need it). Each failure is
 * logged with its cause, for the operator; the answer only names the part.
 */
export async function checkReadiness(app: FastifyInstance): Promise<Record<ReadinessPart, PartState>> {
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
