import type { Trx, ReadDb } from '../../db/database.ts';
import { visitor } from '../context/principals.ts';
import { runInTransaction, type ContextHost, type WriteContext } from '../context/request-context.ts';
import { afterCommit, refused } from '../identity/code-tries.ts';
import type { AttemptLimiter, SignInAttempt } from './attempt-limiter.ts';
import { failureError, type Claim, type CredentialStrategy } from './credential-strategy.ts';
import type { SignInResponse, TwoFactorStep } from '@bo/shared/schemas/account';
import type { ProvenAccount } from './proven-account.ts';
import type { SignInClient } from './sign-in-client.ts';

/** Where the sessions of one principal type live (admins: login devices, open-session.ts). */
export interface SessionStore<P extends ProvenAccount> {
  /** Whether this browser has signed in as `principal` before: its attempts count apart (attempt-limiter.ts). */
  isKnownBrowser: (db: ReadDb, principal: P, fingerprint: string) => Promise<boolean>;
  /** Opens the session in the sign-in's transaction (`ctx`, a visitor's: the session is audited as `principal`). */
  open(ctx: WriteContext, opening: { principal: P; client: SignInClient; keepLogin: boolean }): Promise<{ token: string }>;
}

/**
 * The second step a principal owes after its first factor (two-factor, issue 10): null when none, else
 * the challenge it continues with, opened in the caller's transaction (lib/sign-in/sign-in-challenge.ts).
 */
export type SecondFactorGate<P extends ProvenAccount> = (
  trx: Trx,
  opening: { principal: P; client: SignInClient; keepLogin: boolean; method: string },
) => Promise<TwoFactorStep | null>;

export interface SignInSteps<P extends ProvenAccount> {
  /** The database and what a transaction's context needs (lib/context/request-context.ts `appHost`). */
  host: ContextHost;
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

export type SignIn<P extends ProvenAccount> = <C, K extends Claim<P>>(
  strategy: CredentialStrategy<C, P, K>,
  request: SignInRequest<C>,
) => Promise<SignInResponse>;

/**
 * The sign-in pipeline: attempt limiter → reCAPTCHA (when the route asks) → credential strategy →
 * in one visitor's transaction, the secret it spends, then a failure's audit entry (401, committed
 * before it is answered), the second step two-factor asks for, or a session. Every sign-in
 * method is a strategy run through it; the second step ends in a session through `sessions` too.
 */
export function createSignIn<P extends ProvenAccount>(steps: SignInSteps<P>): SignIn<P> {
  const { host, limiter, sessions, secondFactor } = steps;
  const { db } = host;
  return async (strategy, { credentials, client, keepLogin, recaptcha }) => {
    const asVisitor = <T>(fn: (ctx: WriteContext) => Promise<T>) => runInTransaction(host, visitor(client), null, fn);
    const claim = await strategy.claim(credentials);
    const known = claim.principal !== null && (await sessions.isKnownBrowser(db, claim.principal, client.fingerprint));
    const attempt: SignInAttempt = { account: claim.account, ip: client.ip, knownBrowser: known ? client.fingerprint : null };
    await limiter.check(attempt);
    if (recaptcha) await steps.verifyRecaptcha(recaptcha.token, client.ip);

    const checked = await strategy.verify(credentials, claim);
    const answer = await afterCommit(
      asVisitor(async (ctx) => {
        const verdict = checked.ok && strategy.spend ? await strategy.spend(ctx.trx, credentials, claim) : checked;
        if (!verdict.ok) {
          // Nobody is signed in yet: the attempt has no actor; the account it aimed at is the target.
          await ctx.audit({
            action: 'login_failed',
            target_type: strategy.principalType,
            target_id: claim.principal?.id ?? null,
            after: claim.attempted,
          });
          // Committed with the entry (and the try a spent secret took), then answered.
          return refused(failureError(verdict.failure));
        }
        const opening = { principal: verdict.principal, client, keepLogin };
        const step = await secondFactor(ctx.trx, { ...opening, method: strategy.methodOf(credentials) });
        if (step) return { two_factor: step };
        const { token } = await sessions.open(ctx, opening);
        return { token };
      }),
    );
    await limiter.succeed(attempt);
    return answer;
  };
}
