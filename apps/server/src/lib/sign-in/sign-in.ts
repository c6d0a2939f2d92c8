import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTrx, Trx } from '../../db/database.ts';
import { writeAudit } from '../audit.ts';
import { verifyRecaptcha } from '../recaptcha.ts';
import { attemptLimiter, type AttemptLimiter, type SignInAttempt } from './attempt-limiter.ts';
import { failureError, type Claim, type CredentialStrategy } from './credential-strategy.ts';
import { adminSessions } from './open-session.ts';
import type { AdminPrincipal, Principal } from './principal.ts';
import type { SignInClient } from './sign-in-client.ts';

/** Where the sessions of one principal type live (admins: login devices, open-session.ts). */
export interface SessionStore<P extends Principal> {
  /** Whether this browser has signed in as `principal` before: its attempts count apart (attempt-limiter.ts). */
  isKnownBrowser(db: DbOrTrx, principal: P, fingerprint: string): Promise<boolean>;
  open(trx: Trx, opening: { principal: P; client: SignInClient; keepLogin: boolean }): Promise<{ token: string }>;
}

export interface SignInSteps<P extends Principal> {
  db: Database;
  limiter: AttemptLimiter;
  /** Throws 423 (Recaptcha verify fail) when the token is refused (lib/recaptcha.ts). */
  verifyRecaptcha(token: string | undefined, ip: string): Promise<void>;
  sessions: SessionStore<P>;
}

export interface SignInRequest<C> {
  credentials: C;
  client: SignInClient;
  keepLogin: boolean;
  /** Set by routes that ask for reCAPTCHA: the token the client sent, if any. */
  recaptcha?: { token: string | undefined };
}

export type SignIn<P extends Principal> = <C, K extends Claim<P>>(
  strategy: CredentialStrategy<C, P, K>,
  request: SignInRequest<C>,
) => Promise<{ token: string }>;

/**
 * The sign-in pipeline: attempt limiter → reCAPTCHA (when the route asks) → credential strategy →
 * a failure's audit entry (401) or a session. Every sign-in method is a strategy run through it.
 */
export function createSignIn<P extends Principal>(steps: SignInSteps<P>): SignIn<P> {
  const { db, limiter, sessions } = steps;
  return async (strategy, { credentials, client, keepLogin, recaptcha }) => {
    const claim = await strategy.claim(credentials);
    const known = claim.principal !== null && (await sessions.isKnownBrowser(db, claim.principal, client.fingerprint));
    const attempt: SignInAttempt = { account: claim.account, ip: client.ip, knownBrowser: known ? client.fingerprint : null };
    await limiter.check(attempt);
    if (recaptcha) await steps.verifyRecaptcha(recaptcha.token, client.ip);

    const verdict = await strategy.verify(credentials, claim);
    if (!verdict.ok) {
      // Nobody is signed in yet: the attempt has no actor; the account it aimed at is the target.
      const who = { actor_id: null, impersonator_id: null, organization_id: null, ip: client.ip, user_agent: client.userAgent };
      await writeAudit(db, who, {
        action: 'login_failed',
        target_type: strategy.principalType,
        target_id: claim.principal?.id ?? null,
        after: claim.attempted,
      });
      throw failureError(verdict.failure);
    }
    await limiter.succeed(attempt);
    const { token } = await db.transaction().execute((trx) => sessions.open(trx, { principal: verdict.principal, client, keepLogin }));
    return { token };
  };
}

/** Admin sign-in as the app wires it: its rate-limit store, reCAPTCHA settings and login devices. */
export const adminSignIn = (app: FastifyInstance): SignIn<AdminPrincipal> =>
  createSignIn({
    db: app.db,
    limiter: attemptLimiter(app),
    verifyRecaptcha: (token, ip) => verifyRecaptcha(app.config, token, ip),
    sessions: adminSessions(app),
  });
