import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTrx, Trx } from '../../db/database.ts';
import { writeAudit } from '../audit.ts';
import { verifyRecaptcha } from '../recaptcha.ts';
import { attemptLimiter, type AttemptLimiter, type SignInAttempt } from './attempt-limiter.ts';
import { failureError, type Claim, type CredentialStrategy } from './credential-strategy.ts';
import type { SignInResponse, TwoFactorStep } from '@bo/shared/schemas/account';
import { adminSessions } from './open-session.ts';
import { adminSecondFactor } from './sign-in-challenge.ts';
import type { AdminPrincipal, Principal } from './principal.ts';
import type { SignInClient } from './sign-in-client.ts';

/** Where the sessions of one principal type live (admins: login devices, open-session.ts). */
export interface SessionStore<P extends Principal> {
  /** Whether this browser has signed in as `principal` before: its attempts count apart (attempt-limiter.ts). */
  isKnownBrowser(db: DbOrTrx, principal: P, fingerprint: string): Promise<boolean>;
  open(trx: Trx, opening: { principal: P; client: SignInClient; keepLogin: boolean }): Promise<{ token: string }>;
}

/**
 * The second step a principal owes after its first factor (two-factor, issue 10): null when none, else
 * the challenge it continues with, opened in the caller's transaction (lib/sign-in/sign-in-challenge.ts).
 */
export type SecondFactorGate<P extends Principal> = (
  trx: Trx,
  opening: { principal: P; client: SignInClient; keepLogin: boolean; method: string },
) => Promise<TwoFactorStep | null>;

export interface SignInSteps<P extends Principal> {
  db: Database;
  limiter: AttemptLimiter;
  /** Throws 423 (Recaptcha verify fail) when the token is refused (lib/recaptcha.ts). */
  verifyRecaptcha(token: string | undefined, ip: string): Promise<void>;
  sessions: SessionStore<P>;
  secondFactor: SecondFactorGate<P>;
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
) => Promise<SignInResponse>;

/**
 * The sign-in pipeline: attempt limiter → reCAPTCHA (when the route asks) → credential strategy →
 * a failure's audit entry (401), the second step two-factor asks for, or a session. Every sign-in
 * method is a strategy run through it; the second step ends in a session through `sessions` too.
 */
export function createSignIn<P extends Principal>(steps: SignInSteps<P>): SignIn<P> {
  const { db, limiter, sessions, secondFactor } = steps;
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
    return db.transaction().execute(async (trx): Promise<SignInResponse> => {
      const opening = { principal: verdict.principal, client, keepLogin };
      const step = await secondFactor(trx, { ...opening, method: strategy.methodOf(credentials) });
      if (step) return { two_factor: step };
      const { token } = await sessions.open(trx, opening);
      return { token };
    });
  };
}

/** Admin sign-in as the app wires it: its rate-limit store, reCAPTCHA settings and login devices. */
export const adminSignIn = (app: FastifyInstance): SignIn<AdminPrincipal> =>
  createSignIn({
    db: app.db,
    limiter: attemptLimiter(app),
    verifyRecaptcha: (token, ip) => verifyRecaptcha(app.config, token, ip),
    sessions: adminSessions(app),
    secondFactor: adminSecondFactor(app.config.jwtSecret),
  });
