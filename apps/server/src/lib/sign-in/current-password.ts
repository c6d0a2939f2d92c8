import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import { verifyPassword } from '../passwords.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import { fingerprintOf } from './sign-in-client.ts';

/**
 * A signed-in account proves a change with its current password (admins' and members' password
 * change, members' e-mail change). Guessing it with a stolen token is limited like sign-in guesses
 * from this browser (a signed-in one, so a known browser): the same counter, the same lock.
 * 400 `current_password: validate.error.password_incorrect` when it is wrong.
 */
export async function checkCurrentPassword(
  attempts: AttemptLimiter,
  req: FastifyRequest,
  account: { email: string; password_hash: string | null },
  typed: string,
): Promise<void> {
  const attempt = { account: account.email, ip: req.ip, knownBrowser: fingerprintOf(req) };
  await attempts.check(attempt);
  if (!(await verifyPassword(account.password_hash, typed))) {
    throw badRequest({ current_password: ['validate.error.password_incorrect'] });
  }
  await attempts.succeed(attempt);
}
