import { TWO_FACTOR_RULES } from '../src/lib/identity/two-factor.ts';

const STEP_MS = TWO_FACTOR_RULES.period * 1000;

/**
 * Waits, when a 30-second step of the authenticator app ends within `marginMs`, for the next one.
 * The server accepts a code of one step either side of its own: a code taken as a step ends and
 * checked after it may be two steps away, and a test that counts on "the same step" may see the
 * next. Called before a test takes its codes, it keeps them all in one step.
 */
export async function clearOfStepEdge(marginMs = 5_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 100));
}
